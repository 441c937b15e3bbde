import { describe, expect, it } from "vitest";
import { httpRequests } from "#app/lib/metrics.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import * as systemRoute from "#app/routes/admin/system";
import { createSignedInUser } from "#tests/factories/accounts";
import { loadPage } from "#tests/factories/route-calls";

const load = (cookie: string | null, path = "/admin/system") => loadPage(systemRoute, path, cookie);

describe("admin: system", () => {
  it("is refused to visitors, users and business owners", async () => {
    const anonymous = await load(null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
    for (const roles of [[], ["business_owner"]] as const) {
      const { cookie } = await createSignedInUser({ roles: [...roles] });
      expect(await load(cookie)).toMatchObject({ status: 302, location: "/dashboard" });
      expect(await load(cookie, "/es/admin/system")).toMatchObject({ status: 302, location: "/es/dashboard" });
    }
  });

  it("shows an admin the database, the outbox backlog, request figures and uptime", async () => {
    const { cookie } = await createSignedInUser({ roles: ["admin"] });
    await sendEmail({ to: "backlog@example.test", subject: "waiting", text: "…" });
    httpRequests.inc({ method: "GET", route: "/business/:slug", status: "200" }, 3);
    httpRequests.inc({ method: "GET", route: "/business/:slug", status: "500" });
    const page = await load(cookie);
    expect(page.status).toBe(200);
    const { database, outbox, metrics } = page.data;
    expect(database.kind).toBe(process.env.DB_KIND === "postgres" ? "postgres" : "pglite");
    expect(database.version).toMatch(/^PostgreSQL \d+/);
    expect(database.sizeBytes).toBeGreaterThan(0);
    if (database.kind === "postgres") expect(database.pool.total).toBeGreaterThan(0);
    const waiting = (outbox.byStatus.pending ?? 0) + (outbox.byStatus.kept ?? 0);
    expect(waiting).toBeGreaterThan(0);
    const route = metrics.routes.find((row: { route: string }) => row.route === "/business/:slug");
    expect(route).toMatchObject({ requests: 4, errors: 1 });
    expect(page.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});
