import { eq } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { alertSubscriptions } from "#app/features/alerts/subscription-schema";
import { subscribeByPush } from "#app/features/alerts/subscriptions.server";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { emailOutbox } from "#app/platform/outbox/schema";
import * as confirmPage from "#app/routes/_public/alerts/confirm";
import * as subscribePage from "#app/routes/_public/alerts/subscribe";
import * as unsubscribePage from "#app/routes/_public/alerts/unsubscribe";
import * as dashboardAlerts from "#app/routes/dashboard/alerts";
import { createTestUser, sessionCookieFor } from "#tests/factories/accounts";
import { getRequest, postRequest, run, shown, testContext } from "#tests/factories/route-calls";
import { startTestPushService } from "#tests/support/test-push-service";

// The subscription pages as a visitor meets them: the email form without JavaScript (what happens
// next, bad input at its field with the value kept, the rate limit), the page script's push post,
// the confirm link that only its button confirms, the one-click unsubscribe (GET and the mail
// client's POST), and the dashboard where a signed-in person sees and removes only their own.

const pushService = await startTestPushService();
const vapid = webpush.generateVAPIDKeys();
process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
process.env.VAPID_SUBJECT = "mailto:alerts@playahub.test";
process.env.WEB_PUSH_EXTRA_ORIGINS = pushService.origin;

afterAll(() => pushService.close());
beforeEach(() => clearRateLimitersForTests());

// biome-ignore lint/suspicious/noExplicitAny: route modules of every shape
const call = (module: any, kind: "loader" | "action", request: Request, ip?: string) =>
  run(() => module[kind]({ request, params: {}, context: testContext(ip) }));

async function emailsTo(address: string) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, address));
}

describe("subscribe page", () => {
  it("offers Web Push with the site's public key, and the areas and kinds in the page's language", async () => {
    const page = await call(subscribePage, "loader", getRequest("/es/alerts/subscribe"));
    expect(page.status).toBe(200);
    expect(page.data.pushKey).toBe(vapid.publicKey);
    expect(page.data.areas.map((area: { slug: string }) => area.slug)).toContain("playa-flamingo");
    expect(page.data.kinds.find((kind: { value: string }) => kind.value === "red-tide")?.label).toBeTruthy();
    expect(page.data.head.noindex).toBe(true);
  });

  it("subscribes an email without JavaScript and says a confirmation link is on its way", async () => {
    const address = `form-${Date.now()}@example.test`;
    const answer = await call(
      subscribePage,
      "action",
      postRequest("/es/alerts/subscribe", {
        intent: "email",
        email: address,
        areas: "playa-flamingo",
        kinds: "red-tide",
      }),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/es/alerts/subscribe?sent=email");
    const [row] = await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, address));
    expect(row).toMatchObject({ channel: "email", language: "es", areas: ["playa-flamingo"], kinds: ["red-tide"] });
    expect(row.confirmedAt).toBeNull();
    const [mail] = await emailsTo(address);
    expect(mail.subject).toBe("Confirme sus alertas de Playa Hub");
    expect(mail.text).toContain("/es/alerts/confirm?token=");
  });

  it("confirms a signed-in person's own address at once", async () => {
    const person = await createTestUser();
    const answer = await call(
      subscribePage,
      "action",
      postRequest("/alerts/subscribe", { intent: "email", email: person.email }, await sessionCookieFor(person.id)),
    );
    expect(answer.location).toBe("/alerts/subscribe?sent=confirmed");
    const [row] = await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, person.email));
    expect(row.userId).toBe(person.id);
    expect(row.confirmedAt).not.toBeNull();
    expect(await emailsTo(person.email)).toEqual([]);
  });

  it("answers bad input at its field in the visitor's language, keeping what was typed, and writes nothing", async () => {
    const answer = await call(
      subscribePage,
      "action",
      postRequest("/es/alerts/subscribe", { intent: "email", email: "not-an-address", areas: "playa-flamingo" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result.initialValue).toMatchObject({ email: "not-an-address", areas: "playa-flamingo" });
    expect(await shown("es", answer.data.result.error.email[0])).toBe(
      "Escriba un correo válido, como nombre@ejemplo.com.",
    );
    const unknownArea = await call(
      subscribePage,
      "action",
      postRequest("/alerts/subscribe", { intent: "email", email: "area@example.test", areas: "atlantis" }),
    );
    expect(unknownArea.status).toBe(400);
    expect(await shown("en", unknownArea.data.result.error.areas[0])).toBe("Choose from the list.");
    expect(
      await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, "area@example.test")),
    ).toEqual([]);
  });

  it("limits how many subscriptions one address sends and one email receives", async () => {
    const ip = "192.0.2.77";
    const answers = [];
    for (let i = 0; i < 11; i += 1)
      answers.push(
        await call(
          subscribePage,
          "action",
          postRequest("/alerts/subscribe", { intent: "email", email: `burst-${i}@example.test` }),
          ip,
        ),
      );
    expect(answers.slice(0, 10).every((answer) => answer.status === 302)).toBe(true);
    expect(answers[10].status).toBe(429);
    const target = "target@example.test";
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (await call(subscribePage, "action", postRequest("/alerts/subscribe", { intent: "email", email: target })))
          .status,
      );
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect((await emailsTo(target)).length).toBe(3);
  });

  it("takes a browser's push subscription from the page's script and hands back the device's token", async () => {
    const subscription = pushService.subscribe();
    const fields = {
      intent: "push",
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      kinds: "power",
    };
    const answer = await call(subscribePage, "action", postRequest("/es/alerts/subscribe", fields));
    expect(answer.status).toBe(200);
    expect(answer.data.push.token).toMatch(/^[\w-]{43}$/);
    const [row] = await getDb()
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.endpoint, subscription.endpoint));
    expect(row).toMatchObject({ channel: "push", language: "es", kinds: ["power"], token: answer.data.push.token });
    expect(row.confirmedAt).not.toBeNull();
    const broken = await call(subscribePage, "action", postRequest("/alerts/subscribe", { ...fields, p256dh: "xyz" }));
    expect(broken.status).toBe(400);
    expect(await shown("en", broken.data.error)).toMatch(/incomplete subscription/);
    const elsewhere = await call(
      subscribePage,
      "action",
      postRequest("/alerts/subscribe", { ...fields, endpoint: "https://169.254.169.254/latest" }),
    );
    expect(elsewhere.status).toBe(400);
    expect(await shown("en", elsewhere.data.error)).toMatch(/not one we can send to/);
  });
});

describe("confirm and unsubscribe links", () => {
  it("shows the address on opening the link and confirms only with the button", async () => {
    const address = `link-${Date.now()}@example.test`;
    await call(subscribePage, "action", postRequest("/alerts/subscribe", { intent: "email", email: address }));
    const [mail] = await emailsTo(address);
    const token = mail.text.match(/token=([\w-]{43})/)?.[1] as string;
    const opened = await call(confirmPage, "loader", getRequest(`/alerts/confirm?token=${token}`));
    expect(opened.data).toMatchObject({ email: address, confirmed: false });
    const [before] = await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, address));
    expect(before.confirmedAt).toBeNull();
    const pressed = await call(confirmPage, "action", postRequest("/alerts/confirm", { token }));
    expect(pressed.data).toMatchObject({ done: true });
    const [after] = await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, address));
    expect(after.confirmedAt).not.toBeNull();

    const bad = await call(confirmPage, "loader", getRequest("/es/alerts/confirm?token=nope"));
    expect(bad.status).toBe(404);
  });

  it("stops a subscription in one click (GET) and by the mail client's one-click POST; a bad link is not found", async () => {
    const address = `stop-${Date.now()}@example.test`;
    await call(subscribePage, "action", postRequest("/alerts/subscribe", { intent: "email", email: address }));
    const [row] = await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, address));
    const page = await call(unsubscribePage, "loader", getRequest(`/es/alerts/unsubscribe?token=${row.token}`));
    expect(page.status).toBe(200);
    expect(page.data.head.title).toBe("Alertas canceladas");
    expect(await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.email, address))).toEqual([]);

    const device = pushService.subscribe();
    const { token } = await subscribeByPush({
      actor: null,
      input: {
        intent: "push",
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        areas: [],
        kinds: [],
      },
      language: "en",
      ip: "192.0.2.8",
    });
    const oneClick = await call(
      unsubscribePage,
      "action",
      postRequest(`/alerts/unsubscribe?token=${token}`, { "List-Unsubscribe": "One-Click" }),
    );
    expect(oneClick.status).toBe(200);
    expect(await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.token, token))).toEqual([]);

    const bad = await call(unsubscribePage, "loader", getRequest("/alerts/unsubscribe?token=%27%20or%201%3D1"));
    expect(bad.status).toBe(404);
  });
});

describe("dashboard alerts", () => {
  it("lists the person's own subscriptions and removes only theirs", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const ownerCookie = await sessionCookieFor(owner.id);
    await call(
      subscribePage,
      "action",
      postRequest("/alerts/subscribe", { intent: "email", email: owner.email, areas: "surfside" }, ownerCookie),
    );
    const device = pushService.subscribe();
    await subscribeByPush({
      actor: { id: other.id, role: "user" },
      input: {
        intent: "push",
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        areas: [],
        kinds: [],
      },
      language: "en",
      ip: "192.0.2.9",
    });
    const page = await call(dashboardAlerts, "loader", getRequest("/dashboard/alerts", ownerCookie));
    expect(page.data.subscriptions).toHaveLength(1);
    expect(page.data.subscriptions[0]).toMatchObject({ channel: "email", label: owner.email, confirmed: true });
    expect(page.data.subscriptions[0].areaNames).toEqual(["Surfside & Potrero"]);

    const [theirs] = await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.userId, other.id));
    const refused = await call(
      dashboardAlerts,
      "action",
      postRequest("/dashboard/alerts", { intent: "remove", subscriptionId: theirs.id }, ownerCookie),
    );
    expect(refused.status).toBe(404);
    expect(await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.id, theirs.id))).toHaveLength(1);

    const removed = await call(
      dashboardAlerts,
      "action",
      postRequest(
        "/dashboard/alerts",
        { intent: "remove", subscriptionId: page.data.subscriptions[0].id },
        ownerCookie,
      ),
    );
    expect(removed.status).toBe(302);
    expect(await getDb().select().from(alertSubscriptions).where(eq(alertSubscriptions.userId, owner.id))).toEqual([]);
  });
});
