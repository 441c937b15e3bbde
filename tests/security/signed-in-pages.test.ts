import { describe, expect, it } from "vitest";
import { createSignedInUser } from "#tests/factories/accounts";
import { startTestServer } from "./support/server";

const server = startTestServer();

// Signed-in pages share the response cache's render places and the shared data behind them, and
// are sent in one piece when ready: each visitor must still get a page made for them alone, never
// a cached anonymous copy nor another member's.

function page(path: string, cookie?: string) {
  return server.request(path, {
    headers: { accept: "text/html", "user-agent": "Mozilla/5.0 (X11; Linux x86_64)", ...(cookie ? { cookie } : {}) },
  });
}

describe("signed-in pages over HTTP", () => {
  it.each(["/", "/directory", "/community", "/es/directory"])(
    "%s: each member's own, the anonymous copy for nobody else",
    async (path) => {
      const ana = await createSignedInUser({ firstName: "Ana", lastName: "Quesada" });
      const luis = await createSignedInUser({ firstName: "Luis", lastName: "Solano" });
      // The anonymous copy first, so a cached one exists when the members ask.
      const anonymous = await page(path);
      const anonymousHtml = await anonymous.text();
      expect(anonymous.status).toBe(200);
      const [forAna, forLuis, again] = await Promise.all([page(path, ana.cookie), page(path, luis.cookie), page(path)]);
      const [anaHtml, luisHtml, againHtml] = await Promise.all([forAna.text(), forLuis.text(), again.text()]);

      for (const response of [forAna, forLuis]) {
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toMatch(/^private/);
        expect(response.headers.get("x-cache")).toBeNull();
      }
      // The header's signed-in links, and the member's own name in the page's data.
      expect(anaHtml).toContain('data-testid="header-dashboard"');
      expect(anaHtml).toContain("Ana Quesada");
      expect(anaHtml).not.toContain("Luis Solano");
      expect(luisHtml).toContain('data-testid="header-dashboard"');
      expect(luisHtml).toContain("Luis Solano");
      expect(luisHtml).not.toContain("Ana Quesada");
      // The page is whole: the router's data closes inside it.
      expect(anaHtml).toContain("streamController.close()");
      expect(anaHtml.trimEnd()).toMatch(/<\/html>$/);

      for (const html of [anonymousHtml, againHtml]) {
        expect(html).toContain('data-testid="header-join"');
        expect(html).not.toContain("header-dashboard");
        expect(html).not.toContain("Ana Quesada");
        expect(html).not.toContain("Luis Solano");
      }
    },
  );
});
