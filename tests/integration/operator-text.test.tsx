import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceStates } from "#app/compose/services.server";
import { setStripeSettingsForTests } from "#app/features/billing/stripe.server";
import { setLlmSettingsForTests } from "#app/lib/llm.server";
import * as beachReportRoute from "#app/routes/_public/beach-report";
import * as systemRoute from "#app/routes/admin/system";
import * as aiToolsRoute from "#app/routes/dashboard/ai-tools";
import { createSignedInUser } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { loadPage } from "#tests/factories/route-calls";
import { type RouteModule, renderRoute } from "#tests/support/render-route";

// What an operator must set up is the admin's business: a visitor or an owner on a site without a
// forecast service, a language model or online payment reads what the site does without it, never
// the name of a variable or a request to configure something.

const operatorText = [
  /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/, // an environment variable's name
  /\bconfigur(e|ed|es|ing)\b/i,
  /\bnot set up\b|\bset up for this site\b|\bis set\b/i,
  /\bAPI key\b|\bendpoint\b/i,
  /\b(no|sin) (est[áa] )?configurad[oa]s?\b|configurad[oa]s? en este sitio/i,
];

/** What a reader sees of a page: its text, without the markup's names (test ids, classes). */
function visibleText(html: string) {
  return html.replace(/<[^>]*>/g, " ");
}

function operatorPhrases(text: string) {
  return operatorText.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
}

/** Every string of a locale file with its dotted key. */
function strings(value: unknown, prefix: string): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, prefix ? `${prefix}.${key}` : key));
  return [];
}

beforeAll(() => {
  setLlmSettingsForTests(null);
  setStripeSettingsForTests(null);
});
afterAll(() => {
  setLlmSettingsForTests(undefined);
  setStripeSettingsForTests(undefined);
});

describe("operator text", () => {
  it("no service is configured in these tests", () => {
    const off = serviceStates().filter((service) => !service.configured);
    expect(off.map((service) => service.id)).toEqual(
      expect.arrayContaining(["payments", "writingTools", "marineForecast", "windForecast"]),
    );
  });

  it("the beach report tells a visitor what it shows, not what the operator left unset", async () => {
    for (const language of ["en", "es"] as const) {
      const prefix = language === "es" ? "/es" : "";
      const { status, html } = await renderRoute(
        beachReportRoute as unknown as RouteModule,
        `${prefix}/beach-report`,
        `${prefix}/beach-report`,
      );
      expect(status).toBe(200);
      expect(html).toContain('data-testid="marine-status"');
      expect(operatorPhrases(visibleText(html))).toEqual([]);
    }
  });

  it("an owner's writing tools page says they are not available, without the operator's setup", async () => {
    const { cookie, id } = await createSignedInUser({ roles: ["business_owner"] });
    await createBusiness({ owner: id });
    for (const language of ["en", "es"] as const) {
      const prefix = language === "es" ? "/es" : "";
      const { status, html } = await renderRoute(
        aiToolsRoute as unknown as RouteModule,
        `${prefix}/dashboard/ai-tools`,
        `${prefix}/dashboard/ai-tools`,
        cookie,
      );
      expect(status).toBe(200);
      expect(html).toContain('data-testid="ai-tools-not-configured"');
      expect(operatorPhrases(visibleText(html))).toEqual([]);
    }
  });

  it("no string outside the admin's pages names a variable or asks for configuration", () => {
    const found: string[] = [];
    for (const language of ["en", "es"]) {
      const dir = path.resolve("app/locales", language);
      for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
        const catalog = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
        for (const [key, text] of strings(catalog, file.replace(/\.json$/, ""))) {
          // The admin's pages (every key under an "admin" part) are where the setup belongs.
          if (key.split(".").includes("admin")) continue;
          const phrases = operatorPhrases(text);
          if (phrases.length) found.push(`${language}/${key}: ${phrases.join(", ")}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("the admin's system page lists the services that are not configured and their variables", async () => {
    const { cookie } = await createSignedInUser({ roles: ["admin"] });
    const page = await loadPage(systemRoute, "/admin/system", cookie);
    expect(page.status).toBe(200);
    const services = new Map(
      page.data.services.map((service: { id: string; configured: boolean; variables: string[] }) => [
        service.id,
        service,
      ]),
    );
    expect(services.get("writingTools")).toEqual({
      id: "writingTools",
      configured: false,
      variables: ["LLM_BASE_URL", "LLM_MODEL", "LLM_API_KEY"],
    });
    expect(services.get("marineForecast")).toMatchObject({ configured: false, variables: ["MARINE_FORECAST_URL"] });
    expect(services.get("payments")).toMatchObject({ configured: false });

    for (const [prefix, words] of [
      ["", "Not configured"],
      ["/es", "Sin configurar"],
    ] as const) {
      const { html } = await renderRoute(
        systemRoute as unknown as RouteModule,
        `${prefix}/admin/system`,
        `${prefix}/admin/system`,
        cookie,
      );
      expect(html).toMatch(/data-testid="system-service-marineForecast"[^>]*>[^<]*</);
      expect(html).toContain(words);
      expect(html).toContain("LLM_BASE_URL, LLM_MODEL, LLM_API_KEY");
      expect(html).toContain("MARINE_FORECAST_URL");
    }
  });

  it("the admin's system page shows a service as configured once it is", async () => {
    setLlmSettingsForTests({ baseUrl: "http://127.0.0.1:9/v1", model: "m", apiKey: "k" });
    try {
      const { cookie } = await createSignedInUser({ roles: ["admin"] });
      const page = await loadPage(systemRoute, "/admin/system", cookie);
      const writing = page.data.services.find((service: { id: string }) => service.id === "writingTools");
      expect(writing.configured).toBe(true);
    } finally {
      setLlmSettingsForTests(null);
    }
  });
});
