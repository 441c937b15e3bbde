import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { askConcierge } from "#app/compose/concierge/concierge.server";
import {
  activeAlerts,
  alertBoundaryPassed,
  alertUpdates,
  beachAlerts,
  endAlert,
  getAlert,
  homeAlerts,
  listAlerts,
  listManagedAlerts,
  publishAlert,
  updateAlert,
} from "#app/features/alerts/alerts.server";
import { alerts } from "#app/features/alerts/schema";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { refreshContentVersions, versionOf } from "#app/lib/response-cache/versions.server";
import { grantPermission } from "#app/platform/accounts/grants.server";
import { auditLog } from "#app/platform/audit/schema";
import { createTestUser } from "#tests/factories/accounts";
import { alertInput } from "#tests/factories/alerts";

// Publishing, updating and ending alerts; scoped permission by area; expiry by the clock alone;
// the audit line, the update rows and the content version every change bumps.

const hourMs = 60 * 60 * 1000;
let admin: Actor;
let flamingoPoster: Actor;
let everywherePoster: Actor;
let plain: Actor;

async function posterFor(scopeId: string | null): Promise<Actor> {
  const user = await createTestUser({ firstName: "Poster" });
  await grantPermission({
    actor: admin,
    userId: user.id,
    permission: "post:alert:any",
    scope: { type: "area", id: scopeId as string },
    audit: { action: "alert.poster.grant" },
  });
  return {
    id: user.id,
    role: "user",
    grants: [{ permission: "post:alert:any", scopeType: "area", scopeId }],
  };
}

beforeAll(async () => {
  const adminUser = await createTestUser({ roles: ["admin"], firstName: "Ana" });
  admin = { id: adminUser.id, role: "admin" };
  flamingoPoster = await posterFor("playa-flamingo");
  everywherePoster = await posterFor(null);
  const plainUser = await createTestUser({ firstName: "Vera" });
  plain = { id: plainUser.id, role: "user" };
});

describe("publishing an alert", () => {
  it("publishes revision 1 with an update row, an audit line and a new content version", async () => {
    await refreshContentVersions();
    const before = versionOf("alerts");
    const published = await publishAlert({ actor: admin, input: alertInput() });
    expect(published).toMatchObject({ revision: 1, status: "published", areas: ["playa-flamingo"] });
    await refreshContentVersions();
    expect(versionOf("alerts")).toBe(before + 1);
    const updates = await alertUpdates(published.id);
    expect(updates).toMatchObject([{ revision: 1, change: "published" }]);
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(published.id)));
    expect(audit.map((row) => row.action)).toContain("alert.publish");
    const view = await getAlert({ id: published.id });
    expect(view).toMatchObject({ state: "active", title: { es: "Marea roja en Playa Flamingo" } });
    expect(view?.areas[0].name.en).toBeTruthy();
  });

  it("refuses an alert that has already expired, an unknown area and a window the wrong way round", async () => {
    const now = new Date();
    await expect(
      publishAlert({
        actor: admin,
        input: alertInput({ expiresAt: new Date(now.getTime() - 1000), startsAt: new Date(now.getTime() - hourMs) }),
      }),
    ).rejects.toMatchObject({ code: "invalid", messageKey: "alerts:form.errors.expiresInPast" });
    await expect(publishAlert({ actor: admin, input: alertInput({ areas: ["atlantis"] }) })).rejects.toMatchObject({
      code: "invalid",
      details: { field: "areas" },
    });
    await expect(
      publishAlert({
        actor: admin,
        input: alertInput({
          startsAt: new Date(now.getTime() + 2 * hourMs),
          expiresAt: new Date(now.getTime() + hourMs),
        }),
      }),
    ).rejects.toMatchObject({ messageKey: "alerts:form.errors.expiresBeforeStart" });
  });

  it("reads wall times on the site's clocks", async () => {
    const published = await publishAlert({
      actor: admin,
      input: alertInput({ startsAt: "2099-01-01T10:00", expiresAt: "2099-01-01T18:00" }),
      now: new Date("2098-12-31T12:00:00Z"),
    });
    const [row] = await getDb().select().from(alerts).where(eq(alerts.id, published.id));
    expect(row.startsAt.toISOString()).toBe("2099-01-01T16:00:00.000Z");
    expect(row.expiresAt.toISOString()).toBe("2099-01-02T00:00:00.000Z");
  });
});

describe("who may post", () => {
  it("lets an area's poster publish there and nowhere else, nor for the whole site", async () => {
    const own = await publishAlert({ actor: flamingoPoster, input: alertInput({ kind: "power" }) });
    expect(own.status).toBe("published");
    await expect(
      publishAlert({ actor: flamingoPoster, input: alertInput({ areas: ["brasilito"] }) }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      publishAlert({ actor: flamingoPoster, input: alertInput({ areas: ["playa-flamingo", "brasilito"] }) }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(publishAlert({ actor: flamingoPoster, input: alertInput({ areas: [] }) })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("lets a poster for every area publish for several areas and the whole site", async () => {
    const wide = await publishAlert({ actor: everywherePoster, input: alertInput({ areas: [] }) });
    expect(wide.areas).toEqual([]);
    const two = await publishAlert({ actor: everywherePoster, input: alertInput({ areas: ["brasilito", "huacas"] }) });
    expect(two.areas).toEqual(["brasilito", "huacas"]);
  });

  it("refuses anyone without the grant, and the signed out", async () => {
    await expect(publishAlert({ actor: plain, input: alertInput() })).rejects.toMatchObject({ code: "forbidden" });
    await expect(publishAlert({ actor: null, input: alertInput() })).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("refuses an area poster an update or an end of an alert elsewhere", async () => {
    const elsewhere = await publishAlert({ actor: admin, input: alertInput({ areas: ["huacas"] }) });
    await expect(
      updateAlert({ actor: flamingoPoster, alertId: elsewhere.id, input: alertInput({ areas: ["huacas"] }) }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(endAlert({ actor: flamingoPoster, alertId: elsewhere.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    // Nor may they move it into their own area.
    await expect(
      updateAlert({ actor: flamingoPoster, alertId: elsewhere.id, input: alertInput() }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect((await alertUpdates(elsewhere.id)).length).toBe(1);
  });

  it("lists for a poster only the alerts of their areas", async () => {
    const mine = await listManagedAlerts({ actor: flamingoPoster });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((alert) => alert.areas.length > 0 && alert.areas.every((a) => a.slug === "playa-flamingo"))).toBe(
      true,
    );
    expect(await listManagedAlerts({ actor: plain })).toEqual([]);
  });
});

describe("updating and ending", () => {
  it("records each change as a revision with its note, and ends it out of every list", async () => {
    const published = await publishAlert({
      actor: flamingoPoster,
      input: alertInput({ kind: "water", severity: "advisory" }),
    });
    const updated = await updateAlert({
      actor: flamingoPoster,
      alertId: published.id,
      input: alertInput({
        kind: "water",
        severity: "emergency",
        titleEn: "No water in Flamingo",
        titleEs: "Sin agua en Flamingo",
      }),
      note: { noteEn: "Now an emergency", noteEs: "Ahora es una emergencia" },
    });
    expect(updated.revision).toBe(2);
    expect((await activeAlerts({ area: "playa-flamingo" })).map((alert) => alert.id)).toContain(published.id);
    const ended = await endAlert({
      actor: flamingoPoster,
      alertId: published.id,
      note: { noteEn: "Water is back", noteEs: "Ya volvió el agua" },
    });
    expect(ended).toMatchObject({ revision: 3, status: "ended" });
    const updates = await alertUpdates(published.id);
    expect(updates.map((row) => [row.revision, row.change])).toEqual([
      [1, "published"],
      [2, "updated"],
      [3, "ended"],
    ]);
    expect(updates[2].note).toEqual({ en: "Water is back", es: "Ya volvió el agua" });
    expect((await activeAlerts()).map((alert) => alert.id)).not.toContain(published.id);
    expect((await listAlerts()).map((alert) => alert.id)).not.toContain(published.id);
    expect((await getAlert({ id: published.id }))?.state).toBe("ended");
    await expect(endAlert({ actor: admin, alertId: published.id })).rejects.toMatchObject({ code: "conflict" });
    await expect(updateAlert({ actor: admin, alertId: published.id, input: alertInput() })).rejects.toMatchObject({
      code: "conflict",
    });
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(published.id)));
    expect(audit.map((row) => row.action).sort()).toEqual(["alert.end", "alert.publish", "alert.update"]);
  });

  it("answers not found for an alert that does not exist", async () => {
    await expect(endAlert({ actor: admin, alertId: 999_999 })).rejects.toMatchObject({ code: "not_found" });
    expect(await getAlert({ id: 999_999 })).toBeNull();
  });
});

describe("expiry", () => {
  it("leaves every list by itself once expired, and reports the boundary that passed", async () => {
    const now = new Date();
    const published = await publishAlert({
      actor: admin,
      input: alertInput({
        kind: "road",
        areas: ["brasilito"],
        startsAt: now,
        expiresAt: new Date(now.getTime() + hourMs),
      }),
      now,
    });
    const later = new Date(now.getTime() + hourMs + 1000);
    expect((await activeAlerts({ now, area: "brasilito" })).map((a) => a.id)).toContain(published.id);
    expect((await activeAlerts({ now: later, area: "brasilito" })).map((a) => a.id)).not.toContain(published.id);
    expect((await listAlerts({ now: later })).map((a) => a.id)).not.toContain(published.id);
    expect((await getAlert({ id: published.id, now: later }))?.state).toBe("expired");
    expect(await alertBoundaryPassed(new Date(now.getTime() + hourMs - 1000), later)).toBe(true);
  });

  it("shows a scheduled alert as upcoming, not in force, until it starts", async () => {
    const now = new Date();
    const published = await publishAlert({
      actor: admin,
      input: alertInput({
        kind: "power",
        areas: ["huacas"],
        startsAt: new Date(now.getTime() + 2 * hourMs),
        expiresAt: new Date(now.getTime() + 5 * hourMs),
      }),
      now,
    });
    expect((await activeAlerts({ now, area: "huacas" })).map((a) => a.id)).not.toContain(published.id);
    expect((await listAlerts({ now, filters: { when: "upcoming" } })).map((a) => a.id)).toContain(published.id);
    expect((await listAlerts({ now, filters: { when: "now" } })).map((a) => a.id)).not.toContain(published.id);
    const started = new Date(now.getTime() + 2 * hourMs + 1000);
    expect((await activeAlerts({ now: started, area: "huacas" })).map((a) => a.id)).toContain(published.id);
  });

  it("shows an area the whole site's alerts and its own, not another area's", async () => {
    const site = await publishAlert({ actor: admin, input: alertInput({ kind: "weather", areas: [] }) });
    const other = await publishAlert({ actor: admin, input: alertInput({ kind: "surf", areas: ["las-catalinas"] }) });
    const ids = (await activeAlerts({ area: "surfside" })).map((a) => a.id);
    expect(ids).toContain(site.id);
    expect(ids).not.toContain(other.id);
    expect((await listAlerts({ filters: { kind: "surf" } })).every((a) => a.kind === "surf")).toBe(true);
  });
});

describe("the home page's and the beach report's alerts", () => {
  it("gives the home page the whole site's alerts and the serious ones of any area", async () => {
    const site = await publishAlert({
      actor: admin,
      input: alertInput({ kind: "weather", severity: "information", areas: [] }),
    });
    const serious = await publishAlert({
      actor: admin,
      input: alertInput({ kind: "power", severity: "emergency", areas: ["huacas"] }),
    });
    const minor = await publishAlert({
      actor: admin,
      input: alertInput({ kind: "road", severity: "advisory", areas: ["huacas"] }),
    });
    const ids = (await homeAlerts()).map((a) => a.id);
    expect(ids).toContain(site.id);
    expect(ids).toContain(serious.id);
    expect(ids).not.toContain(minor.id);
    // Most serious first.
    expect(ids.indexOf(serious.id)).toBeLessThan(ids.indexOf(site.id));
  });

  it("gives a beach its area's and the whole site's surf, red tide, water quality and weather alerts", async () => {
    const surf = await publishAlert({
      actor: admin,
      input: alertInput({ kind: "surf", severity: "advisory", areas: ["brasilito"] }),
    });
    const water = await publishAlert({
      actor: admin,
      input: alertInput({ kind: "water-quality", severity: "information", areas: [] }),
    });
    const power = await publishAlert({
      actor: admin,
      input: alertInput({ kind: "power", severity: "warning", areas: ["brasilito"] }),
    });
    const elsewhere = await publishAlert({
      actor: admin,
      input: alertInput({ kind: "red-tide", severity: "warning", areas: ["las-catalinas"] }),
    });
    const beach = await beachAlerts({ area: "brasilito" });
    const ids = beach.map((a) => a.id);
    expect(ids).toContain(surf.id);
    expect(ids).toContain(water.id);
    expect(ids).not.toContain(power.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(beach.every((a) => ["surf", "red-tide", "water-quality", "weather"].includes(a.kind))).toBe(true);
    const later = new Date(Date.now() + 25 * hourMs);
    expect((await beachAlerts({ area: "brasilito", now: later })).map((a) => a.id)).not.toContain(surf.id);
  });

  it("shows an alert published or ended within the same minute on the next read, though reads are remembered", async () => {
    const now = new Date();
    const before = (await homeAlerts({ now })).map((a) => a.id);
    const beachBefore = (await beachAlerts({ area: "brasilito", now })).map((a) => a.id);
    const published = await publishAlert({
      actor: admin,
      input: alertInput({ kind: "surf", severity: "warning", areas: [] }),
    });
    expect(before).not.toContain(published.id);
    expect(beachBefore).not.toContain(published.id);
    // As the server does once a write's response goes out (server/app.ts).
    void refreshContentVersions();
    expect((await homeAlerts({ now })).map((a) => a.id)).toContain(published.id);
    expect((await beachAlerts({ area: "brasilito", now })).map((a) => a.id)).toContain(published.id);
    await endAlert({ actor: admin, alertId: published.id, note: { noteEn: "Over", noteEs: "Terminó" } });
    void refreshContentVersions();
    expect((await homeAlerts({ now })).map((a) => a.id)).not.toContain(published.id);
  });
});

describe("the concierge", () => {
  const ask = (question: string, language: "en" | "es") =>
    askConcierge({
      question,
      language,
      actor: null,
      ip: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
      conversationToken: null,
    });

  it("answers red tide and power questions from the alerts in force, in both languages", async () => {
    const tide = await publishAlert({
      actor: admin,
      input: alertInput({ kind: "red-tide", titleEn: "Red tide in the bay", titleEs: "Marea roja en la bahía" }),
    });
    const en = await ask("Is there red tide?", "en");
    expect(en.intent).toBe("alerts");
    expect(en.answer).toContain("Red tide in the bay");
    expect(en.citations.map((citation) => citation.url)).toContain(`/alerts/${tide.id}`);
    const es = await ask("¿hay marea roja?", "es");
    expect(es.intent).toBe("alerts");
    expect(es.answer).toContain("Marea roja en la bahía");
    expect(es.citations.map((citation) => citation.url)).toContain(`/es/alerts/${tide.id}`);
  });

  it("says so when no alert of that kind is in force", async () => {
    const answer = await ask("¿Se va a ir la luz en Huacas?", "es");
    expect(answer.intent).toBe("alerts");
    const power = (await listAlerts({ filters: { kind: "power", area: "huacas" } })).length;
    if (power === 0) expect(answer.answer).toContain("No hay ninguna alerta");
    else expect(answer.answer).toContain("Alertas vigentes");
    const road = await ask("Is the road closed by a landslide?", "en");
    expect(road.intent).toBe("alerts");
  });
});
