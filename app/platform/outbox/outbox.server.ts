import { and, asc, count, desc, eq, gte, ilike, lte, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { type Executor, getDb } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { repeatingJob } from "#app/lib/repeating-job.server";
import { escapeLike } from "#app/lib/sql";
import { emailOutbox } from "./schema";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Only the names in `allowedHeaders`; anything else is a programming error. */
  headers?: Partial<Record<AllowedHeader, string>>;
  /** Small text files of the allowed types (a calendar entry); nothing a mail client would run. */
  attachments?: EmailAttachment[];
}

export const allowedAttachmentTypes = ["text/calendar"] as const;
export interface EmailAttachment {
  filename: string;
  contentType: (typeof allowedAttachmentTypes)[number];
  content: string;
}
const maxAttachmentBytes = 64 * 1024;

// Mail clients show an unsubscribe button for these (RFC 2369, RFC 8058). The list is closed so a
// caller cannot set From, Bcc or anything else that changes who receives or seems to send a mail.
export const allowedHeaders = ["List-Unsubscribe", "List-Unsubscribe-Post"] as const;
export type AllowedHeader = (typeof allowedHeaders)[number];

export type OutboxStatus = "pending" | "sent" | "failed" | "kept";

/** Minimal transport surface, so tests can hand in a fake SMTP. */
export interface EmailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    replyTo?: string;
    headers?: Record<string, string>;
    attachments?: { filename: string; contentType: string; content: string }[];
  }): Promise<unknown>;
}

const maxAttempts = 5;
const maxAddressLength = 320;

let transport: EmailTransport | null | undefined;

function smtpTransport(): EmailTransport | null {
  if (transport === undefined) {
    const url = env().SMTP_URL;
    transport = url ? nodemailer.createTransport(url) : null;
  }
  return transport;
}

/** Tests swap in a fake transport (null means "no SMTP configured"); undefined restores the real one. */
export function setEmailTransport(next: EmailTransport | null | undefined) {
  transport = next;
}

/**
 * Queues an email. The row is written with the caller's executor, so an email about something
 * that rolled back is never sent. With SMTP it is delivered by the drain; without, it stays in the
 * outbox ("kept") where admins can read it, and the server log shows it for local development.
 */
export async function sendEmail(email: OutgoingEmail, executor: Executor = getDb()) {
  if (!email.to || email.to.length > maxAddressLength || /[\r\n]/.test(email.to)) {
    throw new Error("sendEmail: invalid recipient");
  }
  if (email.replyTo !== undefined && (email.replyTo.length > maxAddressLength || /[\r\n,;]/.test(email.replyTo))) {
    throw new Error("sendEmail: invalid reply-to");
  }
  for (const [name, value] of Object.entries(email.headers ?? {})) {
    if (!(allowedHeaders as readonly string[]).includes(name) || /[\r\n]/.test(String(value))) {
      throw new Error(`sendEmail: header ${name} is not allowed`);
    }
  }
  for (const attachment of email.attachments ?? []) {
    if (
      !(allowedAttachmentTypes as readonly string[]).includes(attachment.contentType) ||
      !/^[\w.-]{1,80}$/.test(attachment.filename) ||
      attachment.content.length > maxAttachmentBytes
    ) {
      throw new Error("sendEmail: attachment not allowed");
    }
  }
  const hasSmtp = smtpTransport() !== null;
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      to: email.to,
      // Header injection guard: a subject is one line.
      subject: email.subject.replace(/[\r\n]+/g, " ").slice(0, 300),
      text: email.text,
      html: email.html ?? null,
      replyTo: email.replyTo ?? null,
      headers:
        email.headers && Object.keys(email.headers).length > 0 ? (email.headers as Record<string, string>) : null,
      attachments: email.attachments?.length ? email.attachments : null,
      status: hasSmtp ? "pending" : "kept",
    })
    .returning({ id: emailOutbox.id });
  if (hasSmtp) {
    scheduleDrain();
  } else {
    logger.info(
      { emailId: row.id, to: email.to, subject: email.subject, text: email.text },
      "email kept in the outbox (no SMTP_URL)",
    );
  }
  return { id: row.id };
}

let drainTimer: NodeJS.Timeout | null = null;

function scheduleDrain() {
  if (drainTimer) return;
  // A short delay lets the caller's transaction commit first; the periodic worker catches the rest.
  drainTimer = setTimeout(() => {
    drainTimer = null;
    drainOutbox().catch((error) => logger.error({ err: error }, "email drain failed"));
  }, 200);
  drainTimer.unref();
}

/**
 * Sends due pending emails. Rows are locked FOR UPDATE SKIP LOCKED, so several instances drain the
 * same table without sending anything twice; a failure is retried with backoff, then marked failed.
 */
export async function drainOutbox(options: { limit?: number } = {}): Promise<{ sent: number; failed: number }> {
  const mailer = smtpTransport();
  if (!mailer) return { sent: 0, failed: 0 };
  const from = env().MAIL_FROM;
  let sent = 0;
  let failed = 0;
  // Owns its transaction: it sends over SMTP while holding the rows it sends locked.
  await getDb().transaction(async (tx) => {
    const due = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, new Date())))
      .orderBy(asc(emailOutbox.id))
      .limit(options.limit ?? 20)
      .for("update", { skipLocked: true });
    for (const email of due) {
      try {
        await mailer.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html ?? undefined,
          replyTo: email.replyTo ?? undefined,
          headers: email.headers ?? undefined,
          attachments: email.attachments ?? undefined,
        });
        await tx
          .update(emailOutbox)
          .set({ status: "sent", sentAt: new Date(), attempts: email.attempts + 1, lastError: null })
          .where(eq(emailOutbox.id, email.id));
        sent += 1;
      } catch (error) {
        const attempts = email.attempts + 1;
        const gaveUp = attempts >= maxAttempts;
        await tx
          .update(emailOutbox)
          .set({
            attempts,
            status: gaveUp ? "failed" : "pending",
            lastError: String((error as Error).message ?? error).slice(0, 500),
            // 1, 4, 9, 16 minutes: enough for a mail server to come back.
            nextAttemptAt: new Date(Date.now() + attempts * attempts * 60_000),
          })
          .where(eq(emailOutbox.id, email.id));
        failed += 1;
        logger.warn({ err: error, emailId: email.id, attempts, gaveUp }, "email delivery failed");
      }
    }
  });
  return { sent, failed };
}

/** Drains every 30 s while the server runs (catches emails queued by other instances or retries). */
const emailWorker = repeatingJob({ run: () => drainOutbox(), intervalMs: 30_000, failure: "email drain failed" });

export function startEmailWorker() {
  if (smtpTransport()) emailWorker.start();
}

export const stopEmailWorker = emailWorker.stop;

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  replyTo: string | null;
  headers: Record<string, string> | null;
  attachments: { filename: string; contentType: string; content: string }[] | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The outbox for the admin page, newest first; `to` filters by recipient (substring, case-insensitive). */
export async function listOutbox(
  options: { to?: string; status?: OutboxStatus; limit?: number; offset?: number } = {},
): Promise<{ entries: OutboxEntry[]; total: number }> {
  const conditions = [];
  if (options.to) conditions.push(ilike(emailOutbox.to, `%${escapeLike(options.to)}%`));
  if (options.status) conditions.push(eq(emailOutbox.status, options.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const [entries, [{ total }]] = await Promise.all([
    getDb()
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        replyTo: emailOutbox.replyTo,
        headers: emailOutbox.headers,
        attachments: emailOutbox.attachments,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.id))
      .limit(limit)
      .offset(Math.max(options.offset ?? 0, 0)),
    getDb().select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { entries: entries as OutboxEntry[], total: Number(total) };
}

/** Used by tests and operations: the number of emails in each status. */
export async function countOutboxByStatus(): Promise<Record<string, number>> {
  const rows = await getDb()
    .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .groupBy(emailOutbox.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** Removes every email to an address (the account behind it is being deleted: personal data). */
/** Whether an email to `to` whose text contains `containing` was queued since `since`. */
export async function hasRecentEmail(options: { to: string; containing: string; since: Date }): Promise<boolean> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(emailOutbox)
    .where(
      and(
        sql`lower(${emailOutbox.to}) = ${options.to.toLowerCase()}`,
        ilike(emailOutbox.text, `%${escapeLike(options.containing)}%`),
        gte(emailOutbox.createdAt, options.since),
      ),
    );
  return Number(row.n) > 0;
}

export async function deleteEmailsTo(to: string, executor: Executor = getDb()) {
  await executor.delete(emailOutbox).where(eq(emailOutbox.to, to));
}

/** Emails waiting for delivery or given up on (the admin overview's figure). */
export async function countUndeliveredEmails(executor: Executor = getDb()): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(emailOutbox)
    .where(or(eq(emailOutbox.status, "pending"), eq(emailOutbox.status, "failed")));
  return Number(row?.n ?? 0);
}
