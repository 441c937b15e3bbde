import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { isAppError } from "#app/lib/errors";
import { clearRateLimitersForTests, consumeRateLimit } from "#app/lib/rate-limit.server";
import { runInRequestScope } from "#app/lib/request-scope.server";
import { readRole } from "#app/platform/accounts/auth.server";
import { listAuditLog, writeAuditLog } from "#app/platform/audit/audit.server";
import {
  countOutboxByStatus,
  drainOutbox,
  listOutbox,
  sendEmail,
  setEmailTransport,
} from "#app/platform/outbox/outbox.server";
import { userRoles } from "#app/platform/people/schema";
import { plans, subscriptions } from "#app/platform/plans/schema";
import { checkSubscription } from "#app/platform/plans/subscription.server";
import { getSessionUser, requirePermission, requireUser } from "#app/web/session.server";
import { createTestUser, signInCookie } from "#tests/factories/accounts";

function request(path: string, cookie?: string | null) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
}

async function thrownResponse(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

beforeEach(() => clearRateLimitersForTests());

describe("plans and check-subscription", () => {
  it("seeds the four listing plans and the agent plan (real estate)", async () => {
    const rows = await getDb().select({ id: plans.id }).from(plans).orderBy(plans.sortOrder);
    expect(rows.map((row) => row.id)).toEqual(["free", "basic", "premium", "enterprise", "agent"]);
  });

  it("answers not subscribed without a plan, and the best live paid plan with one", async () => {
    const user = await createTestUser();
    expect(await checkSubscription(user.id)).toEqual({ subscribed: false, product_id: null, subscription_end: null });
    const end = new Date(Date.now() + 30 * 86_400_000);
    await getDb()
      .insert(subscriptions)
      .values([
        { userId: user.id, planId: "basic", currentPeriodEnd: end },
        { userId: user.id, planId: "premium", currentPeriodEnd: end },
        { userId: user.id, planId: "enterprise", status: "canceled" },
      ]);
    expect(await checkSubscription(user.id)).toEqual({
      subscribed: true,
      product_id: "premium",
      subscription_end: end.toISOString(),
    });
  });

  it("ignores expired and free subscriptions", async () => {
    const user = await createTestUser();
    await getDb()
      .insert(subscriptions)
      .values([
        { userId: user.id, planId: "premium", currentPeriodEnd: new Date(Date.now() - 1000) },
        { userId: user.id, planId: "free" },
      ]);
    expect((await checkSubscription(user.id)).subscribed).toBe(false);
  });

  it("logs a failure and answers not subscribed", async () => {
    const db = getDb();
    const spy = vi.spyOn(db, "select").mockImplementationOnce(() => {
      throw new Error("connection lost");
    });
    expect(await checkSubscription("anyone")).toEqual({ subscribed: false, product_id: null, subscription_end: null });
    spy.mockRestore();
  });
});

describe("role resolution from user_roles", () => {
  it("reads the stored rows: none → user, business_owner, admin beats business_owner", async () => {
    const plain = await createTestUser();
    const owner = await createTestUser({ roles: ["business_owner"] });
    const both = await createTestUser({ roles: ["business_owner", "admin"] });
    expect(await readRole(plain.id)).toBe("user");
    expect(await readRole(owner.id)).toBe("business_owner");
    expect(await readRole(both.id)).toBe("admin");
  });

  it("a read error is logged and falls back to user", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const db = getDb();
    const spy = vi.spyOn(db, "select").mockImplementationOnce(() => {
      throw new Error("read failed");
    });
    expect(await readRole(admin.id)).toBe("user");
    spy.mockRestore();
    expect(await readRole(admin.id)).toBe("admin");
  });
});

describe("guards", () => {
  it("send a signed-out visitor to /auth in their language, replacing history, with redirectTo", async () => {
    const en = await thrownResponse(() => requireUser(request("/dashboard/settings?x=1")));
    expect(en.status).toBe(302);
    expect(en.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/dashboard/settings?x=1")}`);
    expect(en.headers.get("X-Remix-Replace")).toBe("true");
    const es = await thrownResponse(() => requirePermission(request("/es/admin/users"), "manage:user:any"));
    expect(es.headers.get("Location")).toBe(`/es/auth?redirectTo=${encodeURIComponent("/es/admin/users")}`);
  });

  it("send a signed-in non-admin from /admin to /dashboard", async () => {
    const owner = await createTestUser({ roles: ["business_owner"] });
    const cookie = await signInCookie(owner.email);
    const response = await thrownResponse(() => requirePermission(request("/es/admin", cookie), "read:admin:any"));
    expect(response.headers.get("Location")).toBe("/es/dashboard");
    expect((await requirePermission(request("/dashboard", cookie), "read:owner-tools:any")).role).toBe(
      "business_owner",
    );
  });

  it("let an admin through, with the profile fields", async () => {
    const admin = await createTestUser({ roles: ["admin"], firstName: "Marta" });
    const user = await requirePermission(request("/admin", await signInCookie(admin.email)), "read:admin:any");
    expect(user).toMatchObject({
      id: admin.id,
      email: admin.email,
      firstName: "Marta",
      role: "admin",
      emailVerified: true,
    });
  });

  it("treat a forged or unknown cookie as signed out", async () => {
    expect(await getSessionUser(request("/", "playa.session_token=forged.value"))).toBeNull();
    expect(await getSessionUser(request("/", "other=1"))).toBeNull();
  });

  it("see a role change on the next request (no stale role in the session)", async () => {
    const user = await createTestUser();
    const cookie = await signInCookie(user.email);
    expect((await getSessionUser(request("/", cookie)))?.role).toBe("user");
    await getDb().insert(userRoles).values({ userId: user.id, role: "admin" });
    expect((await getSessionUser(request("/", cookie)))?.role).toBe("admin");
    await getDb().delete(userRoles).where(eq(userRoles.userId, user.id));
    expect((await getSessionUser(request("/", cookie)))?.role).toBe("user");
  });

  it("are looked up once per page view across its loaders, but again after a form post's action", async () => {
    const user = await createTestUser();
    const cookie = await signInCookie(user.email);
    // Each loader of a page gets its own Request; the HTTP request's scope is what they share.
    await runInRequestScope({}, async () => {
      expect((await getSessionUser(request("/dashboard", cookie)))?.role).toBe("user");
      await getDb().insert(userRoles).values({ userId: user.id, role: "admin" });
      expect((await getSessionUser(request("/dashboard", cookie)))?.role).toBe("user");
      // Another visitor's cookie in the same scope is never handed the first one's answer.
      expect(await getSessionUser(request("/dashboard", "playa.session_token=forged.value"))).toBeNull();
    });
    await runInRequestScope({}, async () => {
      const post = new Request("http://localhost/dashboard", { method: "POST", headers: { cookie } });
      expect((await getSessionUser(post))?.role).toBe("admin");
      await getDb().delete(userRoles).where(eq(userRoles.userId, user.id));
      expect((await getSessionUser(new Request(post.url, { method: "POST", headers: { cookie } })))?.role).toBe("user");
    });
  });
});

describe("rate limits", () => {
  it("allow `points` attempts in the window, then throw rate_limited with the wait", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1)
      await consumeRateLimit({ key: "test:a", points: 3, durationSeconds: 120 });
    try {
      await consumeRateLimit({ key: "test:a", points: 3, durationSeconds: 120 });
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.code).toBe("rate_limited");
      expect(isAppError(error) && error.status).toBe(429);
      expect(isAppError(error) && (error.details?.retryAfterSeconds as number)).toBeGreaterThan(0);
    }
    // Another key has its own budget.
    await expect(consumeRateLimit({ key: "test:b", points: 3, durationSeconds: 120 })).resolves.toEqual({
      remaining: 2,
    });
  });
});

describe("audit log", () => {
  it("writes inside the caller's transaction and lists newest first with the actor", async () => {
    const admin = await createTestUser({ roles: ["admin"], firstName: "Ana" });
    await writeAuditLog({ actorId: admin.id, action: "test.first", targetType: "thing", targetId: "1" });
    await expect(
      getDb().transaction(async (tx) => {
        await writeAuditLog({ actorId: admin.id, action: "test.rolled-back", targetType: "thing", targetId: "2" }, tx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await writeAuditLog({
      actorId: null,
      action: "test.second",
      targetType: "thing",
      targetId: "1",
      details: { n: 2 },
    });
    const { entries } = await listAuditLog({ targetType: "thing" });
    expect(entries.map((entry) => entry.action)).toEqual(["test.second", "test.first"]);
    expect(entries[0].actor).toBeNull();
    expect(entries[0].details).toEqual({ n: 2 });
    expect(entries[1].actor?.email).toBe(admin.email);
  });
});

describe("email outbox", () => {
  it("keeps emails in the outbox when no SMTP is configured", async () => {
    setEmailTransport(null);
    await sendEmail({ to: "kept@example.test", subject: "Hello", text: "Body" });
    const { entries } = await listOutbox({ to: "kept@" });
    expect(entries[0]).toMatchObject({ to: "kept@example.test", subject: "Hello", status: "kept" });
  });

  it("joins the caller's transaction: a rollback leaves no email", async () => {
    setEmailTransport(null);
    await expect(
      getDb().transaction(async (tx) => {
        await sendEmail({ to: "ghost@example.test", subject: "Never", text: "Never" }, tx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow();
    expect((await listOutbox({ to: "ghost@" })).total).toBe(0);
  });

  it("with SMTP, the drain sends pending emails once and retries failures", async () => {
    const sent: string[] = [];
    let fail = true;
    setEmailTransport({
      async sendMail(message) {
        if (message.to === "flaky@example.test" && fail) throw new Error("421 try later");
        sent.push(message.to);
      },
    });
    await sendEmail({ to: "ok@example.test", subject: "One", text: "1" });
    await sendEmail({ to: "flaky@example.test", subject: "Two", text: "2" });
    // sendEmail also schedules a drain 200 ms later; on a slow machine that one may get there
    // first. Rows are locked while sent, so between them each email is tried exactly once.
    await drainOutbox();
    await vi.waitFor(async () => {
      expect((await listOutbox({ to: "flaky@" })).entries[0]).toMatchObject({
        status: "pending",
        attempts: 1,
        lastError: "421 try later",
      });
    });
    expect(sent).toEqual(["ok@example.test"]);
    expect(await drainOutbox()).toEqual({ sent: 0, failed: 0 }); // nothing due: the retry waits
    fail = false;
    const counts = await countOutboxByStatus();
    expect(counts.sent).toBeGreaterThanOrEqual(1);
    setEmailTransport(undefined);
  });

  it("refuses a recipient with a line break (header injection)", async () => {
    await expect(sendEmail({ to: "a@example.test\r\nBcc: x@evil.test", subject: "x", text: "x" })).rejects.toThrow();
  });

  it("carries a reply-to and the unsubscribe headers to SMTP, and refuses any other header or a forged reply-to", async () => {
    const messages: { replyTo?: string; headers?: Record<string, string> }[] = [];
    setEmailTransport({
      async sendMail(message) {
        messages.push({ replyTo: message.replyTo, headers: message.headers });
      },
    });
    await sendEmail({
      to: "seller@example.test",
      subject: "About your ad",
      text: "Hi",
      replyTo: "relay+abc@example.test",
      headers: { "List-Unsubscribe": "<https://example.test/u?t=1>" },
    });
    // Sent by this drain or by the one sendEmail scheduled, whichever came first.
    await drainOutbox();
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    expect(messages).toEqual([
      { replyTo: "relay+abc@example.test", headers: { "List-Unsubscribe": "<https://example.test/u?t=1>" } },
    ]);
    setEmailTransport(undefined);
    const forged = [
      { replyTo: "a@example.test\r\nBcc: x@evil.test" },
      { replyTo: "a@example.test, x@evil.test" },
      { headers: { Bcc: "x@evil.test" } as Record<string, string> },
      { headers: { "List-Unsubscribe": "<https://x>\r\nBcc: x@evil.test" } },
    ];
    for (const extra of forged) {
      await expect(sendEmail({ to: "b@example.test", subject: "x", text: "x", ...extra })).rejects.toThrow();
    }
    expect((await listOutbox({ to: "b@example.test" })).total).toBe(0);
  });
});
