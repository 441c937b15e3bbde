import { bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAtColumn as createdAt } from "../../lib/db-columns";
import { users } from "../people/schema";

/** Every admin action: who, what, when, on what. Kept when the actor's account is deleted. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_created_at_idx").on(table.createdAt),
    index("audit_log_target_idx").on(table.targetType, table.targetId),
  ],
);
