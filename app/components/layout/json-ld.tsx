import { useNonce } from "#app/lib/nonce";

/** A page's structured data for search engines, serialized on the server with "<" escaped. */
export function JsonLd({ json }: { json: string }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD serialized on the server with "<" escaped
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
