import { describe, expect, it } from "vitest";
import { getTranslator } from "./i18n.server";
import { resources } from "./i18n-bundle.server";
import { Catalog, type Dictionary } from "./translations";
import { cataloguePayload } from "./translations-payload";

/** Every leaf key of a dictionary, with plural suffixes folded into the base key. */
function keys(dictionary: Dictionary, prefix = ""): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    value && typeof value === "object"
      ? keys(value as Dictionary, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, "")}`],
  );
}

const variables = (text: string) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1].trim());

describe("the components' translation catalog gives i18next's results", () => {
  for (const language of ["en", "es"] as const) {
    it(`for every key of every namespace in ${language}, with and without counts and values`, async () => {
      const i18next = await getTranslator(language);
      const catalog = new Catalog(language, resources[language]);
      let compared = 0;
      for (const [namespace, dictionary] of Object.entries(resources[language])) {
        const t = catalog.translator(namespace);
        // Every variable the namespace uses, given to every key: built once per namespace.
        const values = Object.fromEntries(
          variables(JSON.stringify(dictionary)).map((name, index) => [name, `v${index}<b>`]),
        );
        for (const key of new Set(keys(dictionary))) {
          for (const options of [
            undefined,
            values,
            { ...values, count: 0 },
            { ...values, count: 1 },
            { ...values, count: 7 },
          ]) {
            expect(t(key, options), `${language} ${namespace}:${key} ${JSON.stringify(options)}`).toBe(
              i18next(key, { ns: namespace, ...options }),
            );
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(1000);
      // Tens of thousands of lookups through both libraries: seconds on a busy 2-core machine.
    }, 60_000);
  }

  it("resolves ns:key and { ns }, and falls back to defaultValue, then the key, like i18next", async () => {
    const i18next = await getTranslator("es");
    const t = new Catalog("es", resources.es).translator("directory");
    for (const [key, options] of [
      ["common:nav.home", undefined],
      ["nav.home", { ns: "common" }],
      ["accounts:missing.key", { defaultValue: "Respaldo" }],
      ["missing.key", undefined],
      ["common:footer.copyright", { year: 2026 }],
    ] as const) {
      expect(t(key, options)).toBe(i18next(key, { ns: "directory", ...options }));
    }
  });
});

describe("the translations a page embeds", () => {
  const catalog = new Catalog("es", resources.es);
  const payload = (declared: string[]) => JSON.parse(cataloguePayload(catalog, declared));

  it("hold the declared namespaces whole, one subtree for ns:subtree, and the nav labels of the rest", () => {
    const { language, complete, dictionaries } = payload(["common", "directory", "guides:home"]);
    expect(language).toBe("es");
    expect(complete).toEqual(["common", "directory"]);
    expect(dictionaries.directory).toEqual(resources.es.directory);
    expect(dictionaries.guides).toEqual({ nav: resources.es.guides.nav, home: resources.es.guides.home });
    expect(dictionaries.beach).toEqual({ nav: resources.es.beach.nav });
    expect(JSON.stringify(dictionaries)).not.toContain(JSON.stringify(resources.en.common.nav));
  });

  it("cannot close the script element it is embedded in", () => {
    const hostile = new Catalog("en", { common: { nav: { x: "</script><script>alert(1)</script>" } } });
    const text = cataloguePayload(hostile, ["common"]);
    expect(text).not.toContain("</script");
    expect(JSON.parse(text).dictionaries.common.nav.x).toBe("</script><script>alert(1)</script>");
  });

  it("a browser catalog fetches a namespace it lacks, and renders suspend until it arrives", async () => {
    const requested: string[] = [];
    const browser = new Catalog(
      "en",
      { common: resources.en.common, beach: { nav: resources.en.beach.nav } },
      async (namespace) => {
        requested.push(namespace);
        return resources.en[namespace];
      },
      "{}",
      ["common"],
    );
    const t = browser.translator("beach");
    expect(t("nav.title")).toBe(resources.en.beach.nav && (resources.en.beach.nav as Dictionary).title);
    let thrown: unknown;
    try {
      t("page.title");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    expect(requested).toEqual(["beach"]);
    expect(t("page.title")).toBe((await getTranslator("en"))("beach:page.title"));
  });
});
