import { desc, eq } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import { emailOutbox } from "#app/platform/outbox/schema";

/** The emails queued for an address, newest first. */
export async function emailsTo(address: string) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(desc(emailOutbox.id));
}
