import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askConcierge } from "#app/compose/concierge/concierge.server";
import { conciergeQuestions } from "#app/compose/concierge/schema";
import { getDb } from "#app/lib/db.server";
import { setLlmSettingsForTests } from "#app/lib/llm.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { demoBusinesses } from "#root/db/seed/directory-data";
import { seedDatabase } from "#root/db/seed/index";
import {
  askEvaluationQuestion,
  evaluationClock,
  type Half,
  judgeAnswer,
  loadQueries,
  loadQuestions,
  pathOf,
  precisionAt3,
  searchEvaluationQuery,
} from "#tests/support/finding-eval";
import { type MockLlm, startMockLlm } from "#tests/support/mock-llm";

// The concierge and the directory search on the evaluation sets (tests/fixtures/finding), against
// the whole demo seed at the clock the sets were written for. The floors sit a little under the
// figures measured when the sets were added (docs/search.md has them, per half): a change that
// makes finding things worse fails here. The test half was never tuned on.

const dataDir = mkdtempSync(path.join(tmpdir(), "playa-finding-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const floors = {
  concierge: { tune: 0.85, test: 0.76 },
  search: { tune: 0.94, test: 0.92 },
  // Answers citing something off the question's subject: a ceiling at what was measured on each
  // half (docs/search.md). On the tuning half only the answers below may, so any other answer
  // there that cites something unrelated fails, and is listed. The test half, never tuned on, is
  // only counted.
  unrelated: { tune: 3, test: 24 },
};

// Tuning questions still answered with something off their subject, each for a reason no rule
// yet reads without misreading others: a repair shop after a comma is asked again as a second
// question (the surf shop mends boards), "casa" names an exchange house, and a dog at the beach
// is read as a patient for the vet.
const knownUnrelated = ["c658", "c739", "c764"];

const verifiedSlugs = new Set(
  demoBusinesses.filter((business) => (business.status ?? "verified") === "verified").map((business) => business.slug),
);

beforeAll(async () => {
  await seedDatabase(getDb());
}, 120_000);

describe.each(["tune", "test"] as Half[])("the %s half", (half) => {
  it("the concierge answers the questions right, in their language, citing only real businesses", async () => {
    const cases = loadQuestions().filter((item) => item.half === half);
    let correct = 0;
    const unrelated: string[] = [];
    const missing: string[] = [];
    for (const [index, item] of cases.entries()) {
      const answer = await askEvaluationQuestion(item, index);
      const verdict = judgeAnswer(item, answer);
      if (verdict.correct) correct += 1;
      if (verdict.unrelated.length) unrelated.push(`${item.id}: ${verdict.unrelated.join(" ")}`);
      for (const citation of answer.citations) {
        const slug = pathOf(citation.url).match(/^\/business\/([a-z0-9-]+)/)?.[1];
        if (slug && !verifiedSlugs.has(slug)) missing.push(`${item.id}: ${slug}`);
      }
    }
    expect(missing).toEqual([]);
    expect(correct / cases.length).toBeGreaterThanOrEqual(floors.concierge[half]);
    // The test half's items are never printed: only their number is looked at.
    if (half === "tune") {
      const unknown = unrelated.filter((line) => !knownUnrelated.includes(line.split(":")[0]));
      expect(unknown, unknown.join("\n")).toEqual([]);
      expect(unrelated.length).toBeLessThanOrEqual(floors.unrelated.tune);
    }
    else expect(unrelated.length).toBeLessThanOrEqual(floors.unrelated.test);
    // The tuning half is 437 questions: a few minutes on a loaded machine.
  }, 360_000);

  it("the directory search puts the right businesses in its first three", async () => {
    const cases = loadQueries().filter((item) => item.half === half);
    let total = 0;
    for (const item of cases) {
      const result = await searchEvaluationQuery(item, 3);
      total += precisionAt3(
        item,
        result.cards.map((card) => card.slug),
      );
    }
    expect(total / cases.length).toBeGreaterThanOrEqual(floors.search[half]);
  }, 60_000);
});

/** One question asked on its own, as a signed-out visitor at the sets' clock. */
const ask = (question: string, language: "en" | "es" = "en") =>
  askConcierge({
    question,
    language,
    actor: null,
    ip: "203.0.113.251",
    conversationToken: null,
    now: evaluationClock,
  });
const urls = (answer: { citations: { url: string }[] }) => answer.citations.map((citation) => pathOf(citation.url));

describe("the questions that showed the problem", () => {
  it("sunset is a time, not a restaurant", async () => {
    clearRateLimitersForTests();
    for (const question of ["When is sunset today?", "What time is sunset?"]) {
      const answer = await ask(question);
      expect(answer.intent).toBe("sun");
      expect(urls(answer).every((url) => url.startsWith("/beach-report"))).toBe(true);
      expect(answer.answer).toMatch(/sunset \d{1,2}:\d\d PM/);
    }
  });

  it("a rental car is the car rental, a yoga event is the event", async () => {
    clearRateLimitersForTests();
    expect(urls(await ask("Where can I rent a car?"))).toContain("/business/rent-a-car-flamingo");
    const yoga = await ask("Any yoga events this week?");
    expect(urls(yoga).some((url) => url.startsWith("/events/"))).toBe(true);
    expect(urls(yoga).some((url) => url.startsWith("/business/"))).toBe(false);
  });

  it("'open tonight' says when the closest match opens, in the page's way of writing times", async () => {
    clearRateLimitersForTests();
    const answer = await ask("Where can I get sushi, open tonight?");
    expect(urls(answer)).toEqual(["/business/sushi-bahia"]);
    expect(answer.answer).toContain("opens today at 5:00 PM");
    const spanish = await ask("¿Dónde hay sushi abierto esta noche?", "es");
    expect(spanish.answer).toContain("abre hoy a las 17:00");
  });

  it("a pharmacy and a doctor: the healthcare page and the pharmacy that is open", async () => {
    clearRateLimitersForTests();
    const answer = await ask("¿Hay una farmacia abierta ahora? Necesito un médico", "es");
    expect(answer.language).toBe("es");
    expect(urls(answer)).toContain("/healthcare");
    expect(urls(answer)).toContain("/business/farmacia-bahia");
    expect(answer.answer).toContain("911");
  });

  it("a sting: 911 first, the poison-control number, then the pharmacy asked for", async () => {
    clearRateLimitersForTests();
    const answer = await ask("got stung by a jellyfish, is there a pharmacy open?");
    expect(answer.answer.split("\n")[0]).toContain("911");
    expect(answer.answer).toContain("2223-1028");
    expect(urls(answer)).toContain("/healthcare");
    const spanish = await ask("me picó una aguamala", "es");
    expect(spanish.answer.split("\n")[0]).toContain("911");
    expect(spanish.language).toBe("es");
  });

  it("says so when nothing fits, and keeps the question for the admins", async () => {
    clearRateLimitersForTests();
    const answer = await ask("who won the world cup");
    expect(answer.answered).toBe(false);
    expect(answer.answer).toContain("not sure");
    expect(answer.citations).toEqual([]);
    const spanish = await ask("¿quién ganó el mundial?", "es");
    expect(spanish.answer).toContain("No estoy seguro");
    // Kept, anonymised, as unanswered: what /admin/concierge lists to improve the guides.
    const kept = await getDb()
      .select({ question: conciergeQuestions.question, answered: conciergeQuestions.answered })
      .from(conciergeQuestions)
      .where(inArray(conciergeQuestions.question, ["who won the world cup", "¿quién ganó el mundial?"]));
    expect(new Set(kept.map((row) => row.question))).toEqual(
      new Set(["who won the world cup", "¿quién ganó el mundial?"]),
    );
    expect(kept.every((row) => row.answered === false)).toBe(true);
  });
});

describe("what stays off the subject", () => {
  it("someone's own animal is the vet's question; a person bitten by a dog is still 911's", async () => {
    clearRateLimitersForTests();
    const dog = await ask("mi perro se comió un sapo y está echando espuma", "es");
    expect(urls(dog)).toEqual(["/business/veterinaria-patitas-felices"]);
    expect(dog.answer.split("\n")[0]).not.toContain("911");
    const vaccines = await ask("vet for my dog, he needs vaccines");
    expect(urls(vaccines)).toEqual(["/business/veterinaria-patitas-felices"]);
    const bitten = await ask("a dog bit me on the beach, it is bleeding");
    expect(bitten.answer.split("\n")[0]).toContain("911");
    // The dog that bit a person is the cause: 911 and the healthcare page, not the vet.
    const bite = await ask("un perro me mordió la pierna", "es");
    expect(bite.answer.split("\n")[0]).toContain("911");
    expect(urls(bite)).toContain("/healthcare");
    expect(urls(bite)).not.toContain("/business/veterinaria-patitas-felices");
  });

  it("a boat in trouble is 911's, and a property's record is the government's registry", async () => {
    clearRateLimitersForTests();
    const boat = await ask("there is a boat in trouble near the marina");
    expect(boat.answer.split("\n")[0]).toContain("911");
    expect(urls(boat).some((url) => url.startsWith("/business/"))).toBe(false);
    const registry = urls(await ask("necesito una certificación registral de mi casa", "es"));
    expect(registry.length).toBeGreaterThan(0);
    expect(registry.every((url) => url.startsWith("/government"))).toBe(true);
  });

  it("where to ask the community is the forums, with the categories that fit", async () => {
    clearRateLimitersForTests();
    const forum = await ask("is there an expat forum where I can ask about residency");
    expect(forum.intent).toBe("forums");
    expect(urls(forum)).toContain("/community");
    expect(urls(forum)).toContain("/forums/category/expats-residency");
    expect(forum.answer).toContain("/groups");
    const spanish = await ask("foro de la comunidad", "es");
    expect(spanish.language).toBe("es");
    expect(urls(spanish)).toContain("/community");
    expect(spanish.answer).toContain("foros de la comunidad");
  });

  it("a place is shown beside the best only when it is filed under what was asked", async () => {
    clearRateLimitersForTests();
    // Open at 12:30: not the bars; a soda that sells fruit drinks is not a place for drinks.
    const drinks = await ask("any place open late tonight for drinks");
    expect(urls(drinks).filter((url) => url.startsWith("/business/"))).not.toContain("/business/soda-la-esquina");
    expect(urls(await ask("ice cream near the beach"))).toEqual(["/business/heladeria-coco-frio"]);
  });

  it("an everyday word of a name does not name the business, and a guide page joins only places", async () => {
    clearRateLimitersForTests();
    const view = await ask("restaurante con vista al atardecer", "es");
    expect(urls(view)).not.toContain("/business/hotel-vista-catalinas");
    expect(urls(await ask("free moving boxes"))).toEqual(["/classifieds/demo-moving-boxes-free"]);
    const fibre = await ask("internet para la casa en potrero, llega fibra?", "es");
    expect(urls(fibre)).toEqual(["/business/conecta-playa-internet"]);
    expect(fibre.answer.match(/Conecta Playa Internet/g)).toHaveLength(1);
  });
});

describe("never filling an answer with unrelated citations", () => {
  it("when nothing answers, 'these may help' offers only things called or filed under what is particular", async () => {
    clearRateLimitersForTests();
    // A surf shop is no lead for a tattoo shop, nor every restaurant for a kosher one.
    for (const question of ["tattoo shop", "kosher restaurant"]) {
      const answer = await ask(question);
      expect(answer.answered, question).toBe(false);
      expect(answer.answer, question).toContain("not sure");
      expect(urls(answer), question).toEqual([]);
    }
    // The lead named with its town is offered; a car rental elsewhere that shares "rentals" is not.
    const keys = await ask("conchal rentals donde recojo las llaves", "es");
    expect(keys.answered).toBe(false);
    expect(keys.answer).toContain("Esto podría servirle");
    expect(urls(keys)).toEqual(["/business/conchal-rentals-sales"]);
  });

  it("a word list does not drag in another kind: monkeys are no zipline, the marchamo no insurance", async () => {
    clearRateLimitersForTests();
    const monkeys = urls(await ask("can i feed the monkeys"));
    expect(monkeys.length).toBeGreaterThan(0);
    expect(monkeys.every((url) => url.startsWith("/pura-vida"))).toBe(true);
    const marchamo = urls(await ask("when is the marchamo due"));
    expect(marchamo).toContain("/guide#driving");
    expect(marchamo.some((url) => url.startsWith("/business/"))).toBe(false);
  });

  it("a greeting asked about is the subject, and the emergency page answers only emergencies", async () => {
    clearRateLimitersForTests();
    const hello = urls(await ask("how do locals say hello"));
    expect(hello).toContain("/pura-vida#greetings");
    expect(hello.some((url) => url.startsWith("/emergency"))).toBe(false);
    // Neither the police ("Fuerza Pública") nor a group in Playa Flamingo, nor a villa called "beach".
    const beaches = urls(await ask("are the beaches public here"));
    expect(beaches.length).toBeGreaterThan(0);
    expect(beaches.every((url) => url.startsWith("/government") || url.startsWith("/pura-vida"))).toBe(true);
  });
});

describe("broad words and second nouns", () => {
  it("a word that points to a guide page finds other things only as typed: a licence is the driving section", async () => {
    clearRateLimitersForTests();
    const licence = urls(await ask("can i drive with my us license"));
    expect(licence.some((url) => url.startsWith("/guide#driving") || url.startsWith("/transportation"))).toBe(true);
    expect(licence.some((url) => url.startsWith("/government"))).toBe(false);
    const office = urls(await ask("necesito hacer un tramite en la municipalidad, donde queda", "es"));
    expect(office.length).toBeGreaterThan(0);
    expect(office.every((url) => url.startsWith("/government"))).toBe(true);
  });

  it("'is it legal' asks what is allowed, and 'legal advice' is still the lawyer's", async () => {
    clearRateLimitersForTests();
    const beach = await ask("is it legal to drive on the beach");
    expect(beach.intent).not.toBe("legal");
    expect(urls(beach).length).toBeGreaterThan(0);
    expect(urls(beach).every((url) => url.startsWith("/pura-vida"))).toBe(true);
    const advice = await ask("I need legal advice about a contract");
    expect(advice.intent).toBe("legal");
    expect(urls(advice)).toContain("/government");
    const forum = await ask("expat forum to ask about residency");
    expect(urls(forum).some((url) => url.startsWith("/government"))).toBe(false);
  });

  it("a second noun qualifies the need: insurance for the house and the car is the insurance agency", async () => {
    clearRateLimitersForTests();
    expect(urls(await ask("seguro para la casa y el carro", "es"))).toEqual(["/business/seguros-pacifico-agencia"]);
    // In the area asked about, a supermarket that sells produce is not the farmers' market.
    expect(urls(await ask("feria del agricultor en flamingo", "es"))).not.toContain("/business/super-flamingo");
  });

  it("'how does SINPE Móvil work' is the guide's, not a list of the places that take it", async () => {
    clearRateLimitersForTests();
    const sinpe = await ask("how does sinpe movil work");
    expect(urls(sinpe)).toEqual(["/guide#banking"]);
    const places = await ask("where can I pay with SINPE in Brasilito?");
    expect(urls(places).some((url) => url.startsWith("/business/") || url.startsWith("/directory"))).toBe(true);
  });
});

describe("with a model configured", () => {
  let llm: MockLlm;
  beforeAll(async () => {
    llm = await startMockLlm();
    setLlmSettingsForTests({ baseUrl: llm.baseUrl, model: "mock-model", apiKey: "test-key" });
  });
  afterAll(async () => {
    setLlmSettingsForTests(undefined);
    await llm.close();
  });

  it("the model's site search is the planner's retrieval: 'car hire' finds the car rental, which is cited", async () => {
    clearRateLimitersForTests();
    llm.script([
      { toolCalls: [{ name: "site_search", args: { query: "car hire" } }] },
      { text: "You can hire a car at [Rent a Car Flamingo](/business/rent-a-car-flamingo)." },
    ]);
    const answer = await askConcierge({
      question: "Where is car hire?",
      language: "en",
      actor: null,
      ip: "203.0.113.252",
      conversationToken: null,
      now: evaluationClock,
    });
    // What the tool returned to the model is what the planner would have cited.
    expect(JSON.stringify(llm.requests[llm.requests.length - 1].messages)).toContain("/business/rent-a-car-flamingo");
    expect(answer.citations.map((citation) => citation.url)).toContain("/business/rent-a-car-flamingo");
    expect(answer.answer).toContain("Rent a Car Flamingo");
  });
});
