// Only same-site paths may be redirect targets (no "//evil.example", no "/\evil", no schemes),
// so a link like /auth?redirectTo=https://evil.example cannot bounce a visitor off the site.
//
// The check runs on what the URL parser makes of the input, not on the raw string: "/.//evil"
// and "/%2e%2e//evil" look like paths but normalise to "//evil", which a browser reads as another
// host. So the normalised result is validated again, and so is its percent-decoded form (a proxy
// or a client router may decode "%2F%2F" or "%5C" before the browser sees it).

const maxLength = 2048;
const base = "http://same.invalid";

function isSameSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false;
  try {
    const url = new URL(path, base);
    return url.origin === base && !url.pathname.startsWith("//");
  } catch {
    return false;
  }
}

function decodedOrNull(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

export function safeRedirectPath(to: unknown, fallback: string): string {
  if (typeof to !== "string" || to.length === 0 || to.length > maxLength) return fallback;
  if (!isSameSitePath(to)) return fallback;
  let normalised: string;
  try {
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    normalised = url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
  if (!isSameSitePath(normalised)) return fallback;
  const decoded = decodedOrNull(new URL(normalised, base).pathname);
  if (decoded === null || !isSameSitePath(decoded)) return fallback;
  return normalised;
}
