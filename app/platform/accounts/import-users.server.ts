import { randomBytes, randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { type Actor, isStoredRole, type StoredRole } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, getDb, inTransaction } from "#app/lib/db.server";
import { isLanguage, type Language } from "#app/lib/i18n";
import { writeAuditLog } from "#app/platform/audit/audit.server";
import { sendEmail } from "#app/platform/outbox/outbox.server";
import { userRoles, users, verifications } from "../people/schema";
import { composeAccountEmail, emailLink } from "./auth.server";
import { parseCsv } from "./csv";
import { maxImportRows } from "./forms";

// Admin "import users": a CSV of people to invite. The dry run reports every row's problems; the
// import re-checks everything inside one transaction and creates the accounts, their roles, an
// invitation (a set-password link, the same token the reset flow uses) in the outbox, and one
// audit row per account, so either every row lands or none does.

/** How long an invitation link works: people take longer to answer an invitation than a reset. */
const invitationSeconds = 7 * 24 * 60 * 60;
const grantedRoles: readonly string[] = ["business_owner", "admin"];

const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export type RowProblem =
  | "badEmail"
  | "duplicateInFile"
  | "existingAccount"
  | "unknownRole"
  | "missingName"
  | "nameTooLong"
  | "unknownLanguage"
  | "wrongColumnCount";

export type FileProblem = "empty" | "missingEmailColumn" | "tooManyRows" | "unreadable";

export interface PlannedRow {
  /** Line of the file (the header is line 1). */
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  language: string;
  problems: RowProblem[];
}

export interface ImportPlan {
  fileProblems: FileProblem[];
  rows: PlannedRow[];
  /** Rows without problems; an import goes ahead only when it is every row. */
  ready: number;
}

const columnNames: Record<string, keyof Omit<PlannedRow, "line" | "problems">> = {
  email: "email",
  first_name: "firstName",
  firstname: "firstName",
  last_name: "lastName",
  lastname: "lastName",
  role: "role",
  language: "language",
  lang: "language",
};

/** Reads and checks a CSV without writing anything. `existing` looks up addresses already taken. */
async function plan(csv: string, existing: (emails: string[]) => Promise<Set<string>>): Promise<ImportPlan> {
  let table: string[][];
  try {
    table = parseCsv(csv).filter((row) => row.some((cell) => cell.trim() !== ""));
  } catch {
    return { fileProblems: ["unreadable"], rows: [], ready: 0 };
  }
  if (table.length < 2) return { fileProblems: ["empty"], rows: [], ready: 0 };
  const header = table[0].map((cell) => columnNames[cell.trim().toLowerCase().replace(/[\s-]/g, "_")] ?? null);
  if (!header.includes("email")) return { fileProblems: ["missingEmailColumn"], rows: [], ready: 0 };
  if (table.length - 1 > maxImportRows) return { fileProblems: ["tooManyRows"], rows: [], ready: 0 };

  const rows: PlannedRow[] = table.slice(1).map((cells, index) => {
    const row: PlannedRow = {
      line: index + 2,
      email: "",
      firstName: "",
      lastName: "",
      role: "",
      language: "",
      problems: [],
    };
    header.forEach((column, at) => {
      if (column) row[column] = (cells[at] ?? "").trim();
    });
    row.email = row.email.toLowerCase();
    row.role = row.role.toLowerCase() || "user";
    row.language = row.language.toLowerCase() || "en";
    if (cells.length !== table[0].length) row.problems.push("wrongColumnCount");
    if (row.email.length > 254 || !emailPattern.test(row.email)) row.problems.push("badEmail");
    if (!isStoredRole(row.role)) row.problems.push("unknownRole");
    if (!row.firstName || !row.lastName) row.problems.push("missingName");
    if (row.firstName.length > 60 || row.lastName.length > 60 || /[<>]/.test(row.firstName + row.lastName))
      row.problems.push("nameTooLong");
    if (!isLanguage(row.language)) row.problems.push("unknownLanguage");
    return row;
  });

  const seen = new Map<string, number>();
  for (const row of rows) {
    if (!row.email) continue;
    if (seen.has(row.email)) row.problems.push("duplicateInFile");
    else seen.set(row.email, row.line);
  }
  const taken = await existing([...seen.keys()]);
  for (const row of rows) if (taken.has(row.email)) row.problems.push("existingAccount");
  return { fileProblems: [], rows, ready: rows.filter((row) => row.problems.length === 0).length };
}

function existingIn(executor: Pick<ReturnType<typeof getDb>, "select">) {
  return async (emails: string[]) => {
    if (emails.length === 0) return new Set<string>();
    const found = await executor
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    return new Set(found.map((row) => row.email));
  };
}

/** The dry run: every row with its problems, nothing written. */
export async function planUserImport(options: { actor: Actor; csv: string }): Promise<ImportPlan> {
  assertCan(options.actor, "manage:user:any");
  return plan(options.csv, existingIn(getDb()));
}

/** Creates every account of the file in one transaction, or none when any row has a problem. */
export async function importUsers(
  options: {
    actor: Actor;
    csv: string;
  },
  executor?: Executor,
): Promise<{ plan: ImportPlan; created: number }> {
  assertCan(options.actor, "manage:user:any");
  return inTransaction(executor, async (tx) => {
    const checked = await plan(options.csv, existingIn(tx));
    if (checked.fileProblems.length > 0 || checked.ready !== checked.rows.length) return { plan: checked, created: 0 };
    const expiresAt = new Date(Date.now() + invitationSeconds * 1000);
    for (const row of checked.rows) {
      const id = randomUUID();
      const language = row.language as Language;
      await tx.insert(users).values({
        id,
        email: row.email,
        name: `${row.firstName} ${row.lastName}`,
        firstName: row.firstName,
        lastName: row.lastName,
        preferredLanguage: language,
        // The address is the admin's word; the account stays unusable until its owner follows the
        // emailed link and chooses a password, which proves they read that inbox.
        emailVerified: true,
      });
      // "user" is having no role rows at all.
      if (grantedRoles.includes(row.role))
        await tx.insert(userRoles).values({ userId: id, role: row.role as StoredRole, grantedBy: options.actor.id });
      const token = randomBytes(24).toString("base64url");
      await tx
        .insert(verifications)
        .values({ id: randomUUID(), identifier: `reset-password:${token}`, value: id, expiresAt });
      const email = await composeAccountEmail(
        {
          email: row.email,
          firstName: row.firstName,
          name: `${row.firstName} ${row.lastName}`,
          preferredLanguage: language,
        },
        "invite",
        { url: emailLink("/auth/reset-password", language, { token }) },
      );
      await sendEmail(email, tx);
      await writeAuditLog(
        {
          actorId: options.actor.id,
          action: "user.import",
          targetType: "user",
          targetId: id,
          details: { role: row.role },
        },
        tx,
      );
    }
    return { plan: checked, created: checked.rows.length };
  });
}
