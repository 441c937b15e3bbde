// Local groups for tests: written straight into the table (a published group without going through
// the suggestion and the queue), each with a unique invite link.

import { eq } from "drizzle-orm";
import type { GroupLanguage, GroupStatus, GroupTopic } from "#app/features/groups/constants";
import { communityGroups } from "#app/features/groups/schema";
import { getDb } from "#app/lib/db.server";
import { uniqueId } from "./unique";

export interface TestGroupOptions {
  name?: string;
  inviteUrl?: string;
  status?: GroupStatus;
  topic?: GroupTopic;
  areaSlug?: string;
  language?: GroupLanguage;
  descriptionEn?: string;
  descriptionEs?: string;
  memberCount?: number | null;
  memberCountOn?: string | null;
  /** When the link checker next wants it; default a week away (so only tests that ask check it). */
  linkNextCheckAt?: Date;
  linkFailures?: number;
  isDemo?: boolean;
  suggestedBy?: string | null;
}

export async function createTestGroup(options: TestGroupOptions = {}) {
  const tag = uniqueId("group").replace(/[^A-Za-z0-9]/g, "");
  const [row] = await getDb()
    .insert(communityGroups)
    .values({
      platform: "whatsapp",
      inviteUrl: options.inviteUrl ?? `https://chat.whatsapp.com/${tag}`,
      name: options.name ?? `Group ${tag}`,
      descriptionEn: options.descriptionEn ?? "A test group.",
      descriptionEs: options.descriptionEs ?? "Un grupo de prueba.",
      topic: options.topic ?? "general",
      areaSlug: options.areaSlug ?? "playa-flamingo",
      language: options.language ?? "both",
      memberCount: options.memberCount ?? null,
      memberCountOn: options.memberCountOn ?? null,
      status: options.status ?? "published",
      statusReason: options.status === "pending" ? "suggested" : null,
      publishedAt: (options.status ?? "published") === "published" ? new Date() : null,
      linkNextCheckAt: options.linkNextCheckAt ?? new Date(Date.now() + 7 * 86_400_000),
      linkFailures: options.linkFailures ?? 0,
      isDemo: options.isDemo ?? false,
      suggestedBy: options.suggestedBy ?? null,
    })
    .returning();
  return row;
}

export async function getTestGroup(id: string) {
  const [row] = await getDb().select().from(communityGroups).where(eq(communityGroups.id, id));
  return row;
}
