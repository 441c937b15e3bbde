import { describe, expect, it } from "vitest";
import { pageMeta, socialImage } from "./seo";

function find(meta: ReturnType<typeof pageMeta>, predicate: (m: Record<string, unknown>) => boolean) {
  return meta.find((m) => predicate(m as Record<string, unknown>)) as Record<string, string> | undefined;
}

describe("page metadata", () => {
  const meta = pageMeta({
    title: "Directorio",
    description: "Negocios locales",
    pathname: "/es/directory",
    origin: "https://playahub.example",
    language: "es",
    siteName: "Playa Hub",
  });

  it("has a title with the site name and a description", () => {
    expect(find(meta, (m) => "title" in m)?.title).toBe("Directorio · Playa Hub");
    expect(find(meta, (m) => m.name === "description")?.content).toBe("Negocios locales");
  });

  it("points the canonical URL at this language and lists both alternates plus x-default", () => {
    expect(find(meta, (m) => m.rel === "canonical")?.href).toBe("https://playahub.example/es/directory");
    expect(find(meta, (m) => m.hrefLang === "en")?.href).toBe("https://playahub.example/directory");
    expect(find(meta, (m) => m.hrefLang === "es")?.href).toBe("https://playahub.example/es/directory");
    expect(find(meta, (m) => m.hrefLang === "x-default")?.href).toBe("https://playahub.example/directory");
  });

  it("has a 1200x630 social image", () => {
    expect(socialImage).toMatchObject({ width: 1200, height: 630 });
    expect(find(meta, (m) => m.property === "og:image")?.content).toBe("https://playahub.example/social-card.png");
    expect(find(meta, (m) => m.property === "og:image:width")?.content).toBe("1200");
    expect(find(meta, (m) => m.property === "og:image:height")?.content).toBe("630");
  });

  it("adds noindex only when asked", () => {
    expect(find(meta, (m) => m.name === "robots")).toBeUndefined();
    const hidden = pageMeta({ title: "x", description: "y", pathname: "/offline", origin: "http://h", language: "en", noindex: true });
    expect(find(hidden, (m) => m.name === "robots")?.content).toBe("noindex");
  });
});
