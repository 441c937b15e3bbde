import { request as httpRequest } from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { siteOrigin, siteUrlWarning } from "#app/lib/env.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { listOutbox, setEmailTransport } from "#app/platform/outbox/outbox.server";
import * as forgotRoute from "#app/routes/auth/forgot-password";
import { createTestUser } from "#tests/factories/accounts";
import { callRoute } from "#tests/factories/route-calls";
import { startTestServer } from "./support/server";

// Host-header poisoning: with SITE_URL unset, a password-reset request sent with
// "Host: evil.example" emailed a valid token on evil.example (account takeover). Emailed links now
// come from configuration only: SITE_URL, else http://localhost:PORT.

const server = startTestServer();

beforeEach(() => {
  clearRateLimitersForTests();
  setEmailTransport(null);
});

async function latestEmailTo(to: string) {
  const { entries } = await listOutbox({ to });
  return entries[0];
}

/** A raw HTTP request: fetch will not let us choose the Host header. */
function rawPost(path: string, host: string, fields: Record<string, string>) {
  const url = new URL(server.origin);
  const body = new URLSearchParams(fields).toString();
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path,
        method: "POST",
        headers: {
          host,
          "x-forwarded-host": host,
          "x-forwarded-proto": "https",
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function linksIn(text: string) {
  return text.match(/https?:\/\/[^\s)]+/g) ?? [];
}

describe("emailed links ignore the request's Host", () => {
  it("a password reset asked for with Host: evil.example links to the configured site", async () => {
    const user = await createTestUser();
    const status = await rawPost("/auth/forgot-password", "evil.example", { email: user.email });
    expect(status).toBe(200);
    const email = await latestEmailTo(user.email);
    expect(email?.text).toBeDefined();
    const links = linksIn(email.text);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).not.toContain("evil.example");
      expect(link.startsWith(`${siteOrigin()}/`)).toBe(true);
    }
    expect(links.some((link) => link.includes("/auth/reset-password?token="))).toBe(true);
  });

  it("so does the confirmation link of a sign-up, and the notice to an address already registered", async () => {
    const email = `host-${Date.now()}@example.test`;
    const fields = { intent: "sign-up", firstName: "Ana", lastName: "Mora", email, password: "a long unusual phrase" };
    expect(await rawPost("/es/auth", "evil.example:8443", fields)).toBe(200);
    const confirmation = await latestEmailTo(email);
    expect(linksIn(confirmation.text).some((link) => link.startsWith(`${siteOrigin()}/es/auth/verify?token=`))).toBe(
      true,
    );
    expect(confirmation.text).not.toContain("evil.example");

    expect(await rawPost("/auth", "evil.example", fields)).toBe(200);
    const notice = await latestEmailTo(email);
    expect(notice.id).not.toBe(confirmation.id);
    expect(linksIn(notice.text).length).toBeGreaterThan(0);
    expect(notice.text).not.toContain("evil.example");
  });

  it("the same when the route is called with a forged request URL (what the adapter builds from Host)", async () => {
    const user = await createTestUser();
    const request = new Request("https://evil.example/auth/forgot-password", {
      method: "POST",
      headers: {
        host: "evil.example",
        "x-forwarded-host": "evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email: user.email }).toString(),
    });
    const result = await callRoute(forgotRoute, "action", request);
    expect(result.status).toBe(200);
    const email = await latestEmailTo(user.email);
    expect(email.text).not.toContain("evil.example");
    expect(email.text).toContain(`${siteOrigin()}/auth/reset-password?token=`);
  });

  it("without SITE_URL the origin is http://localhost:PORT, and start-up warns about it once", () => {
    if (process.env.SITE_URL) return;
    expect(siteOrigin()).toMatch(/^http:\/\/localhost:\d+$/);
    const warning = siteUrlWarning();
    expect(warning).toContain(siteOrigin());
    expect(siteUrlWarning()).toBeNull();
  });
});
