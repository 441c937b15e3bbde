import { indexGroup } from "#app/features/groups/indexing.server";
import { communityGroups } from "#app/features/groups/schema";
import type { Db } from "#app/lib/db.server";

// Demo local groups: obviously made-up invite links (…/DEMO…), marked is_demo so the page badges
// them as demo content and the link checker never checks them. Idempotent (one row per link).

interface DemoGroup {
  platform: "whatsapp" | "telegram" | "facebook" | "signal";
  inviteUrl: string;
  name: string;
  descriptionEn: string;
  descriptionEs: string;
  topic: string;
  areaSlug: string;
  language: "en" | "es" | "both";
  memberCount: number | null;
  /** Days before the seed ran that the members were counted. */
  countedDaysAgo: number;
  verified: boolean;
}

export const demoGroups: DemoGroup[] = [
  {
    platform: "whatsapp",
    inviteUrl: "https://chat.whatsapp.com/DEMOFlamingoNeighbours",
    name: "Flamingo Neighbours (demo)",
    descriptionEn:
      "Day-to-day questions, power cuts, lost keys and recommendations for people living around Playa Flamingo.",
    descriptionEs:
      "Preguntas del día a día, cortes de luz, llaves perdidas y recomendaciones para quienes viven en Playa Flamingo.",
    topic: "general",
    areaSlug: "playa-flamingo",
    language: "both",
    memberCount: 1234,
    countedDaysAgo: 11,
    verified: true,
  },
  {
    platform: "whatsapp",
    inviteUrl: "https://chat.whatsapp.com/DEMOBuySellBrasilito",
    name: "Brasilito Buy & Sell (demo)",
    descriptionEn: "Furniture, boards, bikes and baby things changing hands between neighbours.",
    descriptionEs: "Muebles, tablas, bicicletas y cosas de bebé entre vecinos.",
    topic: "buy-sell",
    areaSlug: "brasilito",
    language: "both",
    memberCount: 842,
    countedDaysAgo: 30,
    verified: false,
  },
  {
    platform: "telegram",
    inviteUrl: "https://t.me/DEMO_potrero_surf",
    name: "Potrero Dawn Patrol (demo)",
    descriptionEn: "Who is paddling out and where: quick surf checks from Potrero to Surfside.",
    descriptionEs: "",
    topic: "surf",
    areaSlug: "surfside",
    language: "en",
    memberCount: 156,
    countedDaysAgo: 5,
    verified: false,
  },
  {
    platform: "facebook",
    inviteUrl: "https://www.facebook.com/groups/DEMO.familias.huacas",
    name: "Familias de Huacas (demo)",
    descriptionEn: "",
    descriptionEs: "Actividades para niños, escuelas, cuidado y paseos en familia por Huacas y alrededores.",
    topic: "families",
    areaSlug: "huacas",
    language: "es",
    memberCount: 389,
    countedDaysAgo: 60,
    verified: true,
  },
  {
    platform: "signal",
    inviteUrl: "https://signal.group/#DEMO-housing-flamingo-board",
    name: "Flamingo Housing Board (demo)",
    descriptionEn: "Long-term rentals and house-sitting offers, posted by the people renting them.",
    descriptionEs: "Alquileres a largo plazo y cuido de casas, publicados por quienes los alquilan.",
    topic: "housing",
    areaSlug: "playa-flamingo",
    language: "both",
    memberCount: null,
    countedDaysAgo: 0,
    verified: false,
  },
];

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export async function seedGroups(db: Db) {
  const now = new Date();
  const inserted = await db
    .insert(communityGroups)
    .values(
      demoGroups.map((group) => ({
        platform: group.platform,
        inviteUrl: group.inviteUrl,
        name: group.name,
        descriptionEn: group.descriptionEn,
        descriptionEs: group.descriptionEs,
        topic: group.topic,
        areaSlug: group.areaSlug,
        language: group.language,
        memberCount: group.memberCount,
        memberCountOn: group.memberCount === null ? null : daysAgo(group.countedDaysAgo),
        status: "published",
        publishedAt: now,
        verifiedAt: group.verified ? now : null,
        verificationProof: group.verified ? "Demo content: no real verification." : null,
        isDemo: true,
      })),
    )
    .onConflictDoNothing({ target: communityGroups.inviteUrl })
    .returning({ id: communityGroups.id });
  for (const row of inserted) await indexGroup(row.id, db);
}
