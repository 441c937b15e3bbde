// Redirect targets that try to leave the site: protocol-relative and backslash hosts, dot segments
// and percent-escapes that normalise to "//host", control characters, schemes. Shared by every
// test that checks a Location header.

export const hostileRedirectTargets = [
  "//evil.example",
  "//evil.example/path",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/%2F%2Fevil.example",
  "/%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
  "/%252F%252Fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/\u0000/evil.example",
  "https://evil.example",
  "HTTPS://evil.example",
  "http:evil.example",
  "//EVIL.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  " /dashboard",
  "",
  "/".padEnd(3000, "a"),
];

/** The ones an HTTP client can send as they are in a request path (no whitespace or controls). */
export const hostileRequestPaths = hostileRedirectTargets.filter(
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  (target) => target.startsWith("/") && target.length < 200 && !/[\s\u0000-\u001f\u007f]/.test(target),
);

/** True when a browser following `location` from `origin` stays on `origin`, also after one decoding. */
export function staysOnSite(location: string | null | undefined, origin: string): boolean {
  if (!location) return true;
  if (new URL(location, origin).origin !== origin) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(location);
  } catch {
    return false;
  }
  return !/^[/\\][/\\]/.test(decoded) && new URL(decoded, origin).origin === origin;
}
