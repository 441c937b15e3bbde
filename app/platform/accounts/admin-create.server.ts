import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Executor, inTransaction } from "#app/lib/db.server";
import { writeAuditLog } from "#app/platform/audit/audit.server";
import { accounts, userRoles, users } from "../people/schema";
import { hashPassword } from "./auth-flows.server";
import { emailField, nameField, newPasswordField } from "./forms";
import { isCommonPassword } from "./password-policy.server";

export class AdminCreateError extends Error {}

/**
 * The command line's way in (`npm run admin:create`): creates a confirmed account with the admin
 * role, or grants admin to an existing account (its password is left as it is). Audited.
 */
export async function createAdmin(
  options: { email: string; password: string; firstName?: string; lastName?: string },
  executor?: Executor,
) {
  const email = emailField.safeParse(options.email);
  if (!email.success) throw new AdminCreateError("--email is not a valid email address");
  const password = newPasswordField.safeParse(options.password);
  if (!password.success) throw new AdminCreateError("--password must be 8 to 128 characters");
  if (isCommonPassword(options.password))
    throw new AdminCreateError("--password is on the list of common passwords; choose another");
  const firstName = nameField.safeParse(options.firstName ?? "Admin");
  const lastName = nameField.safeParse(options.lastName ?? "");
  const first = firstName.success ? firstName.data : "Admin";
  const last = lastName.success ? lastName.data : "";
  const address = email.data.toLowerCase();
  const hash = await hashPassword(options.password);

  return inTransaction(executor, async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address));
    let userId: string;
    let created: boolean;
    if (existing) {
      userId = existing.id;
      created = false;
      await tx.update(users).set({ disabled: false, emailVerified: true }).where(eq(users.id, userId));
    } else {
      userId = randomBytes(16).toString("base64url");
      created = true;
      await tx.insert(users).values({
        id: userId,
        email: address,
        name: `${first} ${last}`.trim(),
        firstName: first,
        lastName: last,
        emailVerified: true,
      });
      await tx.insert(accounts).values({
        id: randomBytes(16).toString("base64url"),
        accountId: userId,
        providerId: "credential",
        userId,
        password: hash,
      });
    }
    await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
    await writeAuditLog(
      { actorId: null, action: "user.admin.create", targetType: "user", targetId: userId, details: { created } },
      tx,
    );
    return { userId, created };
  });
}
