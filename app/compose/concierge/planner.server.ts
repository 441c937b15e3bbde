import type { TFunction } from "i18next";
import { listAlerts } from "#app/features/alerts/alerts.server";
import { formatDate } from "#app/lib/format";
import { type Language, localizePath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { retrievalWeights } from "#app/lib/search/index.server";
import { foldWords, understandQuery } from "#app/lib/search/understand";
import { type ConciergeIntent, fold, type PlannedQuestion, planQuestion, withoutInjuryWords } from "./intents";
import {
  areaVocabulary,
  type BusinessDetails,
  type BusinessHit,
  beachDay,
  businessDetails,
  type Citation,
  classifiedAds,
  communityForums,
  emergencyNumbers,
  findBusinesses,
  findNamedBusiness,
  guidePage,
  localGroups,
  propertyListings,
  type Retrieval,
  type RetrievedItem,
  retrieve,
  upcomingEvents,
  weekdayName,
} from "./tools.server";

export type ConversationContext = {
  businessSlug?: string;
  businessName?: string;
  category?: string;
  area?: string;
  query?: string;
  intent?: string;
};

// The planner, for when no model is configured: reads what the question asks (intents.ts), asks the
// tools and the site search, and composes the answer from the locale's templates, citing only what
// they returned. Emergencies, professional help, open now, the beach and named businesses have
// rules of their own; anything else is answered from what retrieval finds.

function link(citation: Citation) {
  return `[${citation.title.replace(/[[\]]/g, "")}](${citation.url})`;
}

function openLine(hit: Pick<BusinessHit, "openText">, t: TFunction, language: Language) {
  const text = hit.openText;
  if (text.key === "opensAt")
    return t("concierge:answers.opensAt", { time: text.time, day: weekdayName(text.day ?? 0, language) });
  return t(`concierge:answers.${text.key}`, { time: text.time });
}

/** Emergency numbers the site has for what a question is about, by words of the number's name. */
const specificNumbers: { when: RegExp; name: RegExp }[] = [
  {
    when: /poison|swallow|overdose|sobredosis|venen|intoxica|se trago|toxic|sting|bite|bitten|picad|pico|mordi|mordedura|scorpion|alacran|escorpion|snake|serpiente|culebra|jellyfish|medusa|aguamala|agua mala/,
    name: /intoxica|poison/,
  },
  {
    when: /ambulance|ambulancia|injur|herid|lesion|broke|fractura|quebre|bleed|sangr|chest|pecho|seizure|convuls|breathe|respirar|heat stroke|golpe/,
    name: /cruz roja|red cross/,
  },
  {
    when: /\bsea\b|\bmar\b|boat|bote|lancha|stingray|raya|jellyfish|medusa|aguamala|drown|ahog|rip/,
    name: /guardacostas|coast guard/,
  },
];

interface PlannerInput {
  question: string;
  plan: PlannedQuestion;
  context: ConversationContext;
  now: Date;
  /** Set on each part of a question asked in two parts, so a part is not split again. */
  part?: boolean;
}

export interface Composed {
  lines: string[];
  citations: Citation[];
  answered: boolean;
  /** What the answer turned out to be about, when it is not the planner's first reading. */
  intent?: ConciergeIntent;
  context?: ConversationContext;
}

async function composeEmergency(
  t: TFunction,
  language: Language,
  options: { question?: string; urgentHealth?: boolean } = {},
): Promise<Composed> {
  const numbers = (await emergencyNumbers({ language })).filter((number) => !/^\D*911\D*$/.test(number.phone));
  const page = await guidePage({ slug: "emergency" }, { language });
  const url = page?.url ?? localizePath("/emergency", language);
  const citations: Citation[] = [{ title: page?.title ?? t("concierge:answers.emergency.pageTitle"), url }];
  const numberLine = (number: { name: string; phone: string; tel: string }) =>
    `- **${number.name}**: [${number.phone}](${number.tel})`;
  if (!options.urgentHealth)
    return {
      lines: [
        t("concierge:answers.emergency.call911"),
        ...numbers.map(numberLine),
        t("concierge:answers.emergency.page", { url }),
      ],
      citations,
      answered: true,
    };
  // An injury, a sting, a bite, poisoning: 911 if it may be serious, then the number for it.
  const folded = fold(options.question ?? "");
  const specific = numbers.filter((number) =>
    specificNumbers.some((rule) => rule.when.test(folded) && rule.name.test(fold(number.name))),
  );
  const healthcare = await guidePage({ slug: "healthcare" }, { language });
  const healthcareUrl = healthcare?.url ?? localizePath("/healthcare", language);
  citations.push({ title: healthcare?.title ?? t("concierge:answers.health.pageTitle"), url: healthcareUrl });
  return {
    lines: [
      t("concierge:answers.health.call911"),
      ...(specific.length ? [t("concierge:answers.health.numbers"), ...specific.map(numberLine)] : []),
      t("concierge:answers.health.pages", { url: healthcareUrl, emergencyUrl: url }),
      t("concierge:answers.medical.notDoctor"),
    ],
    citations,
    answered: true,
  };
}

async function composeProfessional(kind: "medical" | "legal", t: TFunction, language: Language): Promise<Composed> {
  const slug = kind === "medical" ? "healthcare" : "government";
  const page = await guidePage({ slug }, { language });
  const url = page?.url ?? localizePath(`/${slug}`, language);
  return {
    lines: [
      t(`concierge:answers.${kind}.disclaimer`),
      t(`concierge:answers.${kind}.page`, { url, title: page?.title ?? slug }),
    ],
    citations: [{ title: page?.title ?? slug, url }],
    answered: true,
  };
}

async function composeBusinessStatus(
  slug: string,
  plan: PlannedQuestion,
  t: TFunction,
  language: Language,
  now: Date,
): Promise<Composed | null> {
  const details = await businessDetails({ slug, dayOffset: plan.dayOffset }, { language, now });
  if (!details) return null;
  const citation = { title: details.name, url: details.url };
  const lines: string[] = [];
  const name = link(citation);
  if (plan.dayOffset === 0) {
    lines.push(
      details.open
        ? t("concierge:answers.business.openNow", { name, status: openLine(details, t, language) })
        : t("concierge:answers.business.closedNow", { name, status: openLine(details, t, language) }),
    );
  }
  const dayName = weekdayName(details.day.weekday, language);
  if (details.day.closedFor !== null) lines.push(t("concierge:answers.business.closureOn", { name, day: dayName }));
  else if (details.day.periods.length)
    lines.push(
      t(
        plan.dayOffset === 1
          ? "concierge:answers.business.hoursTomorrow"
          : plan.dayOffset === 0
            ? "concierge:answers.business.hoursToday"
            : "concierge:answers.business.hoursOn",
        {
          name,
          day: dayName,
          hours: details.day.periods.join(", "),
        },
      ),
    );
  else
    lines.push(
      t(plan.dayOffset === 1 ? "concierge:answers.business.closedTomorrow" : "concierge:answers.business.closedOn", {
        name,
        day: dayName,
      }),
    );
  lines.push(...whereLines(details, t));
  if (details.specialties.length)
    lines.push(t("concierge:answers.business.specialties", { list: details.specialties.join(", ") }));
  if (details.offerings.length)
    lines.push(
      t("concierge:answers.business.offers", {
        list: details.offerings.map((offering) => t(`directory:offerings.items.${offering}`)).join(", "),
      }),
    );
  if (details.spokenLanguages.length)
    lines.push(
      t("directory:offerings.speaks", {
        list: details.spokenLanguages.map((code) => t(`directory:offerings.languages.${code}`)).join(", "),
      }),
    );
  if (details.contact) {
    const contact = details.contact;
    if (contact.phone) lines.push(t("concierge:answers.business.phone", { phone: contact.phone }));
    if (contact.website) lines.push(t("concierge:answers.business.website", { website: contact.website }));
  } else {
    lines.push(t("concierge:answers.business.seePage"));
  }
  return {
    lines,
    citations: [citation],
    answered: true,
    context: { businessSlug: slug, businessName: details.name, intent: "business" },
  };
}

async function composeDirectory(input: PlannerInput, t: TFunction, language: Language): Promise<Composed> {
  const { plan, now } = input;
  const openNow = plan.intent === "open_now";
  const base = { category: plan.category, area: plan.area, openNow, limit: 5 };
  let hits = await findBusinesses({ ...base, query: plan.query }, { language, now });
  const lines: string[] = [];
  const what = plan.query
    ? t(`concierge:dishes.${plan.query}`, { defaultValue: plan.query })
    : t(`directory:categories.${plan.category ?? "restaurant"}`, { defaultValue: plan.category ?? "" }).toLowerCase();
  const areaName = plan.area
    ? (await areaVocabulary()).find((area) => area.slug === plan.area)?.names[language === "es" ? 1 : 0]
    : null;
  const where = areaName ? t("concierge:answers.directory.inArea", { area: areaName }) : "";
  if (hits.length === 0 && plan.query && plan.area) {
    // Nothing of that kind in that area: say so, then the same kind nearby and that area's places.
    lines.push(
      t(openNow ? "concierge:answers.directory.noneOpenIn" : "concierge:answers.directory.noneIn", { what, where }),
    );
    const nearby = await findBusinesses(
      { query: plan.query, category: plan.category, openNow, limit: 3 },
      { language, now },
    );
    const local = await findBusinesses(
      { category: plan.category, area: plan.area, openNow, limit: 3 },
      { language, now },
    );
    if (nearby.length) lines.push(t("concierge:answers.directory.elsewhere", { what }));
    for (const hit of nearby) lines.push(`- ${businessLine(hit, t, language)}`);
    if (local.length) lines.push(t("concierge:answers.directory.localInstead", { where }));
    for (const hit of local) lines.push(`- ${businessLine(hit, t, language)}`);
    hits = [...nearby, ...local];
    return {
      lines,
      citations: citationsOf(hits),
      answered: hits.length > 0,
      context: { ...contextOf(plan), businessSlug: undefined },
    };
  }
  if (hits.length === 0) {
    lines.push(
      t(openNow ? "concierge:answers.directory.noneOpen" : "concierge:answers.directory.none", { what, where }),
    );
    return {
      lines,
      citations: [
        { title: t("concierge:answers.directory.directoryTitle"), url: localizePath("/directory", language) },
      ],
      answered: false,
      context: contextOf(plan),
    };
  }
  lines.push(
    t(openNow ? "concierge:answers.directory.openIntro" : "concierge:answers.directory.intro", { what, where }),
  );
  for (const hit of hits) lines.push(`- ${businessLine(hit, t, language)}`);
  const single = hits.length === 1 ? hits[0] : null;
  return {
    lines,
    citations: citationsOf(hits),
    answered: true,
    context: {
      ...contextOf(plan),
      ...(single ? { businessSlug: single.url.split("/business/")[1], businessName: single.name } : {}),
    },
  };
}

/** "SINPE Móvil, Cards, Staff speak French": what was asked for, in the answer's language. */
/** Where the place is: its area and street address, its directions from landmarks, its Plus Code. */
function whereLines(
  details: Pick<BusinessDetails, "area" | "address" | "directions" | "plusCode">,
  t: TFunction,
): string[] {
  return [
    details.address
      ? t("concierge:answers.business.where", { area: details.area, address: details.address })
      : t("concierge:answers.business.whereArea", { area: details.area }),
    ...(details.directions ? [t("concierge:answers.business.directions", { directions: details.directions })] : []),
    ...(details.plusCode ? [t("concierge:answers.business.plusCode", { code: details.plusCode })] : []),
  ];
}

function offeringsText(plan: Pick<PlannedQuestion, "accepts" | "speaks">, t: TFunction) {
  return [
    ...(plan.accepts ?? []).map((offering) => t(`directory:offerings.items.${offering}`)),
    ...(plan.speaks?.length
      ? [
          t("directory:offerings.speaks", {
            list: plan.speaks.map((code) => t(`directory:offerings.languages.${code}`)).join(", "),
          }),
        ]
      : []),
  ].join(", ");
}

/**
 * "¿Aceptan SINPE?" about one business (named, or the one the conversation is about): yes, no or
 * partly, from what its listing says; the rest of its details follow.
 */
async function composeBusinessOfferings(
  slug: string,
  plan: PlannedQuestion,
  t: TFunction,
  language: Language,
  now: Date,
): Promise<Composed | null> {
  const details = await businessDetails({ slug }, { language, now });
  if (!details) return null;
  const citation = { title: details.name, url: details.url };
  const name = link(citation);
  const has = [
    ...(plan.accepts ?? []).filter((offering) => details.offerings.includes(offering)),
    ...(plan.speaks ?? []).filter((code) => details.spokenLanguages.includes(code)),
  ];
  const split = (values: string[]) => ({
    accepts: (plan.accepts ?? []).filter((offering) => values.includes(offering)),
    speaks: (plan.speaks ?? []).filter((code) => values.includes(code)),
  });
  const asked = [...(plan.accepts ?? []), ...(plan.speaks ?? [])];
  const missing = asked.filter((value) => !has.includes(value));
  const line = !missing.length
    ? t("concierge:answers.offerings.businessYes", { name, list: offeringsText(plan, t) })
    : !has.length
      ? t("concierge:answers.offerings.businessNo", { name, list: offeringsText(plan, t) })
      : t("concierge:answers.offerings.businessPartly", {
          name,
          yes: offeringsText(split(has), t),
          no: offeringsText(split(missing), t),
        });
  return {
    lines: [line, ...whereLines(details, t)],
    citations: [citation],
    answered: true,
    intent: "business",
    context: { businessSlug: slug, businessName: details.name, intent: "business" },
  };
}

/** "Which restaurants take cards?", "¿dónde pago con SINPE en Brasilito?": the directory's own filter. */
async function composeOfferings(input: PlannerInput, t: TFunction, language: Language): Promise<Composed> {
  const { plan, now } = input;
  const search = {
    category: plan.category,
    area: plan.area,
    openNow: plan.wantsOpen,
    accepts: plan.accepts,
    speaks: plan.speaks,
  };
  let hits = await findBusinesses({ ...search, query: plan.query, limit: 5 }, { language, now });
  // What the place must offer filters what is asked for; it does not replace it. "A dentist who
  // speaks English" is the dentist, not every health business with English-speaking staff, and
  // "who installs mesh wifi" is the internet installer, not the cafés that offer wifi.
  const retrieval = await retrieve({ question: input.question }, { language, now });
  if (retrieval.strongGroups) {
    const meetsNeed = new Set(
      retrieval.items.filter((item) => item.kind === "business" && answers(item, retrieval)).map((item) => item.url),
    );
    const filtered = hits.filter((hit) => meetsNeed.has(hit.url));
    if (filtered.length) hits = filtered;
    else if (hits.length && meetsNeed.size) {
      const [best] = retrieval.items;
      if (best?.kind === "business" && answers(best, retrieval)) {
        const composed = await composeRetrieved(input, t, language);
        if (composed?.answered) return composed;
      }
    }
  }
  const areaName = plan.area
    ? (await areaVocabulary()).find((area) => area.slug === plan.area)?.names[language === "es" ? 1 : 0]
    : null;
  const where = areaName ? t("concierge:answers.directory.inArea", { area: areaName }) : "";
  const list = offeringsText(plan, t);
  const params = new URLSearchParams();
  if (plan.category) params.set("category", plan.category);
  if (plan.area) params.set("area", plan.area);
  for (const offering of plan.accepts ?? []) params.append("accepts", offering);
  for (const code of plan.speaks ?? []) params.append("speaks", code);
  const directory = {
    title: t("concierge:answers.offerings.directoryTitle", { list }),
    url: `${localizePath("/directory", language)}?${params}`,
  };
  const context = { ...contextOf(plan), intent: "directory" as const };
  if (!hits.length)
    return {
      lines: [t("concierge:answers.offerings.none", { list, where }), link(directory)],
      citations: [directory],
      answered: false,
      intent: "directory",
      context,
    };
  const what = plan.category ? t(`directory:categories.${plan.category}`) : "";
  const single = hits.length === 1 ? hits[0] : null;
  return {
    lines: [
      what
        ? t("concierge:answers.offerings.introKind", { what, list, where })
        : t("concierge:answers.offerings.intro", { list, where }),
      ...hits.map((hit) => `- ${businessLine(hit, t, language)}`),
      t("concierge:answers.offerings.more", { link: link(directory) }),
    ],
    citations: [...citationsOf(hits), directory],
    answered: true,
    intent: "directory",
    context: {
      ...context,
      ...(single ? { businessSlug: single.url.split("/business/")[1], businessName: single.name } : {}),
    },
  };
}

function businessLine(hit: BusinessHit, t: TFunction, language: Language) {
  return `${link({ title: hit.name, url: hit.url })} (${hit.area}): ${openLine(hit, t, language)}`;
}

function citationsOf(items: { name?: string; title?: string; url: string }[]): Citation[] {
  const seen = new Set<string>();
  const citations: Citation[] = [];
  for (const item of items) {
    if (seen.has(item.url)) continue;
    seen.add(item.url);
    citations.push({ title: item.name ?? item.title ?? item.url, url: item.url });
  }
  return citations;
}

function contextOf(plan: PlannedQuestion): ConversationContext {
  return { category: plan.category, area: plan.area, query: plan.query, intent: plan.intent };
}

async function composeBeach(input: PlannerInput, t: TFunction, language: Language): Promise<Composed> {
  const { plan, now } = input;
  const day = await beachDay({ beach: plan.area, dayOffset: plan.dayOffset }, { language, now });
  if (!day) return { lines: [t("concierge:answers.unknown")], citations: [], answered: false };
  const citation = { title: t("concierge:answers.beach.reportTitle", { beach: day.beach }), url: day.url };
  const lines: string[] = [];
  const when = plan.dayOffset === 1 ? t("concierge:answers.tomorrow") : t("concierge:answers.today");
  if (plan.intent === "tides" || plan.intent === "best_time") {
    lines.push(t("concierge:answers.beach.tidesIntro", { beach: day.beach, when }));
    for (const tide of day.tides)
      lines.push(
        `- ${t(`concierge:answers.beach.${tide.type}`, { time: tide.time, height: tide.heightM.toFixed(2) })}`,
      );
  }
  if (plan.intent === "sun" || plan.intent === "tides") {
    if (day.sunrise && day.sunset)
      lines.push(t("concierge:answers.beach.sun", { sunrise: day.sunrise, sunset: day.sunset, when }));
  }
  if (plan.intent === "best_time" || plan.intent === "tides") {
    for (const best of day.best) {
      const key = `concierge:answers.beach.best.${best.rule}`;
      lines.push(`- ${t(key, { time: best.time, start: best.start, end: best.end })}`);
    }
  }
  lines.push(t("concierge:answers.beach.more", { url: day.url }));
  return { lines, citations: [citation], answered: true, context: { intent: plan.intent, area: plan.area } };
}

/**
 * "Is there red tide?", "¿se va a ir la luz?": the alerts of that kind in force or announced (for
 * the area named, with the whole site's), from the alerts area. None: says so and links the list.
 */
async function composeAlerts(input: PlannerInput, t: TFunction, language: Language): Promise<Composed> {
  const { plan, now } = input;
  const kind = plan.alertKind ?? "other";
  const alerts = await listAlerts({ filters: { kind, area: plan.area }, now });
  const listUrl = localizePath(`/alerts?kind=${kind}`, language);
  const kindName = t(`alerts:kinds.${kind}`).toLowerCase();
  const context = { intent: plan.intent, area: plan.area };
  if (!alerts.length) {
    return {
      lines: [t("alerts:concierge.none", { kind: kindName, url: listUrl })],
      citations: [{ title: t("alerts:meta.title"), url: listUrl }],
      answered: true,
      context,
    };
  }
  const when = (date: Date) => formatDate(date, language, { dateStyle: "medium", timeStyle: "short" });
  const lines = [t("alerts:concierge.some")];
  const citations: Citation[] = [];
  for (const alert of alerts.slice(0, 5)) {
    const url = localizePath(`/alerts/${alert.id}`, language);
    const title = link({ title: alert.title[language], url });
    const areas = alert.areas.length
      ? alert.areas.map((area) => area.name[language]).join(", ")
      : t("alerts:card.wholeSite");
    lines.push(
      `- ${
        alert.state === "scheduled"
          ? t("alerts:concierge.upcoming", { title, areas, from: when(alert.startsAt) })
          : t("alerts:concierge.line", {
              severity: t(`alerts:severities.${alert.severity}`),
              title,
              areas,
              until: when(alert.expiresAt),
            })
      }`,
    );
    citations.push({ title: alert.title[language], url });
  }
  lines.push(t("alerts:concierge.more", { url: listUrl }));
  return { lines, citations, answered: true, context };
}

/** The page that lists every thing of a kind. */
const listPages = { events: "/events", groups: "/groups", classifieds: "/classifieds", properties: "/real-estate" };

async function composeList(
  kind: "events" | "groups" | "classifieds" | "properties",
  input: PlannerInput,
  t: TFunction,
  language: Language,
): Promise<Composed> {
  const { plan, now } = input;
  const items =
    kind === "events"
      ? (await upcomingEvents({ days: 7, area: plan.area }, { language, now })).map((item) => ({
          ...item,
          line: `${link(item)}: ${item.when}, ${item.venue} (${item.area})`,
        }))
      : kind === "groups"
        ? (await localGroups({ area: plan.area }, { language })).map((item) => ({
            ...item,
            line: `${item.title} (${item.area})`,
          }))
        : kind === "classifieds"
          ? (await classifiedAds({ area: plan.area }, { language, now })).map((item) => ({
              ...item,
              line: `${link(item)} (${item.area})`,
            }))
          : (await propertyListings({ area: plan.area }, { language })).map((item) => ({
              ...item,
              line: `${link(item)} (${item.area})`,
            }));
  const pageUrl = localizePath(listPages[kind], language);
  const pageCitation = { title: t(`concierge:answers.lists.${kind}.pageTitle`), url: pageUrl };
  if (items.length === 0)
    return {
      lines: [t(`concierge:answers.lists.${kind}.none`, { url: pageUrl })],
      citations: [pageCitation],
      answered: false,
    };
  const lines = [
    t(`concierge:answers.lists.${kind}.intro`),
    ...items.map((item) => `- ${item.line}`),
    t(`concierge:answers.lists.${kind}.more`, { url: pageUrl }),
  ];
  const citations = kind === "groups" ? [pageCitation] : [...citationsOf(items), pageCitation];
  return { lines, citations, answered: true, context: { intent: kind } };
}

/**
 * "An expat forum to ask about residency", "where do I post a question for the community": the
 * forums, where residents ask each other, with the categories and discussions that fit the
 * question first. The local chat groups are another place to ask, one line below.
 */
async function composeForums(input: PlannerInput, t: TFunction, language: Language): Promise<Composed> {
  const forums = await communityForums({ question: input.question }, { language });
  const fitting = forums.categories.filter((category) => category.fits);
  const lines = [t("concierge:answers.forums.intro", { url: forums.url })];
  if (fitting.length) lines.push(...fitting.map((category) => `- ${link(category)}`));
  else lines.push(t("concierge:answers.forums.categories", { list: forums.categories.map(link).join(" · ") }));
  if (forums.threads.length) {
    lines.push(t("concierge:answers.forums.threads"));
    lines.push(...forums.threads.map((thread) => `- ${link(thread)}`));
  }
  lines.push(t("concierge:answers.forums.groups", { url: localizePath("/groups", language) }));
  return {
    lines,
    citations: citationsOf([
      { title: t("concierge:answers.forums.pageTitle"), url: forums.url },
      ...fitting,
      ...forums.threads,
    ]),
    answered: true,
    intent: "forums",
    context: { intent: "forums" },
  };
}

async function composeGuide(input: PlannerInput, t: TFunction, language: Language): Promise<Composed> {
  const page = await guidePage({ slug: input.plan.page ?? "guide" }, { language });
  if (!page) return composeUnsure([], t, language);
  const lines = [t("concierge:answers.guide.intro", { title: page.title, url: page.url })];
  if (page.summary) lines.push(`> ${page.summary.replace(/\s+/g, " ")}`);
  if (page.sections.length) lines.push(t("concierge:answers.guide.sections", { list: page.sections.join(" · ") }));
  return { lines, citations: [{ title: page.title, url: page.url }], answered: true, context: { intent: "guide" } };
}

/**
 * Nothing answers the question well: say so, offer the closest pages (things that match part of
 * it) under a plain "these may help", and count it as unanswered for the admins.
 */
function composeUnsure(closest: RetrievedItem[], t: TFunction, language: Language): Composed {
  const offered = closest.slice(0, 3);
  if (!offered.length)
    return {
      lines: [
        t("concierge:answers.unsure.intro"),
        t("concierge:answers.unsure.general", {
          directory: localizePath("/directory", language),
          guide: localizePath("/guide", language),
        }),
      ],
      citations: [],
      answered: false,
    };
  return {
    lines: [
      t("concierge:answers.unsure.intro"),
      t("concierge:answers.unsure.mayHelp"),
      ...offered.map((item) => `- ${link(item)}`),
    ],
    citations: citationsOf(offered),
    answered: false,
  };
}

const listIntents = { event: "events", group: "groups", classified: "classifieds", property: "properties" } as const;
type ListKind = keyof typeof listIntents;
const isListKind = (kind: string): kind is ListKind => kind in listIntents;

const emergencyPage = /^(?:\/es)?\/emergency(?:[#?/]|$)/;

/** How far below the best a thing may score and still be part of the answer. */
const keptMargin = 0.25;

function itemLine(item: RetrievedItem, t: TFunction, language: Language) {
  if (item.business) return `- ${businessLine(item.business, t, language)}`;
  if (item.when) return `- ${link(item)}: ${item.when}${item.place ? `, ${item.place}` : ""}`;
  return `- ${link(item)}${item.place ? ` (${item.place})` : ""}`;
}

/**
 * The answer from retrieval: everything the site publishes that matches the question, the kind
 * and category it asks for weighing in. Businesses come with whether they are open (and when the
 * closest matches open next, for "open now"), events with their next date.
 */
/**
 * Whether a thing answers the question. Where the question names a specific need ("pharmacy",
 * "car hire"), the thing must meet at least half of those needs; the other words only rank. Where
 * it names only a broad kind of place or other words ("tattoo shop", "kosher restaurant"), every
 * one of them must match: a shop is not a tattoo shop.
 */
function answers(item: RetrievedItem, retrieval: Retrieval) {
  if (item.matched === 0) return false;
  // A place that meets the needs only in its text, outside the categories they name, mentions
  // them: "across from the gas station" gives directions to a grill, which is no gas station.
  if (item.business && retrieval.strongGroups && !item.headNeeds) {
    const named = retrieval.understanding.groups.flatMap((group) =>
      group.source === "lexicon" && group.category ? [group.category] : [],
    );
    if (named.length && !named.includes(item.business.category)) return false;
  }
  if (retrieval.strongGroups) return item.strongMatched > 0 && item.strongMatched * 2 >= retrieval.strongGroups;
  return item.matched === retrieval.contentGroups;
}

function needCount(needs: number) {
  let count = 0;
  for (let rest = needs; rest; rest &= rest - 1) count += 1;
  return count;
}

const headNeedCount = (item: RetrievedItem) => needCount(item.headNeeds);

/**
 * The best of the candidates. Being in the area asked about does not make a place that meets a
 * need only in passing the answer over one called by it: "feria del agricultor en Flamingo" is
 * the farmers' market, not the supermarket in Flamingo whose text mentions produce.
 */
function calledFor(candidates: RetrievedItem[], retrieval: Retrieval) {
  const [first] = candidates;
  if (!first?.needs) return first;
  // Nor does a thing that meets some needs only in passing outrank, by a little, one called or
  // filed under more of them, all in its title or tags: "a roofer to check the gutters before the
  // rainy season" is the roofer, not the car-rental advice that mentions the rain. One need in a
  // name is thin evidence against a best that matches more of the question: "are the beaches
  // public" is not a villa called "beach".
  const moreInHead =
    first.headNeeds === first.needs
      ? undefined
      : candidates.find(
          (item) =>
            item.headNeeds === item.needs &&
            headNeedCount(item) > headNeedCount(first) &&
            (headNeedCount(item) > 1 || item.matched >= first.matched) &&
            item.score >= first.score - retrievalWeights.tag &&
            answers(item, retrieval),
        );
  if (moreInHead) return moreInHead;
  if (first.headNeeds || !first.areaMatched) return first;
  const called = candidates.find(
    (item) =>
      (item.headNeeds & first.needs) === first.needs &&
      item.score >= first.score - retrievalWeights.area &&
      answers(item, retrieval),
  );
  return called ?? first;
}

/**
 * What "these may help" offers when nothing answers: things that match at least half of the
 * question and are called or filed under what is particular about it (a specific need where the
 * lexicon read one, else any word that is not a broad kind of place: a surf shop is no lead for
 * a tattoo shop, nor is every restaurant one for a kosher restaurant); a word met in passing in a
 * page's text is no lead. Only the closest: those that match as much as the first lead, and in the
 * area asked about when it is (a car rental elsewhere is no lead for a rental agency named with
 * its town).
 */
function leadsFor(items: RetrievedItem[], retrieval: Retrieval) {
  const leads = items.filter(
    (item) =>
      item.matched * 2 >= retrieval.contentGroups &&
      (retrieval.strongGroups ? item.headNeeds > 0 : item.headSpecific > 0),
  );
  const [closest] = leads;
  if (!closest) return [];
  return leads.filter((item) => item.matched >= closest.matched && (item.areaMatched || !closest.areaMatched));
}

async function composeRetrieved(
  input: PlannerInput,
  t: TFunction,
  language: Language,
  options: { restOnly?: boolean } = {},
): Promise<Composed | null> {
  const { plan, now } = input;
  const retrieval = await retrieve({ question: input.question }, { language, now });
  const { contentGroups, understanding } = retrieval;
  // The emergency page's numbers and advice come from the emergency rule, 911 first, never as a
  // page that happened to share a word with the question ("are the beaches public": the police).
  const items = retrieval.items.filter((item) => !emergencyPage.test(item.url));
  if (options.restOnly && contentGroups === 0) return null;
  // "Número de la Cruz Roja": the emergency numbers, 911 first.
  if (understanding.pages.includes("emergency") && !options.restOnly) return composeEmergency(t, language);
  const areaName = plan.area
    ? (await areaVocabulary()).find((area) => area.slug === plan.area)?.names[language === "es" ? 1 : 0]
    : undefined;

  if (contentGroups === 0) {
    // Only the kind of thing is asked for ("events this week", "grupos de WhatsApp").
    const kind = understanding.kinds.find(isListKind);
    if (kind) return composeList(listIntents[kind], input, t, language);
    if (understanding.kinds.includes("beach"))
      return composeBeach({ ...input, plan: { ...plan, intent: "best_time" } }, t, language);
    if (understanding.pages[0])
      return composeGuide({ ...input, plan: { ...plan, page: understanding.pages[0] } }, t, language);
    if (plan.area) {
      const hits = await findBusinesses({ area: plan.area, limit: 5 }, { language, now });
      if (hits.length)
        return {
          lines: [
            t("concierge:answers.found.areaIntro", { area: areaName ?? plan.area }),
            ...hits.map((hit) => `- ${businessLine(hit, t, language)}`),
          ],
          citations: citationsOf(hits),
          answered: true,
          intent: "directory",
          context: { intent: "directory", area: plan.area },
        };
    }
    return composeUnsure([], t, language);
  }

  // A kind said in so many words ("a used surfboard", "grupo de WhatsApp") is what is wanted:
  // the best thing of that kind, or else that kind's list.
  // "For sale" names two kinds, the ads and the properties: the best of either.
  const listKinds: string[] = understanding.firstExplicitKinds;
  const listKind = understanding.firstExplicitKinds.find(isListKind);
  const ofKind = items.filter((item) => listKinds.includes(item.kind));
  const candidates = ofKind[0] && answers(ofKind[0], retrieval) ? ofKind : items;
  const best = calledFor(candidates, retrieval);
  // "Community groups?", "propiedades en venta": the kind named is what is wanted; with nothing
  // of that kind that fits, its list answers, not things of another kind. Unless a thing of
  // another kind meets a specific need and every word asked, more than one: "house with ocean view
  // for sale" is a property, though "for sale" also names the ads. Less is thin evidence against a
  // kind named outright: "bicicleta para niño" is an ad, not the kids' surf clinic, and "vender mi
  // carro, dónde lo publico" not the page on the public health system.
  const answersAll =
    best !== undefined &&
    retrieval.strongGroups > 0 &&
    answers(best, retrieval) &&
    contentGroups > 1 &&
    best.matched === contentGroups;
  if (listKind && candidates !== ofKind && !answersAll) return composeList(listIntents[listKind], input, t, language);
  if (!best || !answers(best, retrieval)) return composeUnsure(leadsFor(items, retrieval), t, language);
  const sameKind = (item: RetrievedItem) =>
    item.kind === best.kind || (item.kind === "public-contact" && best.kind === "guide");
  // Beside the best, only what matches as much and as well: when the best is called or filed
  // under what was asked, a place that only mentions it in passing ("fresh fruit drinks" for a
  // drink tonight) is not shown with it.
  // Nor one that meets other needs than the best's: "seguro para la casa y el carro" is
  // insurance, and a car rental meets only its second noun.
  const main = candidates.filter(
    (item) =>
      sameKind(item) &&
      (item.needs & best.needs) === best.needs &&
      (item.headNeeds & best.headNeeds) === best.headNeeds &&
      item.matched === best.matched &&
      item.head >= Math.min(best.head, 1) &&
      item.score >= best.score - keptMargin,
  );
  const lines: string[] = [];
  const inArea = areaName ? t("concierge:answers.directory.inArea", { area: areaName }) : "";
  const where = plan.area && !best.areaMatched ? "" : inArea;
  if (plan.area && !best.areaMatched) lines.push(t("concierge:answers.found.notInArea", { where: inArea }));
  let shown = main.slice(0, 5);
  let intent: ConciergeIntent = plan.intent === "unknown" ? "directory" : plan.intent;

  if (best.kind === "business") {
    intent = plan.wantsOpen ? "open_now" : "directory";
    if (plan.wantsOpen) {
      const open = main.filter((item) => item.business?.open);
      if (open.length) {
        shown = open.slice(0, 5);
        lines.push(t("concierge:answers.found.openIntro", { where }));
      } else {
        // Nothing open: say so, and when the closest matches open next.
        lines.push(t("concierge:answers.found.noneOpen", { where }));
      }
    } else if (!(plan.area && !best.areaMatched)) lines.push(t("concierge:answers.found.businesses", { where }));
  } else if (best.kind === "guide" || best.kind === "public-contact") {
    intent = "guide";
    lines.push(t("concierge:answers.found.pages"));
  } else if (best.kind === "beach") {
    return composeBeach({ ...input, plan: { ...plan, intent: "best_time" } }, t, language);
  } else if (isListKind(best.kind)) {
    intent = listIntents[best.kind];
    lines.push(t(`concierge:answers.found.${best.kind}`));
  }
  // A guide answer stays on the best page: its sections, not a tour of every guide.
  if (best.kind === "guide" || best.kind === "public-contact") {
    const page = best.url.split("#")[0];
    shown = shown.filter((item) => item.url.split("#")[0] === page).slice(0, 3);
  }
  lines.push(...shown.map((item) => itemLine(item, t, language)));
  // What the best page says about it, in its own words.
  if (shown[0]?.excerpt) lines.push(`> ${shown[0].excerpt}`);
  const citations = citationsOf(shown);
  // A guide page the lexicon ties to the question ("cajero" → the newcomer guide), beside places
  // (an answer that is a guide page is the guidance; an ad for moving boxes needs no guide).
  // Only through a term that also names the places' kind ("cajero": an ATM, and the banking
  // guide): "pura vida, any good tacos" is about tacos, and the culture page is no help with them.
  const page =
    best.kind === "business"
      ? understanding.pages.find((slug) =>
          understanding.groups.some(
            (group) =>
              group.guides?.includes(slug) &&
              group.category !== undefined &&
              shown.some((item) => item.business?.category === group.category),
          ),
        )
      : undefined;
  if (page && !citations.some((citation) => citation.url.split("#")[0] === localizePath(`/${page}`, language))) {
    const guide = await guidePage({ slug: page }, { language });
    if (guide) {
      lines.push(t("concierge:answers.found.guide", { title: guide.title, url: guide.url }));
      citations.push({ title: guide.title, url: guide.url });
    }
  }
  const single = shown.length === 1 && shown[0].business ? shown[0] : null;
  return {
    lines,
    citations,
    answered: true,
    intent,
    context: {
      intent,
      area: plan.area,
      // "And which of them are open now?" follows the kind of place just asked about.
      category: best.business ? understanding.categories[0] : undefined,
      ...(single ? { businessSlug: single.url.split("/business/")[1], businessName: single.title } : {}),
    },
  };
}

/** Two answers in one: the first's lines first; citations once each. */
function combine(first: Composed, second: Composed | null): Composed {
  if (!second) return first;
  return {
    lines: [...first.lines, ...second.lines],
    citations: citationsOf([...first.citations, ...second.citations]),
    answered: first.answered,
    intent: first.intent,
    context: second.context ?? first.context,
  };
}

/** The rest of a question answered by retrieval, only when it asks more and finds something that fits. */
async function alsoRetrieved(input: PlannerInput, t: TFunction, language: Language): Promise<Composed | null> {
  const composed = await composeRetrieved(input, t, language, { restOnly: true });
  return composed?.answered ? composed : null;
}

// Where one question asks two things: "a hotel in Brasilito and somewhere to eat", "cambiar
// dólares y hay cajero", "sunset time and a restaurant with a view".
const partSeparator =
  /\s*(?:[,;?¿]|\band then\b|\band\b|\bthen\b|\bplus\b|\balso\b|\by\b|\bluego\b|\btambi[eé]n\b|\badem[aá]s\b)\s*/i;
const determiners = new Set(["el", "la", "los", "las", "un", "una", "mi", "mis", "the", "a", "an", "my", "our"]);
const ruleIntents: ConciergeIntent[] = ["tides", "sun", "best_time", "medical", "legal"];

/**
 * The parts of a question that each ask for something on their own (a lexicon term, or a rule's
 * subject such as the tides), at most three; fewer than two means the question is one question.
 */
async function questionParts(input: PlannerInput): Promise<PlannerInput[]> {
  const areas = await areaVocabulary();
  const areaName = input.plan.area ? areas.find((area) => area.slug === input.plan.area)?.names[0] : undefined;
  const parts: PlannerInput[] = [];
  // "Seguro para la casa y el carro": a short piece that starts with an article or a possessive
  // is one more thing of the same need, not a question of its own.
  const pieces: string[] = [];
  for (const piece of input.question.split(partSeparator)) {
    const words = foldWords(piece);
    if (pieces.length && words.length <= 2 && determiners.has(words[0])) pieces[pieces.length - 1] += ` ${piece}`;
    else pieces.push(piece);
  }
  // A page the whole question rules out ("my dog… needs vaccines": not the people's healthcare
  // page) stays out of every part.
  const whole = understandQuery(input.question, areas);
  for (const text of pieces) {
    if (foldWords(text).length < 2 && !/\p{L}{4,}/u.test(text)) continue;
    const plan = {
      ...planQuestion(text, { fallbackLanguage: input.plan.language, areas }),
      language: input.plan.language,
    };
    const read = understandQuery(text, areas);
    if (!ruleIntents.includes(plan.intent) && !read.groups.some((group) => group.source === "lexicon")) continue;
    if (read.pages.length && !read.categories.length && read.pages.every((page) => !whole.pages.includes(page)))
      continue;
    // The area said once ("un hotel en Brasilito y dónde comer cerca") holds for every part.
    const question = read.areas.length || !areaName ? text : `${text} ${areaName}`;
    parts.push({ ...input, question, plan: { ...plan, area: plan.area ?? input.plan.area }, part: true });
  }
  return parts.slice(0, 3);
}

/** The planner's answer: no model involved. */
export async function planAnswer(input: PlannerInput): Promise<Composed> {
  const language = input.plan.language;
  const t = await getTranslator(language);
  const { plan } = input;
  // A business's own name may hold an "and" ("La Bodega Vinos y Quesos"): a question that names
  // a business is about that business, in one piece.
  const named = await findNamedBusiness(input.question, { language });
  // "Cards and SINPE" is one filter, not two questions. What a place offers qualifies places: a
  // "pet friendly condo for rent" is a property, not a directory search for places that take pets.
  const namesListKind = understandQuery(input.question, await areaVocabulary()).explicitKinds.some(isListKind);
  const asksOfferings = Boolean(plan.accepts?.length || plan.speaks?.length) && !namesListKind;
  if (!input.part && !named && !asksOfferings && plan.intent !== "emergency" && plan.intent !== "injection") {
    const parts = await questionParts(input);
    if (parts.length >= 2) {
      const answersToParts = await Promise.all(parts.map((part) => planAnswer(part)));
      // A part that finds only what an earlier part already showed adds nothing but repetition
      // ("internet en Potrero, ¿llega fibra?" is one need said twice).
      const cited = new Set<string>();
      const kept = answersToParts.filter((part, index) => {
        const fresh = index === 0 || !part.citations.length || part.citations.some((c) => !cited.has(c.url));
        for (const citation of part.citations) cited.add(citation.url);
        return fresh;
      });
      return {
        ...kept.reduce((all, next) => combine(all, next)),
        answered: kept.every((part) => part.answered),
      };
    }
  }
  switch (plan.intent) {
    case "emergency": {
      const emergency = await composeEmergency(t, language, {
        question: input.question,
        urgentHealth: plan.urgentHealth,
      });
      // "Stung by a jellyfish, is there a pharmacy open?": the numbers first, then the pharmacy.
      // But the animal that bit or stung a person is the cause, not a need: "me mordió un perro"
      // reads "perro" as the vet's word, which rules out the people's healthcare page. A rest
      // whose every specific need is such a word asks nothing more.
      if (!plan.urgentHealth) return emergency;
      const rest = withoutInjuryWords(input.question);
      const read = understandQuery(rest, await areaVocabulary());
      // A rest with no term of the lexicon asks for nothing ("mi hijo… cloro"), like a part of a
      // question that names nothing (questionParts).
      if (!read.groups.some((group) => group.source === "lexicon")) return emergency;
      const needs = read.groups.filter((group) => group.source === "lexicon" && !group.generic);
      if (needs.length && needs.every((group) => group.notPages?.includes("healthcare"))) return emergency;
      return combine(emergency, await alsoRetrieved({ ...input, question: rest }, t, language));
    }
    case "injection":
      return { lines: [t("concierge:answers.injection")], citations: [], answered: true };
    case "medical":
      // A kind named outright outranks the word list: "la clínica de surf" is the kids' surf
      // event, not a doctor's question.
      if (understandQuery(input.question, await areaVocabulary()).explicitKinds.some(isListKind)) break;
      return combine(await composeProfessional(plan.intent, t, language), await alsoRetrieved(input, t, language));
    case "legal":
      return combine(await composeProfessional(plan.intent, t, language), await alsoRetrieved(input, t, language));
    case "tides":
    case "sun":
    case "best_time":
      return composeBeach(input, t, language);
    case "alerts":
      return composeAlerts(input, t, language);
    case "forums":
      return composeForums(input, t, language);
    default:
      break;
  }
  // "¿Aceptan SINPE?": about the business named or talked about, else the places that do.
  if (asksOfferings) {
    const aboutBusiness =
      named?.slug ?? (!plan.category && !plan.area && !plan.query ? input.context.businessSlug : undefined);
    if (aboutBusiness) {
      const composed = await composeBusinessOfferings(aboutBusiness, plan, t, language, input.now);
      if (composed) return composed;
    }
    return composeOfferings(input, t, language);
  }
  // A business by name, or the one this conversation is about ("is it open tomorrow?").
  if (named) {
    const composed = await composeBusinessStatus(named.slug, { ...plan, intent: "business" }, t, language, input.now);
    if (composed) return composed;
  }
  if (plan.followUp && input.context.businessSlug) {
    const composed = await composeBusinessStatus(input.context.businessSlug, plan, t, language, input.now);
    if (composed) return composed;
  }
  if (plan.intent === "open_now" && plan.followUp && input.context.category && !plan.category && !plan.query) {
    // "And which are open now?" after a question about a kind of place.
    const followed = {
      ...plan,
      category: input.context.category as PlannedQuestion["category"],
      query: input.context.query,
      area: plan.area ?? input.context.area,
    };
    return composeDirectory({ ...input, plan: followed }, t, language);
  }
  return (await composeRetrieved(input, t, language)) ?? composeUnsure([], t, language);
}
