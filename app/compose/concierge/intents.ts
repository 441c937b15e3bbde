// The deterministic planner's reading of a question: which language it is in, what it asks for
// (the intent) and the things it names (a category, an area, a dish, a day). Pure and free of
// server code, so it is unit-tested on its own. English and Spanish words, folded to lower case
// without accents, so "¿Dónde como mariscos?" and "donde como mariscos" read the same.

import type { BusinessCategory, BusinessOffering, SpokenLanguage } from "../../features/directory/constants";
// The vocabulary (kinds of place, dishes, events, groups, forums, ads, properties, guide pages) is
// data: adding a word is a line there and one in tests/unit/lexicon.test.ts. The exact rules stay here.
import vocabulary from "../../lib/search/intent-words.json";

export const conciergeIntents = [
  "emergency",
  "medical",
  "legal",
  "open_now",
  "business",
  "directory",
  "tides",
  "sun",
  "best_time",
  "alerts",
  "events",
  "groups",
  "forums",
  "classifieds",
  "properties",
  "guide",
  "injection",
  "unknown",
] as const;
export type ConciergeIntent = (typeof conciergeIntents)[number];

export type Language = "en" | "es";

export const maxQuestionLength = 500;

/** Lower case, accents folded, punctuation to spaces, one space between words. */
export function fold(text: string): string {
  return ` ${text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9ñ&']+/g, " ")
    .replace(/\s+/g, " ")
    .trim()} `;
}

function hasAny(folded: string, words: readonly string[]): boolean {
  return words.some(
    (word) => folded.includes(` ${word} `) || (word.endsWith("*") && folded.includes(` ${word.slice(0, -1)}`)),
  );
}

const spanishMarkers = [
  "donde",
  "que",
  "como",
  "hay",
  "esta",
  "estan",
  "abierto",
  "abierta",
  "abiertos",
  "comer",
  "para",
  "puedo",
  "hoy",
  "manana",
  "cual",
  "cuales",
  "cuando",
  "el",
  "la",
  "los",
  "las",
  "un",
  "una",
  "en",
  "de",
  "del",
  "y",
  "con",
  "mi",
  "necesito",
  "busco",
  "quiero",
  "marea",
  "mareas",
  "semana",
  "eventos",
  "ayuda",
  "hora",
  "horario",
  "por",
  "al",
  "se",
  "me",
  "es",
  "son",
  "tiene",
  "tienen",
  "algun",
  "alguna",
  "alguien",
  "cerca",
];
// Not "a": it is Spanish too ("alquiler a largo plazo").
const englishMarkers = [
  "where",
  "what",
  "how",
  "is",
  "are",
  "the",
  "open",
  "can",
  "eat",
  "today",
  "tomorrow",
  "which",
  "when",
  "an",
  "in",
  "of",
  "and",
  "with",
  "my",
  "need",
  "want",
  "find",
  "tide",
  "tides",
  "beach",
  "week",
  "events",
  "help",
  "time",
  "hours",
  "near",
  "nearby",
  "best",
  "around",
  "here",
  "any",
  "at",
  "i",
  "to",
  "for",
];

/**
 * The question's language: Spanish punctuation or more Spanish words than English; ties keep
 * `fallback`. The words of the places named are not counted: "hotel in las catalinas"
 * is English, whatever the place is called.
 */
export function detectLanguage(question: string, fallback: Language, placeNames: readonly string[] = []): Language {
  if (/[¿¡ñ]/i.test(question)) return "es";
  let folded = fold(question);
  for (const name of placeNames) folded = folded.replaceAll(fold(name), " ");
  const words = folded.trim().split(" ");
  let es = 0;
  let en = 0;
  for (const word of words) {
    if (spanishMarkers.includes(word)) es += 1;
    if (englishMarkers.includes(word)) en += 1;
  }
  if (/[áéíóú]/i.test(question)) es += 1;
  if (es === en) return fallback;
  return es > en ? "es" : "en";
}

// Any of these means 911 first, whatever else the question says (docs/concierge.md, "Safety").
const emergencyWords = [
  "emergency",
  "emergencia",
  "emergencias",
  "911",
  "accident",
  "accidente",
  "drowning",
  "drown*",
  "ahogando",
  "ahogandose",
  "ahogo",
  "ahogado",
  "heart attack",
  "infarto",
  "ataque cardiaco",
  "ataque al corazon",
  "robbery",
  "robbed",
  "robo",
  "robaron",
  "asalto",
  "asaltaron",
  "fire",
  "incendio",
  "fuego",
  "bleeding",
  "sangrando",
  "unconscious",
  "inconsciente",
  "not breathing",
  "no respira",
  "snake bite",
  "mordedura",
  "stabbed",
  "shot",
  "ambulance",
  "ambulancia",
  "police",
  "policia",
  "rip current",
  "corriente de resaca",
  "earthquake",
  "temblor",
  "terremoto",
  "sismo",
  "tsunami",
  "gas leak",
  "fuga de gas",
  "atropell*",
  "hit by a car",
  // At sea: 911 sends the coast guard.
  "boat in trouble",
  "boat is in trouble",
  "boat is sinking",
  "sinking",
  "capsized",
  "man overboard",
  "lost at sea",
  "missing at sea",
  "adrift",
  "mayday",
  "coast guard",
  "guardacostas",
  "naufragio",
  "se hunde",
  "se esta hundiendo",
  "bote en problemas",
  "lancha en problemas",
  "barco en problemas",
  "a la deriva",
];
/**
 * Someone's own animal in trouble: a question for the vet, whatever happened to it ("a dog bit
 * me" is still a person hurt).
 */
const petWords = ["my", "our", "mi", "nuestro", "nuestra"].flatMap((owner) =>
  [
    "dog",
    "puppy",
    "cat",
    "kitten",
    "pet",
    "perro",
    "perra",
    "perrito",
    "perrita",
    "gato",
    "gata",
    "gatito",
    "mascota",
  ].map((animal) => `${owner} ${animal}`),
);

/**
 * Injuries, stings, bites, poisoning: 911 first when it may be urgent, then the number the site
 * has for it and the healthcare page, whatever else the question asks.
 */
const urgentHealthWords = [
  "sting",
  "stung",
  "stings",
  "jellyfish",
  "medusa",
  "medusas",
  "aguamala",
  "aguamalas",
  "agua mala",
  "aguaviva",
  "stingray",
  "raya",
  "picadura",
  "picaduras",
  "me pico",
  "lo pico",
  "la pico",
  "le pico",
  "bite",
  "bitten",
  "bit me",
  "mordio",
  "mordida",
  "mordedura",
  "scorpion",
  "alacran",
  "escorpion",
  "snake",
  "serpiente",
  "culebra",
  "bee",
  "wasp",
  "abeja",
  "avispa",
  "poison",
  "poisoned",
  "poisoning",
  "poisonous",
  "envenenado",
  "envenenada",
  "envenenamiento",
  "veneno",
  "intoxicacion",
  "intoxicado",
  "intoxicada",
  "overdose",
  "sobredosis",
  "swallowed",
  "se trago",
  "allergic reaction",
  "reaccion alergica",
  "anaphyla*",
  "can t breathe",
  "cant breathe",
  "no puede respirar",
  "no puedo respirar",
  "chest pain",
  "dolor de pecho",
  "seizure",
  "convulsion*",
  "broken bone",
  "broke my",
  "fractura",
  "quebre",
  "injured",
  "injury",
  "hurt badly",
  "herido",
  "herida",
  "lesionado",
  "cut myself",
  "me corte",
  "heat stroke",
  "golpe de calor",
  "insolacion",
  "hit my head",
  "golpe en la cabeza",
];
const medicalWords = [
  "doctor",
  "medico",
  "medica",
  "hospital",
  "clinic",
  "clinica",
  "ebais",
  "sick",
  "enfermo",
  "enferma",
  "fever",
  "fiebre",
  "pain",
  "dolor",
  "symptom*",
  "sintoma*",
  "dengue",
  "vaccine",
  "vacuna",
  "pregnant",
  "embarazada",
  "prescription",
  "receta",
];
const legalWords = [
  "lawyer",
  "abogado",
  "abogada",
  // "Is it legal to…" asks what is allowed, which the guides answer; "legal advice" asks for a lawyer.
  "legal advice",
  "legal help",
  "legal problem",
  "legal issue",
  "asesoria legal",
  "ayuda legal",
  "problema legal",
  "visa",
  "residency",
  "residencia",
  "immigration",
  "migracion",
  "notary",
  "notario",
  "contract",
  "contrato",
  "lawsuit",
  "demanda",
  "tax",
  "taxes",
  "impuesto*",
  "permit",
  "permiso",
  "divorce",
  "divorcio",
  "testamento",
  "perpetual tourist",
  "border run",
];
const openNowWords = [
  "open now",
  "open right now",
  "open today",
  "abierto ahora",
  "abierta ahora",
  "abiertos ahora",
  "abiertas ahora",
  "esta abierto",
  "esta abierta",
  "is it open",
  "is open",
  "are open",
  "open late",
  "abierto hoy",
  "abierto",
  "abierta",
  "abiertos",
  "open",
];
const tideWords = [
  "tide",
  "tides",
  "marea",
  "mareas",
  "high tide",
  "low tide",
  "marea alta",
  "marea baja",
  "pleamar",
  "bajamar",
];
const sunWords = [
  "sunrise",
  "sunset",
  "amanecer",
  "atardecer",
  "puesta del sol",
  "salida del sol",
  "sun",
  "sol",
  "golden hour",
  "hora dorada",
];
const bestTimeWords = [
  "best time",
  "mejor hora",
  "mejor momento",
  "surf",
  "surfear",
  "tide pool*",
  "pozas",
  "snorkel*",
  "swim",
  "nadar",
];
const eventWords: readonly string[] = vocabulary.events;
const groupWords: readonly string[] = vocabulary.groups;
const forumWords: readonly string[] = vocabulary.forums;
const classifiedWords: readonly string[] = vocabulary.classifieds;
const propertyWords: readonly string[] = vocabulary.properties;
const guideWords: readonly { words: string[]; page: string }[] = vocabulary.guides;
const injectionPatterns = [
  /ignore (all |any |the |your )?(previous|prior|above)/,
  /ignora (todas |las )?(instrucciones|anteriores)/,
  /system prompt/,
  /prompt del sistema/,
  /(reveal|show|print|dump|give me) (the |your |all )?(hidden|secret|private|system|internal|api)/,
  /(revela|muestra|dame) (los |las |el )?(datos |campos |contactos )?(ocultos|secretos|privados)/,
  /you are now/,
  /ahora eres/,
  /developer mode/,
  /jailbreak/,
  /\bdan\b/,
  /api key/,
  /llm_api_key/,
  /password/,
  /contrasena/,
  /(call|use|run) (the )?(tool|function) /,
];

/** Words that ask about a kind of place, and the directory category they mean. */
const categoryWords = vocabulary.categories as { category: BusinessCategory; words: string[] }[];

/** Dishes and kinds of place a visitor searches for by name; the English and Spanish are one search. */
const dishWords: readonly { words: string[]; query: string }[] = vocabulary.dishes;

// What a place accepts and offers, as people ask for it ("¿aceptan SINPE?", "which restaurants take
// cards?"). Words that mean something else as often ("reserva" is also a nature reserve,
// "mascotas" a vet's patients, "WhatsApp" its groups) are asked for only in a phrase that cannot.
const offeringWords: { offering: BusinessOffering; words: string[] }[] = [
  { offering: "sinpe", words: ["sinpe", "sinpe movil", "simpe"] },
  {
    offering: "cards",
    words: [
      "card",
      "cards",
      "credit card",
      "credit cards",
      "debit card",
      "tarjeta",
      "tarjetas",
      "datafono",
      "visa",
      "mastercard",
    ],
  },
  {
    offering: "cash-usd",
    words: ["pay in dollars", "pagar en dolares", "aceptan dolares", "accept dollars", "take dollars"],
  },
  {
    offering: "cash-crc",
    words: ["pay in colones", "pagar en colones", "aceptan colones", "accept colones", "take colones"],
  },
  { offering: "wifi", words: ["wifi", "wi fi"] },
  { offering: "parking", words: ["parking", "parqueo", "estacionamiento"] },
  { offering: "wheelchair", words: ["wheelchair", "silla de ruedas", "sillas de ruedas"] },
  {
    offering: "pets",
    words: [
      "pet friendly",
      "dog friendly",
      "pets allowed",
      "aceptan mascotas",
      "se admiten mascotas",
      "con mi perro",
      "with my dog",
    ],
  },
  {
    offering: "children",
    words: [
      "kid friendly",
      "kids friendly",
      "child friendly",
      "family friendly",
      "apto para ninos",
      "aptos para ninos",
    ],
  },
  { offering: "delivery", words: ["delivery", "deliver", "a domicilio", "servicio express"] },
  {
    offering: "reservations",
    words: ["reservation", "reservations", "reservacion", "reservaciones", "take reservations", "book a table"],
  },
];

const languageNames: { code: SpokenLanguage; words: string[] }[] = [
  { code: "en", words: ["english", "ingles"] },
  { code: "es", words: ["spanish", "espanol"] },
  { code: "fr", words: ["french", "frances"] },
  { code: "de", words: ["german", "aleman"] },
  { code: "it", words: ["italian", "italiano"] },
  { code: "pt", words: ["portuguese", "portugues"] },
];
const speakWords = ["speak", "speaks", "speaking", "spoken", "habla", "hablan", "hable", "hablen", "se habla"];

/** The offerings a question asks for, in the vocabulary's order of the list above. */
// "How does SINPE Móvil work?" asks how to use it, not which places take it.
const howToWords = ["how does", "how do", "how to", "como funciona", "como se usa", "como uso", "como hago"];

export function askedOfferings(question: string): BusinessOffering[] {
  const folded = fold(question);
  if (hasAny(folded, howToWords)) return [];
  return offeringWords
    .filter((entry) => hasAny(folded, entry.words))
    .map((entry) => entry.offering)
    .filter((offering) => offering !== "cards" || !hasAny(folded, ["sim", "chip", "gift card", "business card"]));
}

/** The languages a question asks to be spoken ("where do they speak French?", "¿hablan alemán?"). */
export function askedLanguages(question: string): SpokenLanguage[] {
  const folded = fold(question);
  if (!hasAny(folded, speakWords)) return [];
  return languageNames.filter((entry) => hasAny(folded, entry.words)).map((entry) => entry.code);
}

export interface AreaName {
  slug: string;
  names: string[];
}

export interface PlannedQuestion {
  language: Language;
  intent: ConciergeIntent;
  category?: BusinessCategory;
  area?: string;
  /** A dish or kind of place to search for ("seafood mariscos"). */
  query?: string;
  /** A named guide page for guide/medical/legal answers. */
  page?: string;
  /** The day asked about, as an offset from today (0 today, 1 tomorrow). */
  dayOffset: number;
  /** Injuries, stings, bites, poisoning: 911 first and the right number, whatever else is asked. */
  urgentHealth?: boolean;
  /** Asks for what is open now (or tonight). */
  wantsOpen?: boolean;
  /** A follow-up about the thing the conversation was about ("is it open tomorrow?"). */
  followUp: boolean;
  /** What the place must accept or offer ("¿aceptan SINPE?"). */
  accepts?: BusinessOffering[];
  /** Languages its staff must speak. */
  speaks?: SpokenLanguage[];
  /** The kind of local alert asked about ("is there red tide?", "¿se va a ir la luz?"). */
  alertKind?: AlertQuestionKind;
}

/** The kinds of local alert a question can ask about, and the words that ask. */
export type AlertQuestionKind = "red-tide" | "power" | "water" | "road";
const alertQuestionWords: { kind: AlertQuestionKind; words: string[] }[] = [
  { kind: "red-tide", words: ["red tide", "red tides", "marea roja", "mareas rojas", "algal bloom", "floracion"] },
  {
    kind: "power",
    words: [
      "power cut",
      "power cuts",
      "power outage",
      "outage",
      "blackout",
      "no power",
      "electricity",
      "se va a ir la luz",
      "se fue la luz",
      "se va la luz",
      "corte de luz",
      "cortes de luz",
      "apagon",
      "sin luz",
      "corte electrico",
    ],
  },
  {
    kind: "water",
    words: [
      "water cut",
      "water cuts",
      "no water",
      "water outage",
      "corte de agua",
      "cortes de agua",
      "sin agua",
      "se va el agua",
      "se va a ir el agua",
      "se fue el agua",
    ],
  },
  {
    kind: "road",
    words: [
      "road closed",
      "road closure",
      "roads closed",
      "landslide",
      "calle cerrada",
      "carretera cerrada",
      "cierre de carretera",
      "derrumbe",
      "paso cerrado",
    ],
  },
];

const tomorrowWords = ["tomorrow", "manana"];
const timeAskWords = [
  "best time",
  "mejor hora",
  "mejor momento",
  "when",
  "cuando",
  "what time",
  "a que hora",
  "hora",
  "today",
  "hoy",
  "tomorrow",
  "manana",
  "conditions",
  "condiciones",
  "good for",
  "bueno para",
];
const sunTimeWords = [
  "when",
  "what time",
  "time",
  "hora",
  "a que hora",
  "cuando",
  "today",
  "hoy",
  "tomorrow",
  "manana",
  "tonight",
];
const placeWords = [
  "eat",
  "dinner",
  "drink",
  "drinks",
  "bar",
  "restaurant",
  "restaurante",
  "comer",
  "cenar",
  "cena",
  "tragos",
  "tour",
  "cruise",
  "catamaran",
  "boat",
  "view",
  "vista",
];
const followUpWords = [" it ", " they ", " there ", " that one ", " esa ", " ese ", " ahi ", " alli "];

/**
 * The question without the words that describe the injury: what is left is what else it asks
 * ("stung by a jellyfish, is there a pharmacy open?"). Those words are the rule's, not needs:
 * "se tragó cloro" folds to "trago", a drink, and a bar is no help.
 */
export function withoutInjuryWords(question: string): string {
  let rest = fold(question);
  for (const word of urgentHealthWords) {
    const pattern = word.endsWith("*") ? ` ${word.slice(0, -1)}\\S* ` : ` ${word} `;
    rest = rest.replace(new RegExp(pattern, "g"), " ").replace(new RegExp(pattern, "g"), " ");
  }
  return rest.trim();
}

export function isEmergency(question: string): boolean {
  return hasAny(fold(question), emergencyWords);
}

/**
 * Reads a question. `areas` are the site's areas with their names in both languages; the named
 * business, if any, is found later by the server (it needs the database).
 */
export function planQuestion(
  question: string,
  options: { fallbackLanguage: Language; areas: AreaName[] },
): PlannedQuestion {
  const language = detectLanguage(
    question,
    options.fallbackLanguage,
    options.areas.flatMap((area) => area.names),
  );
  const folded = fold(question);
  const dayOffset = hasAny(folded, tomorrowWords) && !folded.includes(" manana en la manana ") ? 1 : 0;
  const base: PlannedQuestion = { language, intent: "unknown", dayOffset, followUp: false };
  const area = options.areas.find((candidate) => candidate.names.some((name) => folded.includes(fold(name))))?.slug;
  if (area) base.area = area;

  if (hasAny(folded, openNowWords)) base.wantsOpen = true;
  const accepts = askedOfferings(question);
  if (accepts.length) base.accepts = accepts;
  const speaks = askedLanguages(question);
  if (speaks.length) base.speaks = speaks;
  if (hasAny(folded, emergencyWords)) return { ...base, intent: "emergency", page: "emergency" };
  if (injectionPatterns.some((pattern) => pattern.test(folded))) return { ...base, intent: "injection" };
  // "My dog ate a toad": the vet answers, not 911 and the people's healthcare page.
  if (hasAny(folded, urgentHealthWords) && !hasAny(folded, petWords))
    return { ...base, intent: "emergency", page: "emergency", urgentHealth: true };
  // "An expat forum to ask about residency": the people to ask, not the rule's page.
  if (hasAny(folded, forumWords)) return { ...base, intent: "forums" };
  if (hasAny(folded, medicalWords)) return { ...base, intent: "medical", page: "healthcare", category: "health" };
  if (hasAny(folded, legalWords)) return { ...base, intent: "legal", page: "government" };

  const dish = dishWords.find((entry) => hasAny(folded, entry.words));
  const category = categoryWords.find((entry) => hasAny(folded, entry.words))?.category;
  // Before the tides: "marea roja" is an alert, not a tide table.
  const alertKind = alertQuestionWords.find((entry) => hasAny(folded, entry.words))?.kind;
  if (alertKind) return { ...base, intent: "alerts", alertKind };
  if (hasAny(folded, tideWords)) return { ...base, intent: "tides" };
  // "When is sunset?" asks for a time; "a sunset dinner" asks for a place.
  if (
    hasAny(folded, [
      "sunrise",
      "sunset",
      "amanecer",
      "atardecer",
      "puesta del sol",
      "puesta de sol",
      "salida del sol",
    ]) &&
    hasAny(folded, sunTimeWords) &&
    !hasAny(folded, placeWords)
  )
    return { ...base, intent: "sun" };
  // "Best time to surf?" asks the beach report; "surf lessons" or "a used surfboard" do not.
  if (hasAny(folded, bestTimeWords) && hasAny(folded, timeAskWords) && !category)
    return { ...base, intent: "best_time" };
  if (
    hasAny(folded, [
      "sunrise",
      "sunset",
      "amanecer",
      "puesta del sol",
      "salida del sol",
      "golden hour",
      "hora dorada",
    ]) &&
    !category &&
    !dish
  )
    return { ...base, intent: "sun" };
  if (hasAny(folded, eventWords) && !category) return { ...base, intent: "events" };
  if (hasAny(folded, groupWords)) return { ...base, intent: "groups" };
  if (hasAny(folded, classifiedWords)) return { ...base, intent: "classifieds" };
  if (hasAny(folded, propertyWords)) return { ...base, intent: "properties" };

  const openNow = hasAny(folded, openNowWords);
  const followUp = followUpWords.some((word) => folded.includes(word)) || /^ (and|y) /.test(folded);
  if (openNow && !category && !dish && followUp) return { ...base, intent: "open_now", followUp: true };
  if (category || dish) {
    return {
      ...base,
      intent: openNow ? "open_now" : "directory",
      category: category ?? "restaurant",
      ...(dish ? { query: dish.query } : {}),
    };
  }
  if (openNow) return { ...base, intent: "open_now" };
  const guide = guideWords.find((entry) => hasAny(folded, entry.words));
  if (guide) return { ...base, intent: "guide", page: guide.page };
  if (hasAny(folded, sunWords) && hasAny(folded, timeAskWords)) return { ...base, intent: "sun" };
  if (area) return { ...base, intent: "directory" };
  return { ...base, followUp };
}

/** Masks what could identify someone in a kept question: emails, phone numbers, long numbers. */
export function anonymiseQuestion(question: string): string {
  return question
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[email]")
    .replace(/\+?\d[\d\s().-]{6,}\d/g, "[number]")
    .replace(/\d{5,}/g, "[number]")
    .slice(0, maxQuestionLength);
}
