import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb } from "#app/lib/db.server";
import { siteOrigin } from "#app/lib/env.server";
import { AppError } from "#app/lib/errors";
import { isLanguage, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { grantRole } from "#app/platform/accounts/users.server";
import { businesses } from "#app/platform/listings/schema";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { type UserSummary, userSummaries } from "#app/platform/people/people.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { listingHasPremiumPlan } from "../../platform/plans/premium.server";
import type { ClaimStatus, ClaimType, VerificationMethod } from "./constants";
import { lookUpTaxId, lookupMatches, type TaxLookup } from "./hacienda.server";
import { businessClaims, businessTaxRegistrations } from "./schema";
import { formatTaxId, taxIdKindOf } from "./tax-id";

// "Claim this business": a signed-in person asks to own or manage a listing, or to have
// its information corrected; an admin approves (ownership moves, the role is granted) or rejects
// with a reason. Every decision is written to the audit log in the same transaction.

const ownershipClaims: ClaimType[] = ["business_owner", "authorized_manager"];

export const submitClaim = defineWrite(
  // A claim waits for an admin; no public page shows it.
  { permission: "create:claim:any", contentKinds: [] },
  async (
    options: {
      businessId: string;
      actor: Actor;
      claimType: ClaimType;
      verificationMethod: VerificationMethod;
      contactDetails: string;
      additionalInfo: string;
      /** Digits only, already checked by the form (parseTaxId); null or absent when none was given. */
      taxId?: string | null;
    },
    tx: Executor,
  ) => {
    const [business] = await tx
      .select({ id: businesses.id, status: businesses.status, ownerId: businesses.ownerId })
      .from(businesses)
      .where(eq(businesses.id, options.businessId));
    if (business?.status !== "verified") throw new AppError("not_found", "directory:business.notFound");
    if (ownershipClaims.includes(options.claimType) && business.ownerId === options.actor.id) {
      throw new AppError("conflict", "directory:errors.alreadyOwner");
    }
    const [pending] = await tx
      .select({ id: businessClaims.id })
      .from(businessClaims)
      .where(
        and(
          eq(businessClaims.businessId, business.id),
          eq(businessClaims.userId, options.actor.id),
          eq(businessClaims.status, "pending"),
        ),
      );
    if (pending) throw new AppError("conflict", "directory:errors.claimPending");
    const [claim] = await tx
      .insert(businessClaims)
      .values({
        businessId: business.id,
        userId: options.actor.id,
        claimType: options.claimType,
        verificationMethod: options.verificationMethod,
        contactDetails: options.contactDetails,
        additionalInfo: options.additionalInfo,
        taxId: options.taxId || null,
      })
      .onConflictDoNothing()
      .returning({ id: businessClaims.id });
    // The partial unique index caught a double submit that raced past the check above.
    if (!claim) throw new AppError("conflict", "directory:errors.claimPending");
    return claim;
  },
);

export interface ClaimRow {
  id: string;
  businessId: string;
  businessName: string;
  businessSlug: string;
  claimType: ClaimType;
  verificationMethod: VerificationMethod;
  contactDetails: string;
  additionalInfo: string;
  /** Digits only; null when the claimant gave none. */
  taxId: string | null;
  status: ClaimStatus;
  decisionReason: string | null;
  decidedAt: string | null;
  createdAt: string;
  claimant: { id: string; name: string; email: string } | null;
}

const claimColumns = {
  id: businessClaims.id,
  businessId: businessClaims.businessId,
  businessName: businesses.name,
  businessSlug: businesses.slug,
  claimType: businessClaims.claimType,
  verificationMethod: businessClaims.verificationMethod,
  contactDetails: businessClaims.contactDetails,
  additionalInfo: businessClaims.additionalInfo,
  taxId: businessClaims.taxId,
  status: businessClaims.status,
  decisionReason: businessClaims.decisionReason,
  decidedAt: businessClaims.decidedAt,
  createdAt: businessClaims.createdAt,
  userId: businessClaims.userId,
};

function toClaimRow(
  row: {
    id: string;
    businessId: string;
    businessName: string;
    businessSlug: string;
    claimType: string;
    verificationMethod: string;
    contactDetails: string;
    additionalInfo: string;
    taxId: string | null;
    status: string;
    decisionReason: string | null;
    decidedAt: Date | null;
    createdAt: Date;
    userId: string;
  },
  people: Map<string, UserSummary>,
): ClaimRow {
  const claimant = people.get(row.userId);
  return {
    id: row.id,
    businessId: row.businessId,
    businessName: row.businessName,
    businessSlug: row.businessSlug,
    claimType: row.claimType as ClaimType,
    verificationMethod: row.verificationMethod as VerificationMethod,
    contactDetails: row.contactDetails,
    additionalInfo: row.additionalInfo,
    taxId: row.taxId,
    status: row.status as ClaimStatus,
    decisionReason: row.decisionReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    claimant: claimant ? { id: row.userId, name: claimant.name ?? "", email: claimant.email } : null,
  };
}

/** The signed-in user's own claims and where each stands. */
export async function listMyClaims(options: { actor: Actor }): Promise<ClaimRow[]> {
  const rows = await getDb()
    .select(claimColumns)
    .from(businessClaims)
    .innerJoin(businesses, eq(businesses.id, businessClaims.businessId))
    .where(eq(businessClaims.userId, options.actor.id))
    .orderBy(desc(businessClaims.createdAt))
    .limit(100);
  const people = await userSummaries(rows.map((row) => row.userId));
  return rows.map((row) => toClaimRow(row, people));
}

export const claimsPageSize = 20;

export async function listClaimsForAdmin(options: { actor: Actor; status: ClaimStatus; page?: number }) {
  assertCan(options.actor, "decide:claim:any");
  const page = Math.max(1, Math.min(options.page ?? 1, 10_000));
  const db = getDb();
  const [rows, counts] = await Promise.all([
    db
      .select(claimColumns)
      .from(businessClaims)
      .innerJoin(businesses, eq(businesses.id, businessClaims.businessId))
      .where(eq(businessClaims.status, options.status))
      .orderBy(options.status === "pending" ? businessClaims.createdAt : desc(businessClaims.decidedAt))
      .limit(claimsPageSize)
      .offset((page - 1) * claimsPageSize),
    db.select({ status: businessClaims.status, n: count() }).from(businessClaims).groupBy(businessClaims.status),
  ]);
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.n)])) as Partial<
    Record<ClaimStatus, number>
  >;
  const total = byStatus[options.status] ?? 0;
  const people = await userSummaries(rows.map((row) => row.userId));
  const claims = rows.map((row) => toClaimRow(row, people));
  const businessIds = [...new Set(claims.map((claim) => claim.businessId))];
  const [registrations, checks] = await Promise.all([
    businessIds.length
      ? db
          .select({ businessId: businessTaxRegistrations.businessId, method: businessTaxRegistrations.method })
          .from(businessTaxRegistrations)
          .where(inArray(businessTaxRegistrations.businessId, businessIds))
      : [],
    // Only the claims still waiting, or approved without the mark yet, are worth asking about.
    Promise.all(claims.map((claim) => (claim.status === "rejected" ? null : checkClaimTaxId(claim)))),
  ]);
  const registered = new Map(registrations.map((row) => [row.businessId, row.method as TaxRegistrationMethod]));
  return {
    claims: claims.map((claim, index) => ({
      ...claim,
      taxCheck: checks[index],
      registered: registered.get(claim.businessId) ?? null,
    })),
    counts: byStatus,
    page,
    pageCount: Math.ceil(total / claimsPageSize),
  };
}

export type TaxRegistrationMethod = "hacienda" | "manual";

export interface ClaimTaxCheck {
  lookup: TaxLookup;
  /** The name the ID should be registered under: the business's for a cédula jurídica, the claimant's for a física. */
  expectedName: string;
  matches: boolean;
}

type TaxCheckInput = { taxId: string | null; businessName: string; claimant: { name: string } | null };

function expectedTaxName(claim: TaxCheckInput) {
  if (!claim.taxId) return "";
  return taxIdKindOf(claim.taxId) === "juridica" ? claim.businessName : (claim.claimant?.name ?? "");
}

/** What Hacienda says about a claim's tax ID, and whether it confirms it; null without an ID. */
async function checkClaimTaxId(claim: TaxCheckInput): Promise<ClaimTaxCheck | null> {
  if (!claim.taxId) return null;
  const lookup = await lookUpTaxId(claim.taxId);
  const expectedName = expectedTaxName(claim);
  return { lookup, expectedName, matches: lookupMatches(lookup, expectedName) };
}

async function readClaimForTaxCheck(claimId: string, executor?: Executor) {
  const [row] = await (executor ?? getDb())
    .select({ taxId: businessClaims.taxId, businessName: businesses.name, userId: businessClaims.userId })
    .from(businessClaims)
    .innerJoin(businesses, eq(businesses.id, businessClaims.businessId))
    .where(eq(businessClaims.id, claimId));
  if (!row?.taxId) return null;
  const claimant = (await userSummaries([row.userId], executor)).get(row.userId);
  return {
    taxId: row.taxId,
    businessName: row.businessName,
    claimant: claimant ? { name: claimant.name ?? "" } : null,
  };
}

/**
 * Approves or rejects a pending claim. Approving an ownership claim makes the claimant the owner
 * and grants them business_owner, in the same transaction as the decision and its audit row.
 */
/** A claim read for deciding on it, locked until the transaction ends; not found is a 404. */
async function lockClaim(tx: Executor, claimId: string) {
  const [claim] = await tx
    .select({
      id: businessClaims.id,
      businessId: businessClaims.businessId,
      userId: businessClaims.userId,
      claimType: businessClaims.claimType,
      status: businessClaims.status,
      taxId: businessClaims.taxId,
    })
    .from(businessClaims)
    .where(eq(businessClaims.id, claimId))
    .for("update");
  if (!claim) throw new AppError("not_found", "directory:errors.notFound");
  return claim;
}

export async function decideClaim(
  options: { claimId: string; actor: Actor; decision: "approve" | "reject"; reason: string },
  executor?: Executor,
) {
  assertCan(options.actor, "decide:claim:any");
  // Hacienda is asked before the transaction, so a slow answer holds no row lock; a claim whose ID
  // it confirms gives the listing its "registered business" mark as it is approved.
  const taxClaim = options.decision === "approve" ? await readClaimForTaxCheck(options.claimId, executor) : null;
  const taxCheck = taxClaim ? await checkClaimTaxId(taxClaim) : null;
  const { transfersOwnership, claim, registeredTaxId } = await decide(
    {
      ...options,
      confirmed:
        taxClaim && taxCheck?.matches && taxCheck.lookup.status === "found"
          ? { taxId: taxClaim.taxId, name: taxCheck.lookup.name }
          : undefined,
    },
    executor,
  );
  return { transfersOwnership, userId: claim.userId, registered: registeredTaxId !== null };
}

/** decideClaim's transaction, answering what its audit line says. */
const decide = defineWrite(
  {
    permission: "decide:claim:any",
    contentKinds: (outcome) => (outcome.transfersOwnership ? ["businesses"] : []),
    audit: ({ claim, transfersOwnership, previousOwner, registeredTaxId }, options) => ({
      action: options.decision === "approve" ? "business.claim.approve" : "business.claim.reject",
      targetType: "business",
      targetId: claim.businessId,
      details: {
        claimId: claim.id,
        claimant: claim.userId,
        claimType: claim.claimType,
        ...(options.reason.trim() ? { reason: options.reason.trim() } : {}),
        ...(transfersOwnership ? { previousOwner } : {}),
        ...(registeredTaxId ? { taxId: formatTaxId(registeredTaxId), taxIdVerifiedBy: "hacienda" } : {}),
      },
    }),
  },
  async (
    options: {
      claimId: string;
      actor: Actor;
      decision: "approve" | "reject";
      reason: string;
      /** The claim's tax ID and Hacienda's name for it, when Hacienda confirmed it before the transaction. */
      confirmed?: { taxId: string; name: string };
    },
    tx: Executor,
  ) => {
    if (options.decision === "reject" && options.reason.trim().length < 5)
      throw new AppError("invalid", "directory:errors.rejectReasonRequired");
    const claim = await lockClaim(tx, options.claimId);
    if (claim.status !== "pending") throw new AppError("conflict", "directory:errors.claimDecided");
    const now = new Date();
    await tx
      .update(businessClaims)
      .set({
        status: options.decision === "approve" ? "approved" : "rejected",
        decisionReason: options.reason.trim() || null,
        decidedBy: options.actor.id,
        decidedAt: now,
      })
      .where(eq(businessClaims.id, claim.id));
    const transfersOwnership = options.decision === "approve" && ownershipClaims.includes(claim.claimType as ClaimType);
    let previousOwner: string | null = null;
    let toldClaimant = false;
    if (transfersOwnership) {
      const [business] = await tx
        .select({ ownerId: businesses.ownerId, isPremium: businesses.isPremium, name: businesses.name })
        .from(businesses)
        .where(eq(businesses.id, claim.businessId))
        .for("update");
      if (!business) throw new AppError("not_found", "directory:errors.notFound");
      previousOwner = business.ownerId;
      // A plan belongs to the listing it was bought for and stays with it; what the listing shows
      // changes only when its premium was not its own plan's (a demo flag, or an old owner-wide plan).
      const premium = await listingHasPremiumPlan(claim.businessId, tx);
      await tx
        .update(businesses)
        .set({ ownerId: claim.userId, isPremium: premium, updatedAt: now })
        .where(eq(businesses.id, claim.businessId));
      // That email says the claim was approved, and what changed on the listing with it.
      if (premium !== business.isPremium) {
        await notifyPremiumChange({ userId: claim.userId, businessName: business.name, premium }, tx);
        toldClaimant = true;
      }
      await grantRole(
        {
          actor: options.actor,
          userId: claim.userId,
          role: "business_owner",
          reason: "business.claim.approve",
          details: { claimId: claim.id },
        },
        tx,
      );
    }
    // Only an owner or manager speaks for the business; a correction's ID marks nothing.
    let registeredTaxId: string | null = null;
    if (transfersOwnership && claim.taxId && options.confirmed?.taxId === claim.taxId) {
      await registerTaxId(
        {
          businessId: claim.businessId,
          taxId: claim.taxId,
          method: "hacienda",
          registeredName: options.confirmed.name,
          claimId: claim.id,
          actorId: options.actor.id,
        },
        tx,
      );
      registeredTaxId = claim.taxId;
    }
    if (!toldClaimant)
      await notifyClaimant(
        {
          claim,
          approved: options.decision === "approve",
          transfersOwnership,
          reason: options.reason.trim(),
        },
        tx,
      );
    return { claim, transfersOwnership, previousOwner, registeredTaxId };
  },
);

async function registerTaxId(
  options: {
    businessId: string;
    taxId: string;
    method: TaxRegistrationMethod;
    registeredName?: string;
    claimId: string;
    actorId: string;
  },
  tx: Executor,
) {
  const values = {
    taxId: options.taxId,
    method: options.method,
    registeredName: options.registeredName ?? "",
    claimId: options.claimId,
    verifiedBy: options.actorId,
    verifiedAt: new Date(),
    isDemo: false,
  };
  await tx
    .insert(businessTaxRegistrations)
    .values({ businessId: options.businessId, ...values })
    .onConflictDoUpdate({ target: businessTaxRegistrations.businessId, set: values });
}

/**
 * An admin who checked an approved claim's tax ID by hand (Hacienda's site, the papers) gives the
 * listing its "registered business" mark; the audit log says who did.
 */
export const markTaxIdVerified = defineWrite(
  {
    permission: "decide:claim:any",
    contentKinds: ["businesses"],
    audit: (claim) => ({
      action: "business.taxId.verify",
      targetType: "business",
      targetId: claim.businessId,
      details: { claimId: claim.id, taxId: formatTaxId(claim.taxId), method: "manual" },
    }),
  },
  async (options: { claimId: string; actor: Actor }, tx: Executor) => {
    const claim = await lockClaim(tx, options.claimId);
    if (!claim.taxId) throw new AppError("invalid", "directory:errors.claimHasNoTaxId");
    if (claim.status !== "approved" || !ownershipClaims.includes(claim.claimType as ClaimType))
      throw new AppError("conflict", "directory:errors.taxIdNeedsApprovedClaim");
    await registerTaxId(
      {
        businessId: claim.businessId,
        taxId: claim.taxId,
        method: "manual",
        claimId: claim.id,
        actorId: options.actor.id,
      },
      tx,
    );
    return { id: claim.id, businessId: claim.businessId, taxId: claim.taxId };
  },
);

/**
 * Tells the claimant, in their language and in the same transaction (the outbox), what was decided:
 * on approval where to manage the listing (or that its information will be corrected), on
 * rejection the admin's reason when there is one.
 */
async function notifyClaimant(
  options: {
    claim: { userId: string; businessId: string };
    approved: boolean;
    transfersOwnership: boolean;
    reason: string;
  },
  tx: Executor,
) {
  const claimant = (await userSummaries([options.claim.userId], tx)).get(options.claim.userId);
  if (!claimant?.email) return;
  const [business] = await tx
    .select({ name: businesses.name, slug: businesses.slug })
    .from(businesses)
    .where(eq(businesses.id, options.claim.businessId));
  if (!business) return;
  const language = isLanguage(claimant.preferredLanguage) ? claimant.preferredLanguage : "en";
  const t = await getTranslator(language);
  const values = { name: business.name };
  const key = options.approved ? (options.transfersOwnership ? "approvedOwner" : "approved") : "rejected";
  const link = options.transfersOwnership
    ? localizePath("/dashboard/business", language)
    : localizePath(`/business/${business.slug}`, language);
  const reason =
    !options.approved && options.reason ? ["", t("directory:claimEmail.reason", { reason: options.reason })] : [];
  await sendEmail(
    {
      to: claimant.email,
      subject: t(`directory:claimEmail.${key}.subject`, values),
      text: [
        t("directory:claimEmail.greeting", { name: claimant.firstName?.trim() || claimant.name }),
        "",
        t(`directory:claimEmail.${key}.body`, values),
        ...reason,
        "",
        `${siteOrigin()}${link}`,
      ].join("\n"),
    },
    tx,
  );
}

/** Tells the new owner, in their language, that taking over a listing changed what it shows. */
async function notifyPremiumChange(options: { userId: string; businessName: string; premium: boolean }, tx: Executor) {
  const owner = (await userSummaries([options.userId], tx)).get(options.userId);
  if (!owner?.email) return;
  const language = isLanguage(owner.preferredLanguage) ? owner.preferredLanguage : "en";
  const t = await getTranslator(language);
  const key = options.premium ? "premiumStarted" : "premiumEnded";
  const values = { name: options.businessName };
  await sendEmail(
    {
      to: owner.email,
      subject: t(`directory:claimEmail.${key}.subject`, values),
      text: [
        t("directory:claimEmail.greeting", { name: owner.firstName?.trim() || owner.name }),
        "",
        t(`directory:claimEmail.${key}.body`, values),
        "",
        `${siteOrigin()}${localizePath("/dashboard/business", language)}`,
      ].join("\n"),
    },
    tx,
  );
}

/** Pending claims waiting for an admin (the admin overview's badge). */
export async function countPendingClaims() {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(businessClaims)
    .where(eq(businessClaims.status, "pending"));
  return Number(row?.n ?? 0);
}
