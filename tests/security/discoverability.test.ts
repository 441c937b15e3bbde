import { describe, expect, it } from "vitest";
import { createForumCategory, createForumDiscussion } from "#tests/factories/community";
import { createMember } from "#tests/factories/moderation";
import { startTestServer } from "./support/server";

// What crawlers and feed readers find through the whole app: every public page's head announces
// the events feed in its language, the forums are in sitemap.xml, an area page answers with a
// trailing slash like the other pages, and an area page and its location list describe themselves
// differently (one description for two pages tells a search engine they are the same).

const server = startTestServer();

async function html(path: string) {
  const response = await server.request(path);
  return { status: response.status, text: await response.text() };
}

function descriptionOf(page: string) {
  return page.match(/<meta name="description" content="([^"]*)"/)?.[1];
}

describe("discoverability", () => {
  it("every page's head links the RSS feed in the page's language", async () => {
    for (const [path, feed, title] of [
      ["/", "/events.rss", "Events in Playa Flamingo (RSS)"],
      ["/es", "/es/events.rss", "Eventos en Playa Flamingo (RSS)"],
      ["/directory", "/events.rss", "Events in Playa Flamingo (RSS)"],
    ] as const) {
      const page = await html(path);
      expect(page.status).toBe(200);
      const head = page.text.slice(0, page.text.indexOf("</head>"));
      const link = head.match(/<link [^>]*type="application\/rss\+xml"[^>]*>/)?.[0] ?? "";
      expect(link).toContain('rel="alternate"');
      expect(link).toContain(`href="${feed}"`);
      expect(link).toContain(`title="${title}"`);
    }
  });

  it("sitemap.xml lists the forums' categories and published discussions", async () => {
    const member = await createMember({ firstName: "Flor" });
    const category = await createForumCategory({ nameEn: "Fishing reports" });
    const discussion = await createForumDiscussion({ author: member, categoryId: category.id });
    const sitemap = await html("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`/forums/category/${category.slug}</loc>`);
    expect(sitemap.text).toContain(`/es/forums/category/${category.slug}</loc>`);
    expect(sitemap.text).toContain(`/forums/post/${discussion.id}</loc>`);
  });

  it("an area page answers with a trailing slash, as other pages do", async () => {
    expect((await html("/areas/playa-flamingo/")).status).toBe(200);
    expect((await html("/es/areas/playa-flamingo/")).status).toBe(200);
    expect((await html("/location/playa-flamingo/")).status).toBe(200);
  });

  it("an area's page and its location list have different descriptions, in both languages", async () => {
    for (const prefix of ["", "/es"]) {
      const area = descriptionOf((await html(`${prefix}/areas/playa-flamingo`)).text);
      const location = descriptionOf((await html(`${prefix}/location/playa-flamingo`)).text);
      expect(area).toBeTruthy();
      expect(location).toBeTruthy();
      expect(location).not.toBe(area);
    }
  });
});
