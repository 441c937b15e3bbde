import { readStoredFile } from "#app/lib/storage.server";
import type { Route } from "./+types/$";

/**
 * Serves stored uploads. Keys are random and files never change, so they cache for a year. Files
 * under private/ (a SINPE receipt) are never served here: their own routes check who asks.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const file = key.startsWith("private/") ? null : await readStoredFile(key);
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
