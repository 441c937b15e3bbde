/**
 * V8 sizes its heap from the machine's memory and, on a large host, lets garbage pile up to
 * gigabytes before collecting it. The server's live data is small (the response cache is bounded by
 * RESPONSE_CACHE_MB; about 60 MB live at start, 130 MB at most under load in bench/pages.mjs), so a
 * ceiling of HEAP_MB (default 256) keeps the process near its real size. Not lower: at 192 the old
 * generation was collected about once a second while pages rendered, and the request a collection
 * fell on took 60–90 ms instead of 15 (docs/operations.md has the figures), for 24 MB less at the
 * bench's peak.
 * An explicit --max-old-space-size in NODE_OPTIONS wins.
 */
export function heapFlags(env = process.env) {
  if ((env.NODE_OPTIONS ?? "").includes("--max-old-space-size")) return [];
  return [`--max-old-space-size=${Number(env.HEAP_MB) > 0 ? Number(env.HEAP_MB) : 256}`];
}

/**
 * glibc gives each thread that allocates its own memory arena (up to 8 per core) and rarely hands
 * their memory back; libvips decodes uploads on threads, so after a few uploads the process keeps
 * what every arena grew to. Two arenas keep it near its real size: six posts of six 24-megapixel
 * images in flight took the peak from 408 to 454 MB with the default and left it at 383 MB with
 * two (bench/image-bombs.mjs). An explicit MALLOC_ARENA_MAX in the environment wins.
 */
export function allocatorEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2" };
}
