import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bilingualText, createdAtColumn as createdAt, oneOf, updatedAtColumn as updatedAt } from "../../lib/db-columns";
import { publicTables } from "../../lib/response-cache/public-tables";
import { users } from "../../platform/people/schema";
import { areas } from "../../platform/site/schema";
import { groupLanguages, groupPlatforms, groupStatuses, groupTopics, linkCheckResults } from "./constants";

/**
 * A local group on a messaging app (with its member count and a verified mark).
 * Suggested groups start 'pending' and are public once an admin approves them ('published', the
 * moderation contract); a link the checker finds dead goes back to 'pending' with a reason.
 */
export const communityGroups = pgTable(
  "community_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platform: text("platform").notNull(),
    /** An https invite link on a known host (constants.ts parseInviteLink), one group per link. */
    inviteUrl: text("invite_url").notNull(),
    name: text("name").notNull(),
    ...bilingualText("description"),
    topic: text("topic").notNull(),
    areaSlug: text("area_slug")
      .notNull()
      .references(() => areas.slug, { onUpdate: "cascade" }),
    language: text("language").notNull(),
    memberCount: integer("member_count"),
    /** The day the member count was read: a count is only shown with its date. */
    memberCountOn: date("member_count_on"),
    status: text("status").notNull().default("pending"),
    /** Why a group waits for review: 'suggested', 'dead-link' (the checker) or a moderation reason. */
    statusReason: text("status_reason"),
    suggestedBy: text("suggested_by").references(() => users.id, { onDelete: "set null" }),
    /** The verified mark: someone showed an admin they run the group; the admin wrote down how. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    verificationProof: text("verification_proof"),
    /** Link checks (link-check.server.ts): when the next is due, the last result, failures in a row. */
    linkNextCheckAt: timestamp("link_next_check_at", { withTimezone: true }).notNull().defaultNow(),
    linkCheckedAt: timestamp("link_checked_at", { withTimezone: true }),
    linkCheckResult: text("link_check_result"),
    linkFailures: integer("link_failures").notNull().default(0),
    /** When the checker flagged the link dead (cleared when an admin publishes the group again). */
    linkDeadAt: timestamp("link_dead_at", { withTimezone: true }),
    isDemo: boolean("is_demo").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("community_groups_invite_url_idx").on(table.inviteUrl),
    index("community_groups_status_name_idx").on(table.status, table.name),
    index("community_groups_link_check_idx").on(table.status, table.linkNextCheckAt),
    index("community_groups_suggested_by_idx").on(table.suggestedBy),
    check("community_groups_platform_check", oneOf("platform", groupPlatforms)),
    check("community_groups_topic_check", oneOf("topic", groupTopics)),
    check("community_groups_language_check", oneOf("language", groupLanguages)),
    check("community_groups_status_check", oneOf("status", groupStatuses)),
    check("community_groups_link_result_check", oneOf("link_check_result", linkCheckResults, true)),
    check("community_groups_member_count_check", sql`"member_count" is null or "member_count" >= 0`),
  ],
);

/** Tables whose rows public pages show: a write to one changes "groups" content. */
export const groupPublicTables = publicTables("groups", [communityGroups]);
