// The concierge's tools: each one a call to another domain's public read function, returning only
// what a visitor of the public pages may see (verified businesses, premium contacts only for
// premium listings, published events…) plus the page it came from. The planner and the model use
// the same tools, so neither can reach anything a page would not show.

import { buildTideReport, resolveBeachDay } from "#app/features/beach/report.server";
import { listAds } from "#app/features/classifieds/classifieds.server";
import { classifiedFiltersSchema } from "#app/features/classifieds/forms";
import { listCategories } from "#app/features/community/forum-categories.server";
import { discussionSearchKind } from "#app/features/community/indexing.server";
import { getPublicBusiness } from "#app/features/directory/business.server";
import { categoryNames } from "#app/features/directory/category-names";
import {
  type BusinessCategory,
  type BusinessOffering,
  isBusinessCategory,
  isBusinessOffering,
  isSpokenLanguage,
  type SpokenLanguage,
} from "#app/features/directory/constants";
import {
  addDays,
  closureOn,
  formatClock,
  localMoment,
  type OpenStatus,
  periodsOn,
} from "#app/features/directory/hours";
import {
  type BusinessCard,
  businessesNamedWithAny,
  loadBusinessCards,
  searchAreas,
  searchDirectory,
} from "#app/features/directory/search.server";
import { listOccurrences } from "#app/features/events/reads.server";
import { groupFiltersSchema } from "#app/features/groups/forms";
import { listPublishedGroups } from "#app/features/groups/groups.server";
import { getGuidePage, listEmergencyNumbers } from "#app/features/guides/guides.server";
import { isGuideSlug } from "#app/features/guides/pages";
import { propertyFiltersSchema } from "#app/features/realestate/forms";
import { listPublishedProperties } from "#app/features/realestate/properties.server";
import { isAppError } from "#app/lib/errors";
import { dateTimeFormat, numberLocale, siteTimeZone } from "#app/lib/format";
import { type Language, localizePath } from "#app/lib/i18n";
import { buildTextQuery, retrieveSite } from "#app/lib/search/index.server";
import { foldWords, type Understanding, understandQuery, type WordGroup } from "#app/lib/search/understand";
import { listBeaches } from "#app/platform/site/site-config.server";
import { fold } from "./intents";

export interface Citation {
  title: string;
  url: string;
}

export interface BusinessHit {
  name: string;
  url: string;
  area: string;
  category: string;
  summary: string;
  open: boolean;
  /**
   * "until 10:00 PM" / "opens today at 5:00 PM" / "opens Friday at 8:00 AM", in the site's time
   * zone and the answer's language (5:00 PM in English, 17:00 in Spanish).
   */
  openText: {
    key: "closesAt" | "opensAt" | "opensToday" | "opensTomorrow" | "closed" | "allDay";
    time?: string;
    day?: number;
  };
}

const weekdayNames: Record<Language, string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  es: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
};

export function weekdayName(weekday: number, language: Language) {
  return weekdayNames[language][weekday] ?? "";
}

/** A time of day as people read it in each language: 5:00 PM in English, 17:00 in Spanish. */
export function clockText(minutes: number, language: Language): string {
  const normalized = ((minutes % 1440) + 1440) % 1440;
  if (language === "es") return formatClock(normalized);
  const hours = Math.floor(normalized / 60);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(normalized % 60).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

function describeStatus(status: OpenStatus, language: Language, now: Date): BusinessHit["openText"] {
  if (status.open)
    return status.closesAt
      ? { key: "closesAt", time: clockText(status.closesAt.minutes, language) }
      : { key: "allDay" };
  if (!status.opensAt) return { key: "closed" };
  const today = localMoment(now, siteTimeZone).date;
  const time = clockText(status.opensAt.minutes, language);
  if (status.opensAt.date === today) return { key: "opensToday", time };
  if (status.opensAt.date === addDays(today, 1)) return { key: "opensTomorrow", time };
  return { key: "opensAt", time, day: status.opensAt.weekday };
}

export interface DirectoryToolInput {
  query?: string;
  category?: BusinessCategory;
  area?: string;
  openNow?: boolean;
  /** Only places that accept or offer all of these (SINPE Móvil, cards, parking…). */
  accepts?: string[];
  /** Only places whose staff speak all of these (ISO 639-1). */
  speaks?: string[];
  limit?: number;
}

/** Verified businesses matching a dish or words, a category, an area, open now (the directory's own search). */
export async function findBusinesses(
  input: DirectoryToolInput,
  context: { language: Language; now: Date },
): Promise<BusinessHit[]> {
  const result = await searchDirectory({
    query: input.query?.slice(0, 100),
    category: input.category && isBusinessCategory(input.category) ? input.category : undefined,
    area: input.area?.slice(0, 60),
    openNow: input.openNow,
    accepts: input.accepts?.filter(isBusinessOffering),
    speaks: input.speaks?.filter(isSpokenLanguage),
    language: context.language,
    now: context.now,
    timeZone: siteTimeZone,
    pageSize: Math.min(Math.max(input.limit ?? 5, 1), 8),
  });
  return result.cards.map((card) => toBusinessHit(card, context));
}

function toBusinessHit(card: BusinessCard, context: { language: Language; now: Date }): BusinessHit {
  return {
    name: card.name,
    url: localizePath(`/business/${card.slug}`, context.language),
    area: card.areaName,
    category: card.category,
    summary: card.summary,
    open: card.status.open,
    openText: describeStatus(card.status, context.language, context.now),
  };
}

const genericNameWords = new Set(
  " bar grill & and y the la el los las de del restaurant restaurante hotel cafe soda playa flamingo brasilito potrero surfside huacas catalinas co ".split(
    " ",
  ),
);

/**
 * A business the question names ("Is Soda La Esquina open?"): the site search for any of its
 * words, kept only when every distinctive word of a business's name is in the question.
 */
export async function findNamedBusiness(
  question: string,
  context: { language: Language },
): Promise<{ name: string; slug: string; url: string } | null> {
  const folded = fold(question);
  const words = foldWords(question).filter((word) => word.length > 2);
  if (words.length === 0) return null;
  // Of the businesses whose name shares a word with the question, the one whose every
  // distinctive word is in it; the longest such name when several are ("Bar La Ola" in "Bar La Ola Brasilito").
  let best: { name: string; slug: string; words: number } | null = null;
  for (const candidate of await businessesNamedWithAny(words)) {
    const foldedName = fold(candidate.name);
    const nameWords = foldedName.trim().split(" ").filter(Boolean);
    const distinctive = nameWords.filter((word) => !genericNameWords.has(word));
    if (distinctive.length === 0) continue;
    // One distinctive word is often an everyday one ("vista" in Hotel Vista Catalinas, in "una
    // vista al atardecer"): it names the business only beside a neighbour from the name.
    const named =
      folded.includes(foldedName) ||
      (distinctive.length > 1
        ? distinctive.every((word) => folded.includes(` ${word} `))
        : nameWords.some(
            (word, i) =>
              i + 1 < nameWords.length &&
              (distinctive.includes(word) || distinctive.includes(nameWords[i + 1])) &&
              folded.includes(` ${word} ${nameWords[i + 1]} `),
          ));
    if (!named) continue;
    if (!best || distinctive.length > best.words) best = { ...candidate, words: distinctive.length };
  }
  return best
    ? { name: best.name, slug: best.slug, url: localizePath(`/business/${best.slug}`, context.language) }
    : null;
}

export interface BusinessDetails {
  name: string;
  url: string;
  area: string;
  address: string;
  /** Directions from landmarks in the answer's language (or the other one); "" when none. */
  directions: string;
  /** The Plus Code as the page shows it (short, near Playa Flamingo), or null without coordinates. */
  plusCode: string | null;
  category: string;
  open: boolean;
  openText: BusinessHit["openText"];
  /** The day asked about (today or later): its opening periods, or closed. */
  day: { weekday: number; periods: string[]; closedFor: string | null };
  specialties: string[];
  /** What it accepts and offers and the languages spoken, as its page shows them (free listings too). */
  offerings: BusinessOffering[];
  spokenLanguages: SpokenLanguage[];
  /** Only for premium listings, exactly as their page shows them; free listings never. */
  contact: { phone: string | null; whatsapp: string | null; email: string | null; website: string | null } | null;
}

/** A verified business's public details, with the premium gating of its page. */
export async function businessDetails(
  input: { slug: string; dayOffset?: number },
  context: { language: Language; now: Date },
): Promise<BusinessDetails | null> {
  try {
    const business = await getPublicBusiness({
      slug: input.slug,
      language: context.language,
      timeZone: siteTimeZone,
      now: context.now,
    });
    const today = localMoment(context.now, siteTimeZone).date;
    const date = addDays(today, Math.min(Math.max(input.dayOffset ?? 0, 0), 6));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const closure = closureOn(business.upcomingClosures, date);
    const periods = closure
      ? []
      : periodsOn(business.hours, weekday).map(
          (period) => `${clockText(period.opensAt, context.language)}–${clockText(period.closesAt, context.language)}`,
        );
    return {
      name: business.name,
      url: localizePath(`/business/${business.slug}`, context.language),
      area: business.area.name,
      address: business.address,
      directions: business.directions.text,
      plusCode: business.plusCode ? (business.plusCode.local ?? business.plusCode.full) : null,
      category: business.category,
      open: business.status.open,
      openText: describeStatus(business.status, context.language, context.now),
      day: {
        weekday,
        periods,
        closedFor: closure ? (context.language === "es" ? closure.noteEs : closure.noteEn) || "" : null,
      },
      specialties: business.specialties.items.slice(0, 5),
      offerings: business.offerings,
      spokenLanguages: business.spokenLanguages,
      contact: business.isPremium && business.contact ? { ...business.contact } : null,
    };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}

export interface BeachDayAnswer {
  beach: string;
  beachSlug: string;
  date: string;
  url: string;
  tides: { type: "high" | "low"; time: string; heightM: number }[];
  sunrise: string | null;
  sunset: string | null;
  best: { activity: string; rule: string; time?: string; start?: string; end?: string }[];
}

/** Computed tides, sun and best times for a beach and day (the beach report's own prediction). */
export async function beachDay(
  input: { beach?: string; dayOffset?: number },
  context: { language: Language; now: Date },
): Promise<BeachDayAnswer | null> {
  const beaches = await listBeaches();
  const wanted = input.beach
    ? beaches.find((beach) => beach.slug === input.beach || beach.areaSlug === input.beach)?.slug
    : undefined;
  const today = localMoment(context.now, siteTimeZone).date;
  const date = addDays(today, Math.min(Math.max(input.dayOffset ?? 0, 0), 6));
  try {
    const day = await resolveBeachDay({ beach: wanted ?? null, date, now: context.now });
    const report = await buildTideReport(day, context.now);
    const time = dateTimeFormat(numberLocale[context.language], {
      timeZone: day.timeZone,
      hour: "numeric",
      minute: "2-digit",
      // 5:17 PM in English, 17:17 in Spanish: how each language's readers write times here.
      hourCycle: context.language === "es" ? "h23" : "h12",
    });
    const at = (instant: Date | null) => (instant ? time.format(instant) : null);
    return {
      beach: day.beach.name,
      beachSlug: day.beach.slug,
      date: day.date,
      url: localizePath(`/beach-report?beach=${day.beach.slug}&date=${day.date}`, context.language),
      tides: report.extremes.map((extreme) => ({
        type: extreme.type,
        time: time.format(extreme.time),
        heightM: Math.round(extreme.heightM * 100) / 100,
      })),
      sunrise: at(report.sky.sunrise),
      sunset: at(report.sky.sunset),
      best: report.best.map((best) => ({
        activity: best.activity,
        rule: best.rule,
        ...("time" in best ? { time: time.format(best.time) } : {}),
        ...("start" in best ? { start: time.format(best.start), end: time.format(best.end) } : {}),
      })),
    };
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

/** A guide or public-information page: its title, summary and address. */
export async function guidePage(input: { slug: string }, context: { language: Language }) {
  if (!isGuideSlug(input.slug)) return null;
  try {
    const page = await getGuidePage({ slug: input.slug, language: context.language });
    return {
      title: page.title,
      summary: page.summary,
      url: localizePath(`/${page.slug}`, context.language),
      sections: page.sections.map((section) => section.title).slice(0, 8),
    };
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

/** The emergency numbers of the emergency page, with their tel: links. */
export async function emergencyNumbers(context: { language: Language }) {
  const contacts = await listEmergencyNumbers(context.language);
  return contacts
    .filter((contact) => contact.tel)
    .slice(0, 6)
    .map((contact) => ({ name: contact.name, phone: contact.phone ?? "", tel: contact.tel ?? "" }));
}

/** Published events between today and `days` days ahead, soonest first. */
export async function upcomingEvents(
  input: { days?: number; area?: string; limit?: number },
  context: { language: Language; now: Date },
) {
  const days = Math.min(Math.max(input.days ?? 7, 1), 31);
  const occurrences = await listOccurrences(
    {
      from: context.now,
      to: new Date(context.now.getTime() + days * 86_400_000),
      area: input.area,
      liveOnly: true,
      limit: Math.min(Math.max(input.limit ?? 6, 1), 100),
    },
    context.language,
  );
  const format = dateTimeFormat(numberLocale[context.language], {
    timeZone: siteTimeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    hourCycle: context.language === "es" ? "h23" : "h12",
  });
  return occurrences.map((occurrence) => ({
    title: occurrence.title,
    url: localizePath(`/events/${occurrence.slug}`, context.language),
    when: format.format(new Date(occurrence.startsAt)),
    venue: occurrence.venueName,
    area: occurrence.area.name,
  }));
}

/** Published local groups (chat groups), optionally in one area. */
export async function localGroups(input: { area?: string }, context: { language: Language }) {
  const filters = groupFiltersSchema.parse({ area: input.area || undefined });
  const groups = await listPublishedGroups({ filters, language: context.language, limit: 6 });
  return groups.map((group) => ({
    title: group.name,
    url: localizePath(`/groups${input.area ? `?area=${input.area}` : ""}`, context.language),
    platform: group.platform,
    area: group.area.name,
  }));
}

/** Two words are one when they share their first five letters ("residency", "residencia"). */
const sameStem = (a: string, b: string) => a.length >= 4 && b.length >= 4 && a.slice(0, 5) === b.slice(0, 5);

/**
 * The forums, where residents ask each other: the categories whose name or description meets
 * the question's words ("residency" → Expats & residency) and the public discussions that match
 * them. Discussions are people's words, so they are offered as threads to read, never as facts.
 */
export async function communityForums(input: { question: string }, context: { language: Language }) {
  const understanding = understandQuery(input.question.slice(0, 300), await searchAreas());
  // The forums' own words ("forum", "ask the neighbours") are a kind, not a group: what is left
  // is the subject to look for.
  const groups = understanding.groups.filter((group) => group.source !== "area");
  // The words as typed, not the lexicon's alternatives: "expat" also reads as "guide", and the
  // recommendations' description mentions tour guides.
  const words = groups.flatMap((group) => group.typed).filter((word) => word.length >= 4);
  const categories = await listCategories({ language: context.language });
  const fitting = categories.filter((category) => {
    const own = foldWords(`${category.name} ${category.description}`);
    return words.some((word) => own.some((other) => sameStem(word, other)));
  });
  let threads: { title: string; url: string }[] = [];
  const textQuery = groups.length
    ? await buildTextQuery({ ...understanding, groups }, undefined, { prefix: false })
    : null;
  if (textQuery) {
    const hits = await retrieveSite({ textQuery, language: context.language, kinds: [discussionSearchKind], limit: 5 });
    const best = hits[0]?.matched ?? 0;
    threads = hits
      .filter((hit) => best > 0 && hit.matched === best && hit.matched * 2 >= groups.length)
      .slice(0, 3)
      .map((hit) => ({ title: hit.title, url: localizePath(hit.url, context.language) }));
  }
  return {
    url: localizePath("/community", context.language),
    categories: categories.map((category) => ({
      title: category.name,
      url: localizePath(`/forums/category/${category.slug}`, context.language),
      fits: fitting.includes(category),
    })),
    threads,
  };
}

/** Listed classified ads, optionally matching words. */
export async function classifiedAds(input: { area?: string }, context: { language: Language; now: Date }) {
  const filters = classifiedFiltersSchema.parse({ area: input.area || undefined });
  const { ads } = await listAds({ filters, language: context.language, rate: null, now: context.now });
  return ads.slice(0, 6).map((ad) => ({
    title: ad.title,
    url: localizePath(`/classifieds/${ad.slug}`, context.language),
    area: ad.area.name,
  }));
}

/** Published properties for sale or rent. */
export async function propertyListings(input: { area?: string }, context: { language: Language }) {
  const filters = propertyFiltersSchema.parse({ area: input.area || undefined });
  const listings = await listPublishedProperties({ filters, language: context.language, limit: 6 });
  return listings.map((property) => ({
    title: property.title,
    url: localizePath(`/real-estate/${property.slug}`, context.language),
    area: property.area.name,
    listingType: property.listingType,
    priceUsd: property.priceUsd,
  }));
}

export interface RetrievedItem {
  kind: string;
  title: string;
  url: string;
  /** Groups of the question's words it matches (areas apart), and whether it is in the area asked about. */
  matched: number;
  /**
   * Of those, the groups the lexicon read as a specific need ("pharmacy", "car hire"), as opposed
   * to other words and broad kinds of place ("restaurant", "shop").
   */
  strongMatched: number;
  /** Which of those specific needs it meets: bit i for the question's group i. */
  needs: number;
  /** Of those, the ones it meets in its title or tags. */
  headNeeds: number;
  /** Groups it matches in its title or tags (what it is called or filed under). */
  head: number;
  /**
   * Of those, the groups that are not a broad kind of place ("shop", "restaurant"): what makes a
   * thing a lead for a question is being called or filed under what is particular about it.
   */
  headSpecific: number;
  areaMatched: boolean;
  score: number;
  /** Businesses: open or closed at the moment asked, area, category. */
  business?: BusinessHit;
  /** Events: the next date, in words. */
  when?: string;
  /** Where it is (area or place name), when the index knows. */
  place: string | null;
  /** Guide pages: the sentences of the text that contain the question's words. */
  excerpt?: string;
}

/** Up to two sentences of a page's text that contain the most of the question's words. */
function excerptFor(body: string, words: string[]): string | undefined {
  const plain = body
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_#>`|]/g, "")
    .replace(/\s+/g, " ");
  const sentences = plain.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 20);
  const scored = sentences
    .map((sentence, index) => {
      const folded = ` ${foldWords(sentence).join(" ")} `;
      return { sentence, index, score: words.filter((word) => folded.includes(` ${word}`)).length };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index);
  const text = scored.map((entry) => entry.sentence).join(" ");
  return text ? (text.length > 400 ? `${text.slice(0, 397)}…` : text) : undefined;
}

export interface Retrieval {
  understanding: Understanding;
  /** How many groups of words the question has, areas apart, and how many are specific needs. */
  contentGroups: number;
  strongGroups: number;
  items: RetrievedItem[];
}

// Kinds the concierge answers from: forum posts are people's opinions, not the site's facts.
const answerKinds = ["business", "event", "group", "classified", "property", "guide", "public-contact", "beach"];

/**
 * Everything the site publishes that matches a question, best first (the site search's
 * retrieval, with the kind and category the question asks for as evidence). Businesses come with
 * their open status at `now`, upcoming events with their next date.
 */
export async function retrieve(
  input: { question: string; limit?: number },
  context: { language: Language; now: Date },
): Promise<Retrieval> {
  const understanding = understandQuery(input.question.slice(0, 300), await searchAreas());
  const contentGroups = understanding.groups.filter((group) => group.source !== "area").length;
  const isStrong = (group: WordGroup) => group.source === "lexicon" && !group.generic;
  const strongGroups = understanding.groups.filter(isStrong).length;
  const empty = { understanding, contentGroups, strongGroups, items: [] };
  if (!understanding.groups.length) return empty;
  const textQuery = await buildTextQuery(understanding, undefined, { prefix: false });
  if (!textQuery) return empty;
  const strongMask = textQuery.groups.reduce((mask, group, index) => (isStrong(group) ? mask | (1 << index) : mask), 0);
  const specificMask = textQuery.groups.reduce(
    (mask, group, index) => (group.source !== "area" && !group.generic ? mask | (1 << index) : mask),
    0,
  );
  const hits = await retrieveSite({
    textQuery,
    language: context.language,
    // The beach report answers what the beach asks; a "surf board" is not a question about the tide.
    // Only when a term names it: "acampar en la playa" or "limpieza de playa" says where, not what.
    kinds: understanding.groups.some((group) => group.names?.includes("beach"))
      ? answerKinds
      : answerKinds.filter((kind) => kind !== "beach"),
    // "A used surfboard": the kind said in so many words outweighs the kind the word "surfboard" suggests.
    askedKinds: understanding.explicitKinds.length ? understanding.explicitKinds : understanding.kinds,
    askedTags: understanding.categories.flatMap((category) => {
      const names = categoryNames(category);
      return [names.en, names.es];
    }),
    limit: Math.min(Math.max(input.limit ?? 24, 1), 100),
  });
  // Only what an answer can show is looked up: the first dozen businesses (their hours), and the
  // events' dates only when an event is among the first ten things found.
  const businessIds = hits
    .filter((hit) => hit.kind === "business")
    .slice(0, 12)
    .map((hit) => hit.refId);
  const [cards, occurrences] = await Promise.all([
    loadBusinessCards({ ids: businessIds, language: context.language, now: context.now, timeZone: siteTimeZone }),
    hits.slice(0, 10).some((hit) => hit.kind === "event")
      ? upcomingEvents({ days: 31, limit: 100 }, context)
      : Promise.resolve([] as Awaited<ReturnType<typeof upcomingEvents>>),
  ]);
  const cardById = new Map(cards.map((card) => [card.id, card]));
  // The site's own pages about itself (about, privacy, guidelines) answer no visitor's question.
  const aboutSite = /^\/(?:es\/)?(?:about|privacy|guidelines|contact|terms)(?:[#?/]|$)/;
  const items = hits.flatMap((hit): RetrievedItem[] => {
    if (aboutSite.test(hit.url)) return [];
    const base = {
      kind: hit.kind,
      title: hit.title,
      url: localizePath(hit.url, context.language),
      matched: hit.matched,
      strongMatched: bitCount(hit.groupMask & strongMask),
      needs: hit.groupMask & strongMask,
      headNeeds: hit.headMask & strongMask,
      head: hit.head,
      headSpecific: bitCount(hit.headMask & specificMask),
      areaMatched: hit.areaMatched,
      score: hit.score,
      place: hit.place,
    };
    if (hit.kind === "business") {
      const card = cardById.get(hit.refId);
      return card ? [{ ...base, business: toBusinessHit(card, context) }] : [];
    }
    if (hit.kind === "event") {
      // An event with no date ahead is history, not an answer.
      const next = occurrences.find((occurrence) => occurrence.url === base.url);
      return next ? [{ ...base, title: next.title, when: next.when, place: next.venue }] : [];
    }
    if (hit.kind === "guide" || hit.kind === "public-contact") {
      // The words as asked first ("rainy season"), then the lexicon's alternatives.
      const asked = understanding.groups.flatMap((group) => group.typed).filter((word) => word.length > 2);
      const alternatives = understanding.groups
        .flatMap((group) => group.alternatives.flat())
        .filter((word) => word.length > 2);
      return [{ ...base, excerpt: excerptFor(hit.body, asked) ?? excerptFor(hit.body, alternatives) }];
    }
    return [base];
  });
  return { understanding, contentGroups, strongGroups, items };
}

function bitCount(value: number) {
  let count = 0;
  for (let rest = value; rest; rest &= rest - 1) count += 1;
  return count;
}

/** Anything public on the site by words (the same retrieval the planner uses), for questions no other tool fits. */
export async function siteSearch(input: { query: string }, context: { language: Language; now?: Date }) {
  const { items } = await retrieve(
    { question: input.query, limit: 10 },
    { ...context, now: context.now ?? new Date() },
  );
  const best = items[0]?.matched ?? 0;
  return items
    .filter((item) => best > 0 && item.matched === best)
    .slice(0, 5)
    .map((item) => ({ title: item.title, url: item.url, kind: item.kind }));
}

/**
 * The site's areas with their names in both languages (English first, then Spanish) and their
 * parts, for the planner: the same reading the search gives them.
 */
export function areaVocabulary() {
  return searchAreas();
}
