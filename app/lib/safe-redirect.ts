// Only same-site paths may be redirect targets (no "//evil.example", no "/\evil", no schemes),
// so a link like /auth?redirectTo=https://evil.example cannot bounce a visitor off the site.

const maxLength = 2048;

export function safeRedirectPath(to: unknown, fallback: string): string {
  if (typeof to !== "string" || to.length === 0 || to.length > maxLength) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters and backslashes are never part of a path we link to.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const base = "http://same.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
