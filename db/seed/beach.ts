import { eq } from "drizzle-orm";
import { indexBeaches } from "#app/features/beach/indexing.server";
import { beachReports } from "#app/features/beach/schema";
import type { Db } from "#app/lib/db.server";
import { users } from "#app/platform/people/schema";
import { demoUsersWanted } from "./accounts";
import { hoursBefore } from "./demo-dates";

// The beaches come from site configuration; this step makes their reports searchable and, with the
// demo accounts only, posts a few condition reports dated from the day the seed runs (one this
// morning, older ones below it), by a demo reporter whose account cannot sign in. Never on a real
// site: a made-up flag or jellyfish warning there would mislead swimmers.

const demoReporter = {
  id: "demo-reporter",
  email: "reporter@demo.playahub.test",
  firstName: "Demo Reporter",
};

export const demoBeachReports = [
  {
    beachSlug: "playa-flamingo",
    hoursAgo: 2,
    surfSize: "waist",
    surfQuality: "good",
    wind: "light",
    windDirection: "offshore",
    waterClarity: "clear",
    waterTempC: 29,
    flag: "green",
    jellyfish: "none",
    sargassum: "none",
    crowd: "quiet",
    note: "Clean, glassy sets at the north end this morning and the water is clear enough to see the sand. Example report for the demo.",
    noteLanguage: "en",
  },
  {
    beachSlug: "playa-flamingo",
    hoursAgo: 27,
    surfSize: "knee",
    surfQuality: "fair",
    wind: "moderate",
    windDirection: "onshore",
    waterClarity: "fair",
    waterTempC: 28.5,
    flag: "yellow",
    jellyfish: "few",
    sargassum: "light",
    crowd: "moderate",
    note: "Bandera amarilla por la corriente cerca de las rocas del sur; algunas aguas malas en la orilla. Reporte de ejemplo para la demo.",
    noteLanguage: "es",
  },
  {
    beachSlug: "playa-flamingo",
    hoursAgo: 74,
    surfSize: "chest",
    surfQuality: "good",
    wind: "calm",
    windDirection: null,
    waterClarity: "clear",
    waterTempC: 29,
    flag: "none",
    jellyfish: "none",
    sargassum: "none",
    crowd: "busy",
    note: "Long-period swell, fun waves at high tide. Busy weekend crowd. Example report for the demo.",
    noteLanguage: "en",
  },
  {
    beachSlug: "playa-conchal",
    hoursAgo: 5,
    surfSize: "flat",
    surfQuality: null,
    wind: "calm",
    windDirection: null,
    waterClarity: "clear",
    waterTempC: 29.5,
    flag: "none",
    jellyfish: "none",
    sargassum: "none",
    crowd: "moderate",
    note: "Agua cristalina y sin olas: ideal para esnórquel en el extremo sur. Reporte de ejemplo para la demo.",
    noteLanguage: "es",
  },
] as const;

export async function seedBeach(db: Db, options: { demoUsers?: boolean; now?: Date } = {}) {
  if (demoUsersWanted(options)) await seedDemoBeachReports(db, options.now ?? new Date());
  await indexBeaches(db);
}

async function seedDemoBeachReports(db: Db, now: Date) {
  await db
    .insert(users)
    .values({
      id: demoReporter.id,
      email: demoReporter.email,
      name: demoReporter.firstName,
      firstName: demoReporter.firstName,
      isDemo: true,
    })
    .onConflictDoNothing();
  const [posted] = await db
    .select({ id: beachReports.id })
    .from(beachReports)
    .where(eq(beachReports.authorId, demoReporter.id))
    .limit(1);
  if (posted) return;
  await db.insert(beachReports).values(
    demoBeachReports.map(({ hoursAgo, ...report }) => ({
      ...report,
      authorId: demoReporter.id,
      createdAt: hoursBefore(now, hoursAgo),
    })),
  );
}
