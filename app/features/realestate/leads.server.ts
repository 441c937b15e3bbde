import { and, desc, eq, inArray } from "drizzle-orm";
import { type Actor, can } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { AppError } from "#app/lib/errors";
import type { Language } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { emailLink } from "#app/platform/accounts/auth.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { defineWrite } from "#app/platform/writes/define-write.server";
import { type ContactMethod, type LeadStatus, realEstateLimits } from "./constants";
import type { InquiryInput } from "./forms";
import { properties, propertyLeads } from "./schema";

// Leads: an inquiry on a property page becomes a lead of the property's owner, emailed to the
// listing's contact address through the outbox (reply-to the inquirer, so answering reaches them).
// The leads dashboard (agent plan) lists them with a status and private notes; every read and
// write is checked against the lead's owner.

/**
 * A visitor (signed in or not) sends an inquiry. Limited per sender address and per client
 * address; nothing is written when the property is not public.
 */
export async function createInquiry(
  options: {
    propertyId: string;
    input: InquiryInput;
    language: Language;
    sender?: Actor | null;
    clientKey: string;
  },
  executor?: Executor,
) {
  await consumeRateLimit({
    key: `property-inquiry:${options.clientKey}`,
    points: realEstateLimits.inquiriesPerHour,
    durationSeconds: 60 * 60,
  });
  await consumeRateLimit({
    key: `property-inquiry-email:${options.input.email.toLowerCase()}`,
    points: realEstateLimits.inquiriesPerHour,
    durationSeconds: 60 * 60,
  });
  await consumeRateLimit({
    key: `property-inquiry-to:${options.propertyId}`,
    points: realEstateLimits.inquiriesPerPropertyPerHour,
    durationSeconds: 60 * 60,
  });
  return inTransaction(executor, async (tx) => {
    const [property] = await tx
      .select({
        id: properties.id,
        slug: properties.slug,
        title: properties.title,
        ownerId: properties.ownerId,
        contactEmail: properties.contactEmail,
        descriptionLanguage: properties.descriptionLanguage,
        status: properties.status,
      })
      .from(properties)
      .where(eq(properties.id, options.propertyId));
    if (!property || property.status !== "published") throw new AppError("not_found", "realestate:errors.notFound");
    if (options.sender?.id === property.ownerId) throw new AppError("invalid", "realestate:inquiry.errors.own");
    const [lead] = await tx
      .insert(propertyLeads)
      .values({
        propertyId: property.id,
        ownerId: property.ownerId,
        senderId: options.sender?.id ?? null,
        name: options.input.name,
        email: options.input.email,
        phone: options.input.phone,
        preferredContact: options.input.preferredContact,
        message: options.input.message,
        language: options.language,
      })
      .returning({ id: propertyLeads.id });
    // In the language the owner wrote the listing in: the closest thing we know of theirs.
    const language: Language = property.descriptionLanguage === "es" ? "es" : "en";
    const t = await getTranslator(language);
    const values = {
      title: property.title,
      name: options.input.name,
      email: options.input.email,
      phone: options.input.phone || "—",
      method: t(`realestate:contactMethods.${options.input.preferredContact}`),
      message: options.input.message,
      link: emailLink(`/real-estate/${property.slug}`, language),
      leads: emailLink("/dashboard/leads", language),
    };
    await sendEmail(
      {
        to: property.contactEmail,
        subject: t("realestate:emails.lead.subject", values),
        text: t("realestate:emails.lead.text", values),
        replyTo: options.input.email,
      },
      tx,
    );
    return { id: lead.id };
  });
}

export interface LeadRow {
  id: string;
  property: { id: string; slug: string; title: string };
  name: string;
  email: string;
  phone: string | null;
  preferredContact: ContactMethod;
  message: string;
  status: LeadStatus;
  notes: string;
  createdAt: string;
}

/** The actor's own leads (those about their properties), newest first; optionally one status. */
export async function listMyLeads(options: { actor: Actor; status?: LeadStatus; limit?: number }): Promise<LeadRow[]> {
  assertCan(options.actor, "update:property-lead:own", { ownerId: options.actor.id });
  const rows = await getDb()
    .select({
      id: propertyLeads.id,
      propertyId: properties.id,
      slug: properties.slug,
      title: properties.title,
      name: propertyLeads.name,
      email: propertyLeads.email,
      phone: propertyLeads.phone,
      preferredContact: propertyLeads.preferredContact,
      message: propertyLeads.message,
      status: propertyLeads.status,
      notes: propertyLeads.notes,
      createdAt: propertyLeads.createdAt,
    })
    .from(propertyLeads)
    .innerJoin(properties, eq(properties.id, propertyLeads.propertyId))
    .where(
      and(
        eq(propertyLeads.ownerId, options.actor.id),
        options.status ? eq(propertyLeads.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(propertyLeads.createdAt))
    .limit(Math.min(options.limit ?? 500, 5000));
  return rows.map((row) => ({
    id: row.id,
    property: { id: row.propertyId, slug: row.slug, title: row.title },
    name: row.name,
    email: row.email,
    phone: row.phone,
    preferredContact: row.preferredContact as ContactMethod,
    message: row.message,
    status: row.status as LeadStatus,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** How many new leads the person has (the "my properties" page points to them). */
export async function countMyLeads(options: { actor: Actor }) {
  const rows = await getDb()
    .select({ status: propertyLeads.status })
    .from(propertyLeads)
    .where(eq(propertyLeads.ownerId, options.actor.id));
  return { total: rows.length, fresh: rows.filter((row) => row.status === "new").length };
}

/** Sets a lead's status and notes; someone else's lead is "not found", like one that does not exist. */
export const updateLead = defineWrite(
  // A lead is its owner's alone: no public page shows it.
  { contentKinds: [] },
  async (options: { actor: Actor; leadId: string; status: LeadStatus; notes: string }, tx: Executor) => {
    const [lead] = await tx
      .select({ id: propertyLeads.id, ownerId: propertyLeads.ownerId })
      .from(propertyLeads)
      .where(eq(propertyLeads.id, options.leadId))
      .for("update");
    if (!lead || !can(options.actor, "update:property-lead:own", { ownerId: lead.ownerId }))
      throw new AppError("not_found", "realestate:leads.errors.notFound");
    assertCan(options.actor, "update:property-lead:own", { ownerId: lead.ownerId });
    await tx
      .update(propertyLeads)
      .set({ status: options.status, notes: options.notes })
      .where(inArray(propertyLeads.id, [lead.id]));
  },
);

/** A CSV field: quoted, quotes doubled, and a leading = + - @ defused so a spreadsheet does not run it. */
function csvField(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The actor's leads as CSV (UTF-8 with a byte-order mark, so spreadsheets read accents right). */
export async function exportMyLeadsCsv(options: { actor: Actor; language: Language }) {
  const t = await getTranslator(options.language);
  const leads = await listMyLeads({ actor: options.actor, limit: 5000 });
  const header = ["date", "property", "name", "email", "phone", "preferredContact", "status", "message", "notes"].map(
    (key) => csvField(t(`realestate:leads.csv.${key}`)),
  );
  const lines = leads.map((lead) =>
    [
      lead.createdAt,
      lead.property.title,
      lead.name,
      lead.email,
      lead.phone ?? "",
      t(`realestate:contactMethods.${lead.preferredContact}`),
      t(`realestate:leads.statuses.${lead.status}`),
      lead.message,
      lead.notes,
    ]
      .map(csvField)
      .join(","),
  );
  return `\uFEFF${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
