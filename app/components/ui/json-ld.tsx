import { useNonce } from "#app/lib/nonce";

/**
 * A page's structured data for search engines. `json` is serialized on the server with "<"
 * escaped, so it cannot close the script; the nonce lets it pass the page's CSP. The nonce is set
 * on the server only, so the attribute differs when the page hydrates: hence no warning for it.
 */
export function JsonLd({ json }: { json: string }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serialized on the server with "<" escaped
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
