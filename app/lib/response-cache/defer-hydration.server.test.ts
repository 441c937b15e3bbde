import { describe, expect, it } from "vitest";
import { offlineNoticeAttribute, serviceWorkerDelayMs } from "#app/lib/page-loader";
import { deferHydration, deferredRel, deferredType, heldClickTimeoutMs } from "./defer-hydration.server";

const nonce = "abc+/123==";
const page = (extra = "") =>
  `<html><head><link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/><link rel="stylesheet" href="/assets/app.css"/>${extra}</head>` +
  `<body><h1>Hola</h1><script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script></body></html>`;

describe("deferHydration", () => {
  it("switches off this render's module preloads and module script, and adds the loader before </body>", () => {
    const html = deferHydration(page(), nonce);
    expect(html).toContain(`<link rel="${deferredRel}" href="/assets/entry.js" nonce="${nonce}"/>`);
    // An inert script may not carry `async` (only a script the browser runs may).
    expect(html).toContain(`<script nonce="${nonce}" type="${deferredType}">import * as route0`);
    expect(html).not.toMatch(/<script[^>]*type="text\/deferred-module"[^>]*\sasync/);
    expect(html).not.toMatch(/<link\s[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    // The router's context still runs as the page is parsed; the loader is the last thing in the body.
    expect(html).toContain(`<script nonce="${nonce}">window.__reactRouterContext = {};</script>`);
    const loaderAt = html.indexOf(`<script nonce="${nonce}">(function(){`);
    expect(loaderAt).toBeGreaterThan(html.indexOf(deferredType));
    expect(html.slice(loaderAt)).toMatch(/^<script[^>]*>[^\n]*<\/script><\/body><\/html>$/);
    // The stylesheet is left alone.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it("keeps the module script's text, so the hash that allows it allows the copy that runs", () => {
    const html = deferHydration(page(), nonce);
    const text = (source: string, type: string) =>
      source.match(new RegExp(`<script[^>]*type="${type}"[^>]*>([\\s\\S]*?)</script>`))?.[1];
    expect(text(html, deferredType)).toBe(text(page(), "module"));
  });

  it("never switches off markup that did not come with this render's nonce", () => {
    const injected = `<link rel="modulepreload" href="https://evil.example/x.js"/><script type="module">alert(1)</script>`;
    const html = deferHydration(page(injected), nonce);
    expect(html).toContain(injected);
    const otherNonce = deferHydration(page(), "someone-else");
    expect(otherNonce).toBe(page());
  });

  it("leaves a page without a module script as it is", () => {
    const plain = `<html><body><p>Sin scripts</p></body></html>`;
    expect(deferHydration(plain, nonce)).toBe(plain);
  });

  it("adds a loader that is one valid script and waits for the visitor rather than the first frame", () => {
    const html = deferHydration(page(), nonce);
    const source = html.match(/<script nonce="[^"]+">(\(function\(\)\{[\s\S]*?)<\/script><\/body>/)?.[1] ?? "";
    // Compiles as a classic script (a syntax error would leave every cached page inert).
    expect(() => new Function(source)).not.toThrow();
    expect(source).not.toContain("\n");
    // Decision 012: started by the visitor's turn to something that needs script, or at load only
    // when the page asks for it; the small jobs that must not wait are in the loader itself.
    for (const part of [
      '"[data-enhance]"',
      'data-hydrate")==="load"',
      `[${offlineNoticeAttribute}]`,
      "form[data-submit-on-change]",
      "a[data-track-kind][data-track-slug]",
      '"/sw.js"',
      `,${serviceWorkerDelayMs});`,
      `,${heldClickTimeoutMs});`,
    ])
      expect(source).toContain(part);
  });
});
