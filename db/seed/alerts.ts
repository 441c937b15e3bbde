import { eq } from "drizzle-orm";
import { alerts, alertUpdates } from "#app/features/alerts/schema";
import type { Db } from "#app/lib/db.server";
import { demoUsersWanted } from "./accounts";
import { demoInstant } from "./demo-dates";

// A few local alerts dated from the day the seed runs, with the demo accounts only: a made-up red
// tide or water cut on a real site would mislead people. Each says it is an example, names no real
// agency as its source and is marked is_demo (the pages show a "demo" mark). None in force is a
// warning, so the demo's pages carry no strip until the planned power cut starts tomorrow.

interface DemoAlert {
  key: string;
  kind: string;
  severity: string;
  areas: string[];
  titleEn: string;
  titleEs: string;
  bodyEn: string;
  bodyEs: string;
  starts: [number, string];
  expires: [number, string];
}

const demoSource = "Playa Hub demo (example, not a real notice)";

export const demoAlerts: DemoAlert[] = [
  {
    key: "red-tide",
    kind: "red-tide",
    severity: "advisory",
    areas: ["playa-flamingo", "brasilito"],
    titleEn: "Red tide in Flamingo Bay (example)",
    titleEs: "Marea roja en la bahía de Flamingo (ejemplo)",
    bodyEn:
      "Reddish-brown water has been seen along the bay. Avoid swimming where the water is discoloured and do not eat shellfish gathered here. Example alert for the demo.",
    bodyEs:
      "Se ha visto agua café rojiza a lo largo de la bahía. Evite bañarse donde el agua cambió de color y no consuma moluscos recogidos aquí. Alerta de ejemplo para la demo.",
    starts: [-1, "07:00"],
    expires: [3, "18:00"],
  },
  {
    key: "power-cut",
    kind: "power",
    severity: "warning",
    areas: ["huacas", "brasilito"],
    titleEn: "Planned power cut in Huacas and Brasilito (example)",
    titleEs: "Corte de luz programado en Huacas y Brasilito (ejemplo)",
    bodyEn:
      "The power will be off for line maintenance. Keep fridges closed and unplug sensitive equipment. Example alert for the demo.",
    bodyEs:
      "Se suspenderá la electricidad por mantenimiento de líneas. Mantenga las refrigeradoras cerradas y desconecte equipos sensibles. Alerta de ejemplo para la demo.",
    starts: [1, "08:00"],
    expires: [1, "14:00"],
  },
  {
    key: "surf",
    kind: "surf",
    severity: "information",
    areas: [],
    titleEn: "Strong rip currents at low tide (example)",
    titleEs: "Corrientes de resaca fuertes con marea baja (ejemplo)",
    bodyEn:
      "A south swell brings rip currents near river mouths and rocks. Swim where others swim and ask lifeguards. Example alert for the demo.",
    bodyEs:
      "Un oleaje del sur trae corrientes de resaca cerca de desembocaduras y rocas. Báñese donde se bañan otros y consulte a los salvavidas. Alerta de ejemplo para la demo.",
    starts: [0, "06:00"],
    expires: [2, "18:00"],
  },
];

export async function seedAlerts(db: Db, options: { demoUsers?: boolean; now?: Date } = {}) {
  if (!demoUsersWanted(options)) return;
  const [seeded] = await db.select({ id: alerts.id }).from(alerts).where(eq(alerts.isDemo, true)).limit(1);
  if (seeded) return;
  const now = options.now ?? new Date();
  for (const demo of demoAlerts) {
    const startsAt = demoInstant(now, ...demo.starts);
    const [row] = await db
      .insert(alerts)
      .values({
        kind: demo.kind,
        severity: demo.severity,
        areas: demo.areas,
        titleEn: demo.titleEn,
        titleEs: demo.titleEs,
        bodyEn: demo.bodyEn,
        bodyEs: demo.bodyEs,
        sourceName: demoSource,
        startsAt,
        expiresAt: demoInstant(now, ...demo.expires),
        status: "published",
        revision: 1,
        isDemo: true,
        createdAt: new Date(Math.min(startsAt.getTime(), now.getTime())),
      })
      .returning({ id: alerts.id });
    await db.insert(alertUpdates).values({ alertId: row.id, revision: 1, change: "published" });
  }
}
