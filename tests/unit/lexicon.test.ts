import { describe, expect, it } from "vitest";
import { detectLanguage, fold, planQuestion, withoutInjuryWords } from "#app/compose/concierge/intents";
import { businessCategories } from "#app/features/directory/constants";
import { isGuideSlug } from "#app/features/guides/pages";
import intentWords from "#app/lib/search/intent-words.json";
import lexiconData from "#app/lib/search/lexicon.json";
import { areaVocabulary, editDistance, lexicon, understandQuery } from "#app/lib/search/understand";

// The local lexicon is data: each entry's category, kind and page must exist, and the usage it
// was written for must read as meant. Adding a word is a line in lexicon.json and a line here.

const areas = areaVocabulary([
  { slug: "playa-flamingo", names: ["Playa Flamingo", "Playa Flamingo"] },
  { slug: "surfside", names: ["Surfside & Potrero", "Surfside y Potrero"] },
  { slug: "brasilito", names: ["Brasilito & Conchal", "Brasilito y Conchal"] },
]);

describe("the lexicon's data", () => {
  it("names only categories, kinds and pages the site has", () => {
    for (const entry of lexiconData.entries as { category?: string; kind?: string; page?: string }[]) {
      if (entry.category) expect(businessCategories).toContain(entry.category);
      if (entry.kind)
        expect(["business", "property", "event", "group", "forum", "classified", "guide", "beach"]).toContain(
          entry.kind,
        );
      if (entry.page) expect(isGuideSlug(entry.page)).toBe(true);
    }
  });
});

describe("reading what people type", () => {
  const cases: [string, { category?: string; kind?: string; page?: string; area?: string }][] = [
    ["ocupo un mecánico, se me varó el carro", { category: "automotive" }],
    ["una soda barata", { category: "restaurant" }],
    ["pulpería cerca", { category: "retail" }],
    ["el súper", { category: "retail" }],
    ["donde hay un cajero", { category: "finance", page: "guide" }],
    ["donde puedo lavar la ropa", { category: "services" }],
    ["cabalgata en la playa", { category: "entertainment" }],
    ["me picó una medusa", { page: "healthcare" }],
    ["aguamala", { page: "healthcare" }],
    ["alquiler de tabla", { category: "retail" }],
    ["cambiar dólares", { category: "finance" }],
    ["car hire", { category: "automotive" }],
    ["rent a car", { category: "automotive" }],
    ["chemist", { category: "health" }],
    ["spanish lessons", { category: "education" }],
    ["heladería en Brasilito", { category: "restaurant", area: "brasilito" }],
    ["hotel potrero", { category: "accommodation", area: "surfside" }],
    ["casa en alquiler", { kind: "property" }],
    ["grupo de whatsapp", { kind: "group" }],
    ["tabla de surf usada", { kind: "classified" }],
    ["quien limpia piscinas", { category: "services" }],
    ["que vacunas necesito", { page: "healthcare" }],
    ["sunburn with blisters", { page: "healthcare" }],
    ["anyone selling a fridge", { kind: "classified" }],
    ["alguien regala cajas", { kind: "classified" }],
    ["giving away a sofa", { kind: "classified" }],
    ["quien me revisa el carro para la riteve", { category: "automotive" }],
    ["language exchange tonight", { kind: "event" }],
    ["pet friendly condo for rent long term", { kind: "property" }],
    ["apartamento alquiler a largo plazo", { kind: "property" }],
    ["clínica de surf para niños", { kind: "event" }],
    ["que compañía de celular tiene señal", { page: "guide" }],
    ["can I drive with my license", { page: "transportation" }],
    ["legal advice", { page: "government" }],
    // A property's record is the government's registry, not a listing.
    ["certificación de propiedad en el registro nacional", { page: "government" }],
    ["how do I check who really owns a property", { page: "government" }],
    // The yearly vehicle tax is the newcomer guide's driving section, not an insurance agency.
    ["cuándo vence el marchamo", { page: "guide" }],
    ["expat forum", { kind: "forum" }],
    ["where do i post a question for the community", { kind: "forum" }],
    ["se me perdió la perra", { kind: "classified" }],
    ["lost my dog", { kind: "classified" }],
    ["chat de vecinos", { kind: "group" }],
    // Typos of a letter in words of five or more.
    ["lavandria", { category: "services" }],
    ["farmcia", { category: "health" }],
    ["restuarant", { category: "restaurant" }],
  ];
  it.each(cases)("%s", (text, want) => {
    const read = understandQuery(text, areas);
    if (want.category) expect(read.categories).toContain(want.category);
    if (want.kind) expect(read.explicitKinds).toContain(want.kind);
    if (want.page) expect(read.pages).toContain(want.page);
    if (want.area) expect(read.areas).toContain(want.area);
  });

  it("drops words that say nothing about what is wanted, and keeps everything else as words", () => {
    const read = understandQuery("diay, ocupo saber donde queda la Esquina", areas);
    expect(read.groups.map((group) => group.typed.join(" "))).toEqual(["esquina"]);
    expect(read.filler).toEqual(expect.arrayContaining(["diay", "ocupo", "donde", "queda"]));
    // "Anything happening this weekend?" asks for the events, not for pages that say "anything".
    const weekend = understandQuery("anything happening this weekend?", areas);
    expect(weekend.groups.filter((group) => group.source !== "lexicon")).toEqual([]);
    expect(weekend.kinds).toContain("event");
  });

  it("drops a greeting that opens a question, and keeps one that is what is asked about", () => {
    expect(understandQuery("hola, hay farmacia abierta?", areas).filler).toContain("hola");
    expect(understandQuery("hey hi, any sushi", areas).groups.map((group) => group.typed.join(" "))).toEqual(["sushi"]);
    const hello = understandQuery("how do you say hello", areas);
    expect(hello.groups.map((group) => group.typed.join(" "))).toEqual(["say", "hello"]);
    expect(hello.filler).not.toContain("hello");
  });

  it("gives a lexicon term its alternatives and an area its names", () => {
    const read = understandQuery("car hire in potrero", areas);
    const car = read.groups.find((group) => group.source === "lexicon");
    expect(car?.alternatives.map((words) => words.join(" "))).toEqual(
      expect.arrayContaining(["car hire", "rent car", "alquiler carros"]),
    );
    const area = read.groups.find((group) => group.source === "area");
    expect(area?.alternatives.flat()).toEqual(expect.arrayContaining(["surfside", "potrero"]));
  });

  it("ties a term that points only to a guide page to that page, and a broad kind of place to its category", () => {
    const office = understandQuery("municipalidad", areas).groups[0];
    expect(office.pages).toEqual(["government"]);
    // A licence is a driver's as often as a business's: no page of its own.
    expect(understandQuery("license", areas).groups[0].pages).toBeUndefined();
    const restaurant = understandQuery("restuarant", areas).groups[0];
    expect(restaurant).toMatchObject({ generic: true, category: "restaurant" });
    expect(understandQuery("car hire", areas).groups[0].pages).toBeUndefined();
  });

  it("reads 'is it legal' as what is allowed, not as the government page", () => {
    for (const text of ["is it legal to drive on the beach", "es legal acampar en la playa", "is weed legal"])
      expect(understandQuery(text, areas).pages, text).not.toContain("government");
  });

  it("reads a beach as where something is, and the sea's conditions as the beach report", () => {
    const names = (text: string) => understandQuery(text, areas).groups.flatMap((group) => group.names ?? []);
    for (const text of ["es legal acampar en la playa", "limpieza de playa", "ice cream near the beach"])
      expect(names(text), text).not.toContain("beach");
    for (const text of ["como esta el oleaje", "surf report", "is it safe to swim"])
      expect(names(text), text).toContain("beach");
    // Wild monkeys are not a zipline, nor is the marchamo an insurance policy.
    for (const text of ["monos", "monkeys"]) expect(understandQuery(text, areas).categories, text).toEqual([]);
    expect(understandQuery("marchamo", areas).categories).toEqual([]);
    // "Clínica de surf" is the kids' surf event, not a clinic.
    expect(understandQuery("clinica de surf", areas).pages).not.toContain("healthcare");
  });

  it("reads what the asker has as where the need is, not as what is wanted", () => {
    const website = understandQuery("somebody to make a website for my restaurant", areas);
    expect(website.categories).toEqual(["technology"]);
    expect(understandQuery("quiero construir una piscina en mi lote", areas).explicitKinds).not.toContain("property");
    // A need of one's own still asks for its place, and a longer term says what is done with it.
    expect(understandQuery("my dog ate a toad", areas).categories).toContain("health");
    expect(understandQuery("how do i list my house for sale", areas).explicitKinds).toContain("property");
  });

  it("reads 'for sale' as the ads and the properties, and only the first kind named as what is wanted", () => {
    expect(understandQuery("3 bedroom house with pool for sale", areas).firstExplicitKinds).toEqual([
      "classified",
      "property",
    ]);
    expect(understandQuery("signal group for long term rentals", areas).firstExplicitKinds).toEqual(["group"]);
  });

  it("asks the beach report how the sea is, and keeps a web designer's marketing away from fish markets", () => {
    const names = understandQuery("como esta el mar hoy", areas).groups.flatMap((group) => group.names ?? []);
    expect(names).toContain("beach");
    // The English stemmer reads "marketing" as "market": a fish market is no web designer.
    const website = understandQuery("website", areas).groups[0];
    expect(website.alternatives.flat()).not.toContain("marketing");
  });

  it("counts edits with swapped letters as one", () => {
    expect(editDistance("restuarant", "restaurant")).toBe(1);
    expect(editDistance("piza", "pizza")).toBe(1);
    expect(editDistance("paris", "para", 1)).toBe(2);
    expect(lexicon.termWords.has("pizza")).toBe(true);
  });
});

describe("the question's language and what an injury question asks besides", () => {
  it("reads the language without the words of the places named", () => {
    expect(detectLanguage("hotel in las catalinas", "es", ["Las Catalinas"])).toBe("en");
    expect(detectLanguage("hotel in las catalinas", "es")).toBe("es");
    // "a" is Spanish too: no longer one English word against none.
    expect(detectLanguage("alquiler a largo plazo amueblado", "es")).toBe("es");
    expect(detectLanguage("where is the pharmacy", "es")).toBe("en");
  });

  it("leaves out the words that describe the injury: 'se tragó' is no drink", () => {
    expect(withoutInjuryWords("mi hijo se tragó cloro")).toBe("mi hijo cloro");
    expect(withoutInjuryWords("Stung by a jellyfish, is there a pharmacy open?")).toBe("by a is there a pharmacy open");
  });
});

// The planner's vocabulary (intent-words.json) is data too: a word added there is a line here.
describe("the planner's vocabulary", () => {
  const planAreas = [
    { slug: "playa-flamingo", names: ["Playa Flamingo", "Playa Flamingo"] },
    { slug: "brasilito", names: ["Brasilito & Conchal", "Brasilito y Conchal"] },
  ];
  const read = (question: string) => planQuestion(question, { fallbackLanguage: "en", areas: planAreas });

  it("names only categories and pages the site has, each word written as questions are folded", () => {
    for (const entry of intentWords.categories) expect(businessCategories).toContain(entry.category);
    for (const entry of intentWords.guides) expect(isGuideSlug(entry.page)).toBe(true);
    const lists = [
      ...intentWords.categories.map((entry) => entry.words),
      ...intentWords.dishes.map((entry) => entry.words),
      ...intentWords.guides.map((entry) => entry.words),
      intentWords.events,
      intentWords.groups,
      intentWords.forums,
      intentWords.classifieds,
      intentWords.properties,
    ];
    // A word with an accent or a capital would never match a folded question.
    for (const word of lists.flat()) expect(fold(word.replace(/\*$/, "")).trim(), word).toBe(word.replace(/\*$/, ""));
  });

  const cases: [string, { intent?: string; category?: string; query?: string; page?: string }][] = [
    ["¿Dónde como mariscos?", { intent: "directory", category: "restaurant", query: "seafood" }],
    ["una pizzeria en brasilito", { category: "restaurant", query: "pizza" }],
    ["hostal barato", { intent: "directory", category: "accommodation" }],
    ["necesito un electricista", { category: "services" }],
    ["where can I buy groceries", { category: "retail" }],
    ["zipline tour", { category: "entertainment" }],
    ["gasolinera cerca", { category: "automotive" }],
    ["clases de espanol", { category: "education" }],
    ["phone repair", { category: "technology" }],
    ["cambio de dolares", { category: "finance" }],
    ["live music this weekend", { intent: "events" }],
    ["grupo de whatsapp de vecinos", { intent: "groups" }],
    ["expat forum", { intent: "forums" }],
    ["foro de extranjeros para preguntar de la residencia", { intent: "forums" }],
    ["where can I ask other residents about schools", { intent: "forums" }],
    ["hay algun chat de vecinos en flamingo", { intent: "groups" }],
    ["a boat is in trouble off flamingo", { intent: "emergency" }],
    ["se está hundiendo una lancha", { intent: "emergency" }],
    ["muebles de segunda mano", { intent: "classifieds" }],
    ["casa en venta", { intent: "properties" }],
    ["how do I get to Liberia airport", { intent: "guide", page: "transportation" }],
    ["donde queda la municipalidad", { intent: "guide", page: "government" }],
    ["how much to tip", { intent: "guide", page: "pura-vida" }],
    ["is the tap water safe", { intent: "guide", page: "guide" }],
  ];
  it.each(cases)("%s", (question, want) => {
    expect(read(question)).toMatchObject(want);
  });
});
