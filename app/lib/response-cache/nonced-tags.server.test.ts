import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashInlineScripts } from "./cache.server";
import { noncedTags, tagName } from "./nonced-tags.server";

const nonce = "r4nd0m+/nonce==";
const page = [
  "<!DOCTYPE html><html><head>",
  `<link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>`,
  '<link rel="stylesheet" href="/assets/app.css"/>',
  `<script nonce="${nonce}">window.a=1</script>`,
  "</head><body>",
  // Markup from content never carries the render's nonce: React escapes quotes in text.
  "<p>nonce=&quot;r4nd0m+/nonce==&quot;</p>",
  "<script>window.injected=1</script>",
  `<script nonce="${nonce}"></script>`,
  `<script type="module" async="" nonce="${nonce}">import "/assets/entry.js"</script>`,
  "</body></html>",
].join("");

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("noncedTags", () => {
  it("finds the start tags carrying this render's nonce, and only those", () => {
    const tags = [...noncedTags(page, nonce)];
    expect(tags.map((found) => tagName(found.tag))).toEqual(["link", "script", "script", "script"]);
    for (const found of tags) expect(page.slice(found.start, found.end)).toBe(found.tag);
    expect([...noncedTags(page, "another-nonce")]).toEqual([]);
  });
});

describe("hashInlineScripts", () => {
  it("hashes the nonce'd inline scripts that have text, and strips the nonce", () => {
    const { html, sources } = hashInlineScripts(page, nonce);
    expect(sources).toEqual([sha("window.a=1"), sha('import "/assets/entry.js"')]);
    expect(sources).not.toContain(sha("window.injected=1"));
    expect(html).not.toContain(`nonce="${nonce}"`);
    expect(html).toContain("<script>window.a=1</script>");
    expect(html).toContain("<p>nonce=&quot;r4nd0m+/nonce==&quot;</p>");
  });
});
