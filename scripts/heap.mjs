/**
 * V8 sizes its heap from the machine's memory and, on a large host, lets garbage pile up to
 * gigabytes before collecting it. The server's live data is small (the response cache is bounded by
 * RESPONSE_CACHE_MB; about 60 MB live at start, 130 MB at most under load in bench/pages.mjs), so a
 * ceiling of HEAP_MB (default 192) keeps the process near its real size.
 * An explicit --max-old-space-size in NODE_OPTIONS wins.
 */
export function heapFlags(env = process.env) {
  if ((env.NODE_OPTIONS ?? "").includes("--max-old-space-size")) return [];
  return [`--max-old-space-size=${Number(env.HEAP_MB) > 0 ? Number(env.HEAP_MB) : 192}`];
}
