import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security";

function policy(options: Parameters<typeof securityHeaders>[0]) {
  const headers = new Map<string, string>();
  const res = {
    locals: { cspNonce: "abc" },
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  securityHeaders(options)({} as never, res as never, () => {});
  return Object.fromEntries(
    (headers.get("content-security-policy") ?? "").split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("the content security policy", () => {
  it("allows no third-party script or frame when no ad network is configured", () => {
    const csp = policy({ development: false });
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(csp["frame-src"]).toBeUndefined();
    expect(csp["connect-src"]).toEqual(["'self'"]);
  });

  it("adds the ad network's origins only where its ads need them", () => {
    const csp = policy({ development: false, adOrigins: ["https://ads.example.com"] });
    expect(csp["script-src"]).toContain("https://ads.example.com");
    expect(csp["frame-src"]).toEqual(["'self'", "https://ads.example.com"]);
    expect(csp["img-src"]).toContain("https://ads.example.com");
    expect(csp["connect-src"]).toContain("https://ads.example.com");
    expect(csp["form-action"]).toEqual(["'self'"]);
  });
});
