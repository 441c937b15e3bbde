import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { AppError } from "#app/lib/errors";
import { formatMoney } from "#app/lib/format";
import { isLanguage, type Language } from "#app/lib/i18n";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { repeatingJob } from "#app/lib/repeating-job.server";
import { deleteStoredFile, readStoredFile, storeImage, storeOrRefuseImage } from "#app/lib/storage.server";
import { emailLink } from "#app/platform/accounts/auth.server";
import { businessNames } from "#app/platform/listings/listings.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { userSummaries } from "#app/platform/people/people.server";
import { listingRef } from "#app/platform/plans/premium.server";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { assertListingLacksPlan, getOwnListingLackingPlan, grantPlan } from "./grants.server";
import { getPlanRow, getSellablePlan, planPriceCents, planText } from "./plans.server";
import { planPeriodEnd } from "./providers/period";
import { sinpeTransfers } from "./schema";

// Paying for a plan by SINPE Móvil to the site's own number, with no payment provider: the owner
// is given the amount in colones (at the dated site rate) and a short code for the transfer's
// description, pays from their bank, and submits the bank's reference. An admin matches it against
// the bank statement and confirms it (the plan is granted through grantPlan, with a paid receipt)
// or rejects it with a reason. What nobody matched expires.

/** A transfer nobody confirmed is expired this long after it was started. */
export const sinpeExpiryMs = 7 * 24 * 60 * 60 * 1000;

const liveStatuses = ["awaiting", "submitted"];

let override: string | null | undefined;

export function setSinpeNumberForTests(number: string | null | undefined) {
  override = number;
}

/** The site's SINPE Móvil number, or null when the operator has not set one (the option is hidden). */
export function sinpeNumber(): string | null {
  if (override !== undefined) return override;
  return env().SINPE_MOVIL_NUMBER ?? null;
}

// No 0/O, 1/I/L: the code is read off a screen and typed into a bank's app.
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function drawSinpeCode() {
  let code = "PH";
  for (let i = 0; i < 6; i += 1) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

/** The bank's reference as the admin will search for it: letters and digits, no spaces or dashes. */
export function normalizeBankReference(value: string): string | null {
  const cleaned = value.replace(/[\s-]/g, "").toUpperCase();
  return /^[A-Z0-9]{4,40}$/.test(cleaned) ? cleaned : null;
}

async function ownerLanguage(userId: string, tx: Executor) {
  const owner = (await userSummaries([userId], tx)).get(userId);
  if (!owner) return null;
  const language: Language = isLanguage(owner.preferredLanguage) ? owner.preferredLanguage : "en";
  const { getTranslator } = await import("#app/lib/i18n.server");
  return { owner, language, t: await getTranslator(language) };
}

/** The owner picks SINPE Móvil for a plan and a listing: a transfer waiting for their payment. */
export async function startSinpeTransfer(
  options: { actor: Actor; planId: string; businessId: string; interval: "month" | "year"; now?: Date },
  executor?: Executor,
) {
  assertCan(options.actor, "read:subscription:own", { ownerId: options.actor.id });
  const number = sinpeNumber();
  if (!number) throw new AppError("invalid", "billing:errors.sinpeOff");
  const plan = await getSellablePlan(options.planId);
  const cents = planPriceCents(plan, options.interval);
  if (!cents) throw new AppError("invalid", "billing:errors.noPlan", { field: "planId" });
  const listing = await getOwnListingLackingPlan({ ...options, planId: plan.id }, executor);
  const rate = (await getSiteConfig("es")).exchangeRate;
  if (!rate) throw new AppError("invalid", "billing:errors.sinpeNoRate");
  await consumeRateLimit({ key: `sinpe-start:${options.actor.id}`, points: 10, durationSeconds: 24 * 3600 });
  return insertTransfer(
    {
      actor: options.actor,
      values: {
        userId: options.actor.id,
        businessId: listing.id,
        planId: plan.id,
        interval: options.interval,
        amountUsdCents: cents,
        amountCrc: Math.round((cents / 100) * rate.crcPerUsd),
        crcPerUsd: rate.crcPerUsd,
        rateOn: rate.on,
      },
    },
    executor,
  );
}

const insertTransfer = defineWrite(
  {
    contentKinds: [],
    audit: (created) => ({
      action: "billing.sinpe.start",
      targetType: "business",
      targetId: created.businessId,
      details: { transfer: created.id, code: created.code, plan: created.planId, amountCrc: created.amountCrc },
    }),
  },
  async (
    options: { actor: Actor; values: Omit<typeof sinpeTransfers.$inferInsert, "code" | "status"> },
    tx: Executor,
  ) => {
    // A code already taken (rare: 31^6 codes) is drawn again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [row] = await tx
        .insert(sinpeTransfers)
        .values({ ...options.values, code: drawSinpeCode() })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
    }
    throw new Error("could not draw a free SINPE transfer code");
  },
);

/** A receipt photo: stored re-encoded (no location data) under private/, never served by /uploads. */
export const receiptPhotoMaxBytes = 8 * 1024 * 1024;
const receiptPhotoMaxSide = 2000;

/**
 * The owner submits the bank's reference for their transfer (or corrects it before an admin
 * decides), optionally with a photo of the bank's receipt. The photo is checked and stored before
 * the transaction and removed again if the write fails; a new photo replaces the old one, which is
 * removed once the change is committed.
 */
export async function submitSinpeReference(options: {
  actor: Actor;
  transferId: number;
  reference: string;
  photo?: { bytes: Uint8Array } | null;
  now?: Date;
}) {
  if (!normalizeBankReference(options.reference))
    throw new AppError("invalid", "billing:errors.sinpeReference", { field: "reference" });
  let photoKey: string | null = null;
  if (options.photo && options.photo.bytes.length > 0) {
    const bytes = options.photo.bytes;
    ({ key: photoKey } = await storeOrRefuseImage(
      { field: "receipt", messageKey: (reason) => `billing:errors.receipt.${reason}`, maxBytes: receiptPhotoMaxBytes },
      () =>
        storeImage({ bytes, prefix: "private/sinpe", maxBytes: receiptPhotoMaxBytes, maxSide: receiptPhotoMaxSide }),
    ));
  }
  try {
    const { row, replaced } = await writeSinpeReference({ ...options, photoKey });
    if (replaced)
      await deleteStoredFile(replaced).catch((error) => logger.warn({ err: error }, "old receipt photo left behind"));
    return row;
  } catch (error) {
    if (photoKey)
      await deleteStoredFile(photoKey).catch((cleanup) => logger.warn({ err: cleanup }, "orphan receipt photo left"));
    throw error;
  }
}

const writeSinpeReference = defineWrite(
  {
    contentKinds: [],
    audit: ({ row }) => ({
      action: "billing.sinpe.submit",
      targetType: "sinpe_transfer",
      targetId: String(row.id),
      details: { reference: row.bankReference, code: row.code, receiptPhoto: Boolean(row.receiptPhotoKey) },
    }),
  },
  async (
    options: { actor: Actor; transferId: number; reference: string; photoKey: string | null; now?: Date },
    tx: Executor,
  ) => {
    const reference = normalizeBankReference(options.reference);
    if (!reference) throw new AppError("invalid", "billing:errors.sinpeReference", { field: "reference" });
    const [transfer] = await tx
      .select()
      .from(sinpeTransfers)
      .where(and(eq(sinpeTransfers.id, options.transferId), eq(sinpeTransfers.userId, options.actor.id)))
      .for("update");
    if (!transfer) throw new AppError("not_found", "billing:errors.sinpeNoTransfer");
    if (!liveStatuses.includes(transfer.status)) throw new AppError("conflict", "billing:errors.sinpeDecided");
    await assertReferenceUnused(reference, tx);
    const [row] = await tx
      .update(sinpeTransfers)
      .set({
        bankReference: reference,
        status: "submitted",
        submittedAt: options.now ?? new Date(),
        ...(options.photoKey ? { receiptPhotoKey: options.photoKey } : {}),
      })
      .where(eq(sinpeTransfers.id, transfer.id))
      .returning();
    const replaced = options.photoKey && transfer.receiptPhotoKey ? transfer.receiptPhotoKey : null;
    return { row, replaced };
  },
);

/**
 * The receipt photo of a transfer, for its owner or an admin only; anyone else (and a transfer
 * without a photo) gets not found, so a guessed id says nothing.
 */
export async function readSinpeReceipt(options: { actor: Actor | null; transferId: number }) {
  if (!options.actor) throw new AppError("not_found", "billing:errors.receipt.missing");
  const actor = options.actor;
  const [transfer] = await getDb()
    .select({ userId: sinpeTransfers.userId, key: sinpeTransfers.receiptPhotoKey })
    .from(sinpeTransfers)
    .where(eq(sinpeTransfers.id, options.transferId));
  const allowed = transfer && (transfer.userId === options.actor.id || can(options.actor, "manage:subscription:any"));
  const file = allowed && transfer.key ? await readStoredFile(transfer.key) : null;
  if (!file) throw new AppError("not_found", "billing:errors.receipt.missing");
  return file;
}

async function assertReferenceUnused(reference: string, tx: Executor) {
  const [used] = await tx
    .select({ id: sinpeTransfers.id })
    .from(sinpeTransfers)
    .where(and(eq(sinpeTransfers.bankReference, reference), eq(sinpeTransfers.status, "confirmed")))
    .limit(1);
  if (used) throw new AppError("conflict", "billing:errors.sinpeReferenceUsed", { field: "reference" });
}

/**
 * An admin found the transfer on the bank statement: the plan is granted through grantPlan (a paid
 * receipt, the listing re-synced), the transfer confirmed, the owner emailed. The row is locked and
 * must still be submitted, so two admins confirming at once grant once; a reference already confirmed
 * on another transfer is refused (and the unique index holds even if that check were raced).
 */
export const confirmSinpeTransfer = defineWrite(
  {
    permission: "manage:subscription:any",
    contentKinds: [],
    audit: (row) => ({
      action: "billing.sinpe.confirm",
      targetType: "sinpe_transfer",
      targetId: String(row.id),
      details: { reference: row.bankReference, code: row.code, subscription: row.subscriptionId },
    }),
  },
  async (options: { actor: Actor; transferId: number; now?: Date }, tx: Executor) => {
    const now = options.now ?? new Date();
    const [transfer] = await tx
      .select()
      .from(sinpeTransfers)
      .where(eq(sinpeTransfers.id, options.transferId))
      .for("update");
    if (!transfer) throw new AppError("not_found", "billing:errors.sinpeNoTransfer");
    if (transfer.status !== "submitted" || !transfer.bankReference)
      throw new AppError("conflict", "billing:errors.sinpeDecided");
    // Two different transfers quoting the same reference are serialized on it here.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sinpe:${transfer.bankReference}`}))`);
    await assertReferenceUnused(transfer.bankReference, tx);
    const listing = await listingRef({ id: transfer.businessId }, tx);
    if (!listing) throw new AppError("not_found", "billing:errors.noBusiness");
    await assertListingLacksPlan(listing.id, transfer.planId, tx);
    const { subscriptionId } = await grantPlan(
      {
        actor: options.actor,
        grant: {
          planId: transfer.planId,
          businessSlug: listing.slug,
          endsAt: planPeriodEnd(now, transfer.interval),
          reason: `SINPE Móvil ${transfer.bankReference} (${transfer.code})`,
          payment: {
            source: "sinpe",
            amountUsdCents: transfer.amountUsdCents,
            externalId: `sinpe:${transfer.bankReference}`,
          },
        },
        now,
      },
      tx,
    );
    const [row] = await tx
      .update(sinpeTransfers)
      .set({ status: "confirmed", decidedBy: options.actor.id, decidedAt: now, subscriptionId })
      .where(eq(sinpeTransfers.id, transfer.id))
      .returning();
    await emailOwner(row, "confirmed", tx);
    return row;
  },
);

/** An admin could not match the transfer: rejected with a reason the owner is emailed. */
export const rejectSinpeTransfer = defineWrite(
  {
    permission: "manage:subscription:any",
    contentKinds: [],
    audit: (row) => ({
      action: "billing.sinpe.reject",
      targetType: "sinpe_transfer",
      targetId: String(row.id),
      details: { reference: row.bankReference, code: row.code, reason: row.reason },
    }),
  },
  async (options: { actor: Actor; transferId: number; reason: string; now?: Date }, tx: Executor) => {
    const reason = options.reason.trim();
    if (!reason) throw new AppError("invalid", "billing:errors.reason", { field: "reason" });
    if (reason.length > 500) throw new AppError("invalid", "billing:errors.reasonTooLong", { field: "reason" });
    const [row] = await tx
      .update(sinpeTransfers)
      .set({ status: "rejected", reason, decidedBy: options.actor.id, decidedAt: options.now ?? new Date() })
      .where(and(eq(sinpeTransfers.id, options.transferId), inArray(sinpeTransfers.status, liveStatuses)))
      .returning();
    if (!row) throw new AppError("conflict", "billing:errors.sinpeDecided");
    await emailOwner(row, "rejected", tx);
    return row;
  },
);

async function emailOwner(
  row: typeof sinpeTransfers.$inferSelect,
  kind: "confirmed" | "rejected" | "expired",
  tx: Executor,
) {
  const found = await ownerLanguage(row.userId, tx);
  if (!found) return;
  const { owner, language, t } = found;
  const plan = await getPlanRow(row.planId, tx);
  const name = (await listingRef({ id: row.businessId }, tx))?.name ?? "";
  await sendEmail(
    {
      to: owner.email,
      subject: t(`billing:emails.sinpe.${kind}.subject`, { name }),
      text: t(`billing:emails.sinpe.${kind}.text`, {
        person: owner.firstName || owner.name,
        name,
        plan: plan ? planText(plan, language).name : row.planId,
        amount: formatMoney(row.amountCrc, language, "CRC"),
        code: row.code,
        reference: row.bankReference ?? "—",
        reason: row.reason ?? "",
        link: emailLink("/dashboard/subscription", language),
      }),
    },
    tx,
  );
}

/** The owner's transfers still open, and the ones decided in the last month (a rejection's reason). */
export async function mySinpeTransfers(options: { actor: Actor; now?: Date }) {
  const since = new Date((options.now ?? new Date()).getTime() - 30 * 24 * 60 * 60 * 1000);
  const rows = await getDb()
    .select()
    .from(sinpeTransfers)
    .where(eq(sinpeTransfers.userId, options.actor.id))
    .orderBy(desc(sinpeTransfers.createdAt))
    .limit(20);
  return rows.filter((row) => liveStatuses.includes(row.status) || (row.decidedAt ?? row.createdAt) >= since);
}

/** Transfers submitted and waiting for an admin, oldest first. */
export async function listSinpeQueue(options: { actor: Actor }) {
  assertCan(options.actor, "manage:subscription:any");
  const rows = await getDb()
    .select()
    .from(sinpeTransfers)
    .where(eq(sinpeTransfers.status, "submitted"))
    .orderBy(asc(sinpeTransfers.submittedAt), asc(sinpeTransfers.id))
    .limit(100);
  const people = await userSummaries(rows.map((row) => row.userId));
  const names = await businessNames(rows.map((row) => row.businessId));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    reference: row.bankReference ?? "",
    hasReceiptPhoto: Boolean(row.receiptPhotoKey),
    planId: row.planId,
    interval: row.interval,
    amountCrc: row.amountCrc,
    submittedAt: (row.submittedAt ?? row.createdAt).toISOString(),
    email: people.get(row.userId)?.email ?? "",
    business: names.get(row.businessId) ?? "",
  }));
}

/**
 * One run of the expiry job: every transfer still open past sinpeExpiryMs becomes expired and its
 * owner is told, each in its own transaction; the conditional update means an admin's decision
 * made meanwhile wins and instances running at once expire a transfer once.
 */
export async function runSinpeExpiry(options: { now?: Date; limit?: number } = {}) {
  const now = options.now ?? new Date();
  const due = await getDb()
    .select({ id: sinpeTransfers.id })
    .from(sinpeTransfers)
    .where(
      and(
        inArray(sinpeTransfers.status, liveStatuses),
        lt(sinpeTransfers.createdAt, new Date(now.getTime() - sinpeExpiryMs)),
      ),
    )
    .orderBy(asc(sinpeTransfers.createdAt))
    .limit(options.limit ?? 100);
  const expired: number[] = [];
  for (const candidate of due) {
    const done = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .update(sinpeTransfers)
        .set({ status: "expired", decidedAt: now })
        .where(and(eq(sinpeTransfers.id, candidate.id), inArray(sinpeTransfers.status, liveStatuses)))
        .returning();
      if (!row) return false;
      await emailOwner(row, "expired", tx);
      return true;
    });
    if (done) expired.push(candidate.id);
  }
  if (expired.length) logger.info({ expired: expired.length }, "SINPE transfer expiry run");
  return { expired };
}

/** Runs every hour while the server runs. */
export const sinpeExpiryJob = repeatingJob({
  run: () => runSinpeExpiry(),
  intervalMs: 60 * 60_000,
  failure: "SINPE transfer expiry run failed",
});
