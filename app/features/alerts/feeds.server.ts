import { type Language, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import {
  type AlertListFilters,
  type AlertUpdateView,
  type AlertView,
  alertUpdates,
  getAlert,
  listAlerts,
} from "./alerts.server";
import type { AlertKind, AlertSeverity } from "./constants";

// The alerts as feeds: RSS 2.0 (a reader's list), JSON (programs) and the Common Alerting Protocol
// 1.2 (OASIS), which public-alert aggregators and emergency apps read. CAP: one message per
// published change of an alert (its revision), identified by the alert and the revision; the first
// is msgType Alert, each later one an Update that references every earlier message; an ended
// alert's last message is an Update whose responseType is AllClear and urgency Past. Each message
// carries the alert in both languages as two <info> blocks.

export const capNamespace = "urn:oasis:names:tc:emergency:cap:1.2";

function escapeXml(value: string) {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

function alertUrl(origin: string, id: number, language: Language) {
  return `${origin}${localizePath(`/alerts/${id}`, language)}`;
}

function areaNames(alert: AlertView, language: Language, wholeSite: string) {
  return alert.areas.length ? alert.areas.map((area) => area.name[language]).join(", ") : wholeSite;
}

/** RSS 2.0 of the alerts in force and announced (filtered like /alerts), in one language. */
export async function alertsRss(options: {
  origin: string;
  language: Language;
  filters?: AlertListFilters;
  now?: Date;
}): Promise<string> {
  const { language, origin } = options;
  const [t, site, alerts] = await Promise.all([
    getTranslator(language),
    getSiteConfig(language),
    listAlerts({ filters: options.filters, now: options.now }),
  ]);
  const wholeSite = t("alerts:card.wholeSite");
  const items = alerts.map((alert) => {
    const url = alertUrl(origin, alert.id, language);
    const label = `${t(`alerts:severities.${alert.severity}`)} · ${t(`alerts:kinds.${alert.kind}`)}`;
    const text = [
      `${label} · ${areaNames(alert, language, wholeSite)}`,
      alert.body[language],
      t("alerts:card.source", { name: alert.sourceName }),
    ]
      .filter(Boolean)
      .join("\n\n");
    return [
      "<item>",
      `<title>${escapeXml(`${t(`alerts:severities.${alert.severity}`)}: ${alert.title[language]}`)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      // A new revision is a new item: readers show the update instead of keeping the old text.
      `<guid isPermaLink="false">${escapeXml(`alert-${alert.id}-${alert.revision}@${new URL(origin).host}`)}</guid>`,
      `<category>${escapeXml(t(`alerts:kinds.${alert.kind}`))}</category>`,
      `<description>${escapeXml(text)}</description>`,
      `<pubDate>${alert.updatedAt.toUTCString()}</pubDate>`,
      "</item>",
    ].join("");
  });
  const self = `${origin}${localizePath("/alerts.rss", language)}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${escapeXml(`${t("alerts:meta.title")} · ${site.siteName}`)}</title>`,
    `<link>${escapeXml(`${origin}${localizePath("/alerts", language)}`)}</link>`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(t("alerts:meta.description", { region: site.regionName }))}</description>`,
    `<language>${language === "es" ? "es-CR" : "en-US"}</language>`,
    `<lastBuildDate>${(options.now ?? new Date()).toUTCString()}</lastBuildDate>`,
    ...items,
    "</channel>",
    "</rss>",
  ].join("\n");
}

/** One alert for the JSON API, both languages. */
export function alertJson(alert: AlertView, origin: string) {
  return {
    id: alert.id,
    kind: alert.kind,
    severity: alert.severity,
    state: alert.state,
    revision: alert.revision,
    areas: alert.areas.map((area) => ({ slug: area.slug, name: area.name })),
    wholeSite: alert.areas.length === 0,
    title: alert.title,
    body: alert.body,
    source: { name: alert.sourceName, url: alert.sourceUrl },
    startsAt: alert.startsAt.toISOString(),
    expiresAt: alert.expiresAt.toISOString(),
    updatedAt: alert.updatedAt.toISOString(),
    demo: alert.isDemo,
    url: { en: alertUrl(origin, alert.id, "en"), es: alertUrl(origin, alert.id, "es") },
    cap: `${origin}/api/v1/alerts/${alert.id}/cap/${alert.revision}`,
  };
}

// ---------------------------------------------------------------------------------------------
// CAP 1.2

const capCategory: Record<AlertKind, string> = {
  "red-tide": "Env",
  power: "Infra",
  water: "Infra",
  road: "Transport",
  surf: "Safety",
  weather: "Met",
  "water-quality": "Health",
  wildlife: "Safety",
  other: "Other",
};

const capSeverity: Record<AlertSeverity, string> = {
  information: "Minor",
  advisory: "Moderate",
  warning: "Severe",
  emergency: "Extreme",
};

/** CAP's dateTime: seconds, an explicit offset, never "Z" (the standard forbids it). */
export function capTime(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}+00:00`;
}

function capUrgency(alert: AlertView, ended: boolean, sent: Date) {
  if (ended || alert.expiresAt <= sent) return "Past";
  if (alert.startsAt > sent) return "Future";
  return alert.severity === "emergency" || alert.severity === "warning" ? "Immediate" : "Expected";
}

export interface CapMessageRef {
  identifier: string;
  sent: string;
}

function capIdentifier(alertId: number, revision: number, host: string) {
  return `${host}.alert.${alertId}.${revision}`;
}

/** The CAP message of one revision of an alert (the revision's update row says when it was sent). */
export async function capMessage(options: {
  alert: AlertView;
  update: AlertUpdateView;
  earlier: AlertUpdateView[];
  origin: string;
}): Promise<string> {
  const { alert, update, origin } = options;
  const host = new URL(origin).host;
  const sender = `alerts@${host}`;
  const sent = update.createdAt;
  const ended = update.change === "ended";
  const references = options.earlier
    .map((earlier) => `${sender},${capIdentifier(alert.id, earlier.revision, host)},${capTime(earlier.createdAt)}`)
    .join(" ");
  const infos = await Promise.all(
    (["en", "es"] as const).map(async (language) => {
      const [t, site] = await Promise.all([getTranslator(language), getSiteConfig(language)]);
      const note = update.note[language];
      const description = [alert.body[language], note].filter(Boolean).join("\n\n");
      return [
        "<info>",
        `<language>${language === "es" ? "es-CR" : "en-US"}</language>`,
        `<category>${capCategory[alert.kind]}</category>`,
        `<event>${escapeXml(t(`alerts:kinds.${alert.kind}`))}</event>`,
        ended ? "<responseType>AllClear</responseType>" : "",
        `<urgency>${capUrgency(alert, ended, sent)}</urgency>`,
        `<severity>${capSeverity[alert.severity]}</severity>`,
        `<certainty>${alert.kind === "weather" ? "Likely" : "Observed"}</certainty>`,
        `<effective>${capTime(sent)}</effective>`,
        `<onset>${capTime(alert.startsAt)}</onset>`,
        `<expires>${capTime(ended && sent < alert.expiresAt ? sent : alert.expiresAt)}</expires>`,
        `<senderName>${escapeXml(`${alert.sourceName} · ${t("alerts:cap.senderName", { site: site.siteName })}`)}</senderName>`,
        `<headline>${escapeXml(alert.title[language])}</headline>`,
        description ? `<description>${escapeXml(description)}</description>` : "",
        `<web>${escapeXml(alertUrl(origin, alert.id, language))}</web>`,
        "<area>",
        `<areaDesc>${escapeXml(areaNames(alert, language, t("alerts:cap.wholeSite", { region: site.regionName })))}</areaDesc>`,
        "</area>",
        "</info>",
      ]
        .filter(Boolean)
        .join("\n");
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<alert xmlns="${capNamespace}">`,
    `<identifier>${escapeXml(capIdentifier(alert.id, update.revision, host))}</identifier>`,
    `<sender>${escapeXml(sender)}</sender>`,
    `<sent>${capTime(sent)}</sent>`,
    // Demo alerts are examples: aggregators must not relay them as real.
    `<status>${alert.isDemo ? "Test" : "Actual"}</status>`,
    `<msgType>${update.revision === 1 || !references ? "Alert" : "Update"}</msgType>`,
    "<scope>Public</scope>",
    references ? `<references>${escapeXml(references)}</references>` : "",
    ...infos,
    "</alert>",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * The CAP message of an alert's revision, or null when there is no such published alert or
 * revision. A draft has none.
 */
export async function alertCap(options: { id: number; revision: number; origin: string }): Promise<string | null> {
  const alert = await getAlert({ id: options.id });
  if (!alert || alert.status === "draft") return null;
  const updates = await alertUpdates(alert.id);
  const index = updates.findIndex((update) => update.revision === options.revision);
  if (index < 0) return null;
  return capMessage({ alert, update: updates[index], earlier: updates.slice(0, index), origin: options.origin });
}

/**
 * The index aggregators poll: an Atom feed with one entry per alert in force or announced, each
 * linking its latest CAP message (the usual way CAP messages are published).
 */
export async function capIndex(options: { origin: string; now?: Date }): Promise<string> {
  const now = options.now ?? new Date();
  const [t, site, alerts] = await Promise.all([getTranslator("en"), getSiteConfig("en"), listAlerts({ now })]);
  const entries = alerts.map((alert) => {
    const cap = `${options.origin}/api/v1/alerts/${alert.id}/cap/${alert.revision}`;
    return [
      "<entry>",
      `<id>${escapeXml(cap)}</id>`,
      `<title>${escapeXml(alert.title.en)}</title>`,
      `<updated>${alert.updatedAt.toISOString()}</updated>`,
      `<link rel="alternate" type="application/cap+xml" href="${escapeXml(cap)}"/>`,
      `<link rel="related" type="text/html" href="${escapeXml(alertUrl(options.origin, alert.id, "en"))}"/>`,
      "</entry>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escapeXml(`${options.origin}/api/v1/alerts/cap`)}</id>`,
    `<title>${escapeXml(`${t("alerts:meta.title")} · ${site.siteName} (CAP)`)}</title>`,
    `<updated>${now.toISOString()}</updated>`,
    `<author><name>${escapeXml(site.siteName)}</name></author>`,
    `<link rel="self" href="${escapeXml(`${options.origin}/api/v1/alerts/cap`)}"/>`,
    ...entries,
    "</feed>",
  ].join("\n");
}
