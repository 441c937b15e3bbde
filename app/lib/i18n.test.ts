import { describe, expect, it } from "vitest";
import {
  detectLanguage,
  languageFromAcceptLanguage,
  languageOfPath,
  localizePath,
  stripLanguage,
  toLanguage,
} from "./i18n";

describe("language detection (saved choice, then browser, then English)", () => {
  it("uses the saved choice first, even when the browser prefers another language", () => {
    expect(detectLanguage({ cookie: "i18nextLng=en", acceptLanguage: "es-CR,es;q=0.9" })).toBe("en");
    expect(detectLanguage({ cookie: "theme=dark; i18nextLng=es", acceptLanguage: "en-US" })).toBe("es");
  });

  it("falls back to the browser's language when nothing is saved", () => {
    expect(detectLanguage({ acceptLanguage: "es-CR,es;q=0.9,en;q=0.8" })).toBe("es");
    expect(detectLanguage({ acceptLanguage: "es-MX" })).toBe("es");
    expect(detectLanguage({ acceptLanguage: "fr-FR,es;q=0.5,en;q=0.4" })).toBe("es");
  });

  it("ignores an unsupported saved choice and goes on down the list", () => {
    expect(detectLanguage({ cookie: "i18nextLng=fr", acceptLanguage: "es" })).toBe("es");
    expect(detectLanguage({ cookie: "i18nextLng=%E0%A4%A", acceptLanguage: "de" })).toBe("en");
  });

  it("ends at English", () => {
    expect(detectLanguage({})).toBe("en");
    expect(detectLanguage({ acceptLanguage: "de-DE,fr;q=0.9" })).toBe("en");
  });

  it("honours q-values and drops q=0", () => {
    expect(languageFromAcceptLanguage("en;q=0.2, es;q=0.8")).toBe("es");
    expect(languageFromAcceptLanguage("es;q=0, en;q=0.1")).toBe("en");
    expect(languageFromAcceptLanguage("*")).toBeNull();
  });

  it("maps regional Spanish to es (es-CR and es-MX fall back to es)", () => {
    expect(toLanguage("es-CR")).toBe("es");
    expect(toLanguage("es_MX")).toBe("es");
    expect(toLanguage("EN-us")).toBe("en");
    expect(toLanguage("pt-BR")).toBeNull();
  });
});

describe("language in the URL", () => {
  it("reads the language from the path", () => {
    expect(languageOfPath("/es")).toBe("es");
    expect(languageOfPath("/es/directory")).toBe("es");
    expect(languageOfPath("/essentials")).toBe("en");
    expect(languageOfPath("/")).toBe("en");
  });

  it("moves a path between languages, keeping query and hash", () => {
    expect(localizePath("/", "es")).toBe("/es");
    expect(localizePath("/directory?q=taco#map", "es")).toBe("/es/directory?q=taco#map");
    expect(localizePath("/es/directory", "en")).toBe("/directory");
    expect(localizePath("/es", "en")).toBe("/");
    expect(localizePath("/es/directory", "es")).toBe("/es/directory");
    expect(localizePath("?page=2", "en")).toBe("?page=2");
    expect(localizePath("#map", "es")).toBe("/es#map");
    expect(localizePath("/es#map", "en")).toBe("/#map");
    expect(stripLanguage("/es/business/la-playita")).toBe("/business/la-playita");
  });
});
