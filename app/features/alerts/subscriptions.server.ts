import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertSignedIn } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { emailLink } from "#app/platform/accounts/auth.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { userSummaries } from "#app/platform/people/people.server";
import { areaNamesBySlug } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { isAlertKind } from "./constants";
import { isAllowedPushEndpoint, webPushSettings } from "./push.server";
import {
  type EmailSubscriptionInput,
  emailSubscriptionSchema,
  type PushSubscriptionInput,
  pushSubscriptionSchema,
  subscriptionTokenPattern,
} from "./subscription-forms";
import { alertSubscriptions } from "./subscription-schema";

// Subscriptions to alerts, by area and kind, through Web Push or email. Anyone may subscribe,
// signed in or not. An email address gets one email with a confirmation link and nothing else
// until that link's button is pressed (anyone can type anyone's address); a signed-in person's own
// account address is confirmed at once. Every email carries a one-click unsubscribe link; a
// browser's push subscription is confirmed by the browser that made it. docs/alerts.md.

/** Per sender address and per typed address, like the site's other public forms. */
export const subscriptionRateLimit = { perIp: 10, perEmail: 3, windowSeconds: 60 * 60 } as const;

const newToken = () => randomBytes(32).toString("base64url");

async function checkChoice(areas: readonly string[], kinds: readonly string[], executor: Executor) {
  if (kinds.some((kind) => !isAlertKind(kind)))
    throw new AppError("invalid", "alerts:subscriptions.errors.choice", { field: "kinds" });
  if (areas.length) {
    const known = await areaNamesBySlug(executor);
    if (areas.some((area) => !known.has(area)))
      throw new AppError("invalid", "alerts:subscriptions.errors.choice", { field: "areas" });
  }
}

async function sendConfirmation(
  row: { email: string; token: string; language: Language },
  alreadyConfirmed: boolean,
  tx: Executor,
) {
  const t = await getTranslator(row.language);
  const unsubscribe = emailLink("/alerts/unsubscribe", row.language, { token: row.token });
  // The email carries the site's words only: nothing the visitor typed reaches an address nobody confirmed.
  await sendEmail(
    alreadyConfirmed
      ? {
          to: row.email,
          subject: t("alerts:subscriptions.emails.already.subject"),
          text: t("alerts:subscriptions.emails.already.text", {
            unsubscribe,
            alerts: emailLink("/alerts", row.language),
          }),
          headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        }
      : {
          to: row.email,
          subject: t("alerts:subscriptions.emails.confirm.subject"),
          text: t("alerts:subscriptions.emails.confirm.text", {
            confirm: emailLink("/alerts/confirm", row.language, { token: row.token }),
          }),
        },
    tx,
  );
}

/**
 * Subscribes an email address. Signed in with the account's own address: confirmed now. Any other
 * address: one email with a confirmation link (an address already confirmed gets a note with its
 * unsubscribe link instead, and its choice stays). The answer never says which happened to an
 * address that is not the visitor's own, so the form tells nobody who is subscribed.
 */
export async function subscribeByEmail(
  options: { actor: Actor | null; input: EmailSubscriptionInput; language: Language; ip: string },
  executor?: Executor,
): Promise<{ confirmed: boolean }> {
  // Validated again here: the domain does not trust its caller.
  const input = emailSubscriptionSchema.parse(options.input);
  await consumeRateLimit({
    key: `alerts:subscribe:ip:${options.ip}`,
    points: subscriptionRateLimit.perIp,
    durationSeconds: subscriptionRateLimit.windowSeconds,
  });
  if (input.website?.trim()) {
    logger.info({ ip: options.ip }, "alert subscription honeypot filled; nothing stored");
    return { confirmed: false };
  }
  await consumeRateLimit({
    key: `alerts:subscribe:email:${input.email}`,
    points: subscriptionRateLimit.perEmail,
    durationSeconds: subscriptionRateLimit.windowSeconds,
  });
  const account = options.actor ? (await userSummaries([options.actor.id])).get(options.actor.id) : undefined;
  const ownAddress = account !== undefined && account.email.toLowerCase() === input.email;
  return writeEmailSubscription({ actor: options.actor, input, language: options.language, ownAddress }, executor);
}

/** subscribeByEmail's transaction, once the limits are spent. No public page shows a subscription. */
const writeEmailSubscription = defineWrite(
  { contentKinds: [] },
  async (
    options: { actor: Actor | null; input: EmailSubscriptionInput; language: Language; ownAddress: boolean },
    tx: Executor,
  ): Promise<{ confirmed: boolean }> => {
    const { input, language, ownAddress } = options;
    await checkChoice(input.areas, input.kinds, tx);
    const [existing] = await tx
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.email, input.email))
      .for("update");
    const userId = ownAddress && options.actor ? options.actor.id : null;
    if (existing?.confirmedAt && !ownAddress) {
      await sendConfirmation({ email: input.email, token: existing.token, language }, true, tx);
      return { confirmed: false };
    }
    const values = {
      areas: input.areas,
      kinds: input.kinds,
      language,
      confirmedAt: ownAddress ? (existing?.confirmedAt ?? new Date()) : null,
      ...(userId ? { userId } : {}),
    };
    if (existing) {
      await tx.update(alertSubscriptions).set(values).where(eq(alertSubscriptions.id, existing.id));
    } else {
      await tx
        .insert(alertSubscriptions)
        .values({ channel: "email", email: input.email, token: newToken(), ...values });
    }
    if (!ownAddress) {
      const [row] = await tx
        .select({ token: alertSubscriptions.token })
        .from(alertSubscriptions)
        .where(eq(alertSubscriptions.email, input.email));
      await sendConfirmation({ email: input.email, token: row.token, language }, false, tx);
    }
    return { confirmed: ownAddress };
  },
);

export interface SubscriptionLink {
  channel: "email" | "push";
  email: string | null;
  areas: string[];
  kinds: string[];
  confirmed: boolean;
}

async function findByToken(token: string, executor: Executor) {
  if (!subscriptionTokenPattern.test(token)) return undefined;
  const [row] = await executor.select().from(alertSubscriptions).where(eq(alertSubscriptions.token, token));
  return row;
}

/** What a confirm link names, for its page (the button there confirms). */
export async function readSubscriptionLink(options: { token: string }): Promise<SubscriptionLink> {
  const row = await findByToken(options.token, getDb());
  if (!row) throw new AppError("not_found", "alerts:subscriptions.errors.invalidLink");
  return {
    channel: row.channel as SubscriptionLink["channel"],
    email: row.email,
    areas: row.areas,
    kinds: row.kinds,
    confirmed: row.confirmedAt !== null,
  };
}

/** The confirm page's button: from now on alerts reach this address. A second press is the same success. */
export const confirmEmailSubscription = defineWrite(
  { contentKinds: [] },
  async (options: { actor?: null; token: string }, tx: Executor) => {
    const row = await findByToken(options.token, tx);
    if (!row) throw new AppError("not_found", "alerts:subscriptions.errors.invalidLink");
    if (!row.confirmedAt)
      await tx.update(alertSubscriptions).set({ confirmedAt: new Date() }).where(eq(alertSubscriptions.id, row.id));
    return { email: row.email };
  },
);

/** The link in every alert email, and a device's own "stop": no session needed, the token is the proof. */
export const unsubscribeByToken = defineWrite(
  { contentKinds: [] },
  async (options: { actor?: null; token: string }, tx: Executor) => {
    if (!subscriptionTokenPattern.test(options.token))
      throw new AppError("not_found", "alerts:subscriptions.errors.invalidLink");
    // Already gone (a second click, a mail client's one-click POST after the visit) is the same success.
    await tx.delete(alertSubscriptions).where(eq(alertSubscriptions.token, options.token));
  },
);

/**
 * Subscribes a browser through its push service. The endpoint is a secret URL the browser's push
 * service made; whoever holds it owns the subscription, so posting the same endpoint again updates
 * its choice. Returns the token the page keeps to stop this device later.
 */
export async function subscribeByPush(
  options: { actor: Actor | null; input: PushSubscriptionInput; language: Language; ip: string },
  executor?: Executor,
): Promise<{ token: string }> {
  if (!webPushSettings()) throw new AppError("conflict", "alerts:subscriptions.errors.pushUnavailable");
  const input = pushSubscriptionSchema.parse(options.input);
  await consumeRateLimit({
    key: `alerts:subscribe:ip:${options.ip}`,
    points: subscriptionRateLimit.perIp,
    durationSeconds: subscriptionRateLimit.windowSeconds,
  });
  if (!isAllowedPushEndpoint(input.endpoint))
    throw new AppError("invalid", "alerts:subscriptions.errors.pushEndpoint", { field: "endpoint" });
  return writePushSubscription({ actor: options.actor, input, language: options.language }, executor);
}

const writePushSubscription = defineWrite(
  { contentKinds: [] },
  async (options: { actor: Actor | null; input: PushSubscriptionInput; language: Language }, tx: Executor) => {
    const { input } = options;
    await checkChoice(input.areas, input.kinds, tx);
    const choice = {
      p256dh: input.p256dh,
      auth: input.auth,
      areas: input.areas,
      kinds: input.kinds,
      language: options.language,
      ...(options.actor ? { userId: options.actor.id } : {}),
    };
    const [row] = await tx
      .insert(alertSubscriptions)
      .values({ channel: "push", endpoint: input.endpoint, token: newToken(), confirmedAt: new Date(), ...choice })
      .onConflictDoUpdate({ target: alertSubscriptions.endpoint, set: choice })
      .returning({ token: alertSubscriptions.token });
    return { token: row.token };
  },
);

export interface MyAlertSubscription {
  id: string;
  channel: "email" | "push";
  /** The address, or the push service's host for a browser. */
  label: string;
  areas: string[];
  kinds: string[];
  confirmed: boolean;
  createdAt: string;
}

/** The signed-in person's subscriptions, for their dashboard. */
export async function listMyAlertSubscriptions(options: { actor: Actor | null }): Promise<MyAlertSubscription[]> {
  assertSignedIn(options.actor);
  const rows = await getDb()
    .select()
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.userId, options.actor.id))
    .orderBy(asc(alertSubscriptions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel as MyAlertSubscription["channel"],
    label: row.email ?? hostOf(row.endpoint),
    areas: row.areas,
    kinds: row.kinds,
    confirmed: row.confirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

function hostOf(endpoint: string | null) {
  try {
    return endpoint ? new URL(endpoint).host : "";
  } catch {
    return "";
  }
}

/** Removes one of the actor's subscriptions; anyone else's is "not found". */
export const removeMyAlertSubscription = defineWrite(
  { contentKinds: [] },
  async (options: { actor: Actor | null; subscriptionId: string }, tx: Executor) => {
    assertSignedIn(options.actor);
    if (!/^[0-9a-f-]{36}$/i.test(options.subscriptionId))
      throw new AppError("not_found", "alerts:subscriptions.errors.notFound");
    const removed = await tx
      .delete(alertSubscriptions)
      .where(and(eq(alertSubscriptions.id, options.subscriptionId), eq(alertSubscriptions.userId, options.actor.id)))
      .returning({ id: alertSubscriptions.id });
    if (!removed.length) throw new AppError("not_found", "alerts:subscriptions.errors.notFound");
  },
);
