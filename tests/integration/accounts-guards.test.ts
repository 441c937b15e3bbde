import { beforeAll, describe, expect, it } from "vitest";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import * as adminAudit from "#app/routes/admin/audit-log";
import * as adminLayout from "#app/routes/admin/layout";
import * as adminOutbox from "#app/routes/admin/outbox";
import * as adminOverview from "#app/routes/admin/index";
import * as adminUser from "#app/routes/admin/users/$userId";
import * as adminUsers from "#app/routes/admin/users";
import * as meSubscription from "#app/routes/api/v1/me/subscription";
import * as dashboardLayout from "#app/routes/dashboard/layout";
import * as dashboardOverview from "#app/routes/dashboard/index";
import * as dashboardSettings from "#app/routes/dashboard/settings";
import { type Actor, actorCookies, createTestUser } from "#tests/factories/accounts";
import { getRequest, postRequest, run, testContext } from "#tests/factories/route-calls";

// The authorization matrix: every protected loader and action × every kind of visitor. Spec §4 and
// §6: signed out → /auth (with redirectTo, replacing history); /dashboard/* for anyone signed in;
// /admin/* for admins only, others → /dashboard. Both languages.

type Expected = "ok" | "to-auth" | "to-dashboard" | 401;
type Call = (request: Request) => Promise<unknown> | unknown;

interface Case {
  name: string;
  path: string;
  method?: "GET" | "POST";
  fields?: Record<string, string>;
  call: Call;
  expected: Record<Actor, Expected>;
}

const signedIn = { anonymous: "to-auth", user: "ok", business_owner: "ok", admin: "ok" } as const;
const adminOnly = { anonymous: "to-auth", user: "to-dashboard", business_owner: "to-dashboard", admin: "ok" } as const;

let cookies: Record<Actor, string | null>;
let targetUserId: string;

beforeAll(async () => {
  clearRateLimitersForTests();
  cookies = await actorCookies();
  targetUserId = (await createTestUser()).id;
});

function cases(): Case[] {
  const params = { userId: targetUserId };
  const loader =
    (mod: { loader: (args: never) => unknown }, extra: object = {}): Call =>
    (request) =>
      mod.loader({ request, params: {}, context: testContext(), ...extra } as never);
  const action =
    (mod: { action: (args: never) => unknown }, extra: object = {}): Call =>
    (request) =>
      mod.action({ request, params: {}, context: testContext(), ...extra } as never);
  return [
    { name: "dashboard shell", path: "/dashboard", call: loader(dashboardLayout), expected: signedIn },
    { name: "dashboard overview", path: "/dashboard", call: loader(dashboardOverview), expected: signedIn },
    { name: "dashboard settings", path: "/dashboard/settings", call: loader(dashboardSettings), expected: signedIn },
    {
      name: "settings: save profile",
      path: "/dashboard/settings",
      method: "POST",
      fields: { intent: "profile", firstName: "Ana", lastName: "Mora" },
      call: action(dashboardSettings),
      expected: signedIn,
    },
    {
      name: "settings: change password (wrong current)",
      path: "/dashboard/settings",
      method: "POST",
      fields: { intent: "password", currentPassword: "not the password", newPassword: "a brand new passphrase" },
      call: action(dashboardSettings),
      expected: { anonymous: "to-auth", user: "ok", business_owner: "ok", admin: "ok" },
    },
    { name: "admin shell", path: "/admin", call: loader(adminLayout), expected: adminOnly },
    { name: "admin overview", path: "/admin", call: loader(adminOverview), expected: adminOnly },
    { name: "admin users", path: "/admin/users?q=test", call: loader(adminUsers), expected: adminOnly },
    { name: "admin user", path: "/admin/users/x", call: loader(adminUser, { params }), expected: adminOnly },
    {
      name: "admin: grant role",
      path: "/admin/users/x",
      method: "POST",
      fields: { intent: "grant", role: "business_owner" },
      call: action(adminUser, { params }),
      expected: adminOnly,
    },
    {
      name: "admin: revoke role",
      path: "/admin/users/x",
      method: "POST",
      fields: { intent: "revoke", role: "business_owner" },
      call: action(adminUser, { params }),
      expected: adminOnly,
    },
    {
      name: "admin: disable",
      path: "/admin/users/x",
      method: "POST",
      fields: { intent: "enable" },
      call: action(adminUser, { params }),
      expected: adminOnly,
    },
    { name: "admin audit log", path: "/admin/audit-log", call: loader(adminAudit), expected: adminOnly },
    { name: "admin outbox", path: "/admin/outbox", call: loader(adminOutbox), expected: adminOnly },
    {
      name: "GET /api/v1/me/subscription",
      path: "/api/v1/me/subscription",
      call: loader(meSubscription),
      expected: { anonymous: 401, user: "ok", business_owner: "ok", admin: "ok" },
    },
  ];
}

const actors: Actor[] = ["anonymous", "user", "business_owner", "admin"];

describe("authorization matrix", () => {
  for (const language of ["en", "es"] as const) {
    it(`holds for every protected loader and action × every actor (${language})`, async () => {
      const table: string[] = [];
      for (const testCase of cases()) {
        for (const actor of actors) {
          const path = language === "es" && !testCase.path.startsWith("/api/") ? `/es${testCase.path}` : testCase.path;
          const request =
            testCase.method === "POST"
              ? postRequest(path, testCase.fields ?? {}, cookies[actor])
              : getRequest(path, cookies[actor]);
          const result = await run(() => testCase.call(request));
          const expected = testCase.expected[actor];
          const prefix = language === "es" ? "/es" : "";
          let ok: boolean;
          if (expected === "ok")
            ok =
              result.status >= 200 && result.status < 300 ? true : result.status === 400 && testCase.method === "POST";
          else if (expected === "to-auth")
            ok =
              result.status === 302 &&
              result.location === `${prefix}/auth?redirectTo=${encodeURIComponent(path)}` &&
              result.headers.get("X-Remix-Replace") === "true";
          else if (expected === "to-dashboard") ok = result.status === 302 && result.location === `${prefix}/dashboard`;
          else ok = result.status === expected;
          if (!ok)
            table.push(
              `${testCase.name} × ${actor}: expected ${expected}, got ${result.status} ${result.location ?? ""}`,
            );
        }
      }
      expect(table).toEqual([]);
    });
  }

  it("answers the subscription status in the spec's field names", async () => {
    const result = await run(() =>
      meSubscription.loader({
        request: getRequest("/api/v1/me/subscription", cookies.user),
        params: {},
        context: testContext(),
      } as never),
    );
    expect(result.data).toEqual({ subscribed: false, product_id: null, subscription_end: null });
    expect(result.headers.get("Cache-Control")).toContain("no-store");
  });
});
