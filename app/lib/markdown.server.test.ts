import { describe, expect, it } from "vitest";
import { markdownToPlainText, renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders the Markdown the guides use", () => {
    const html = renderMarkdown("## Title\n\n**Bold**, _em_ and a [link](https://www.ccss.sa.cr).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain("<h3>Title</h3>");
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).toContain('<a href="https://www.ccss.sa.cr" rel="noopener noreferrer">link</a>');
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<th scope="col">a</th>');
  });

  it("removes script and style elements with their content", () => {
    const html = renderMarkdown("Hi <script>alert('x')</script><style>body{display:none}</style> there");
    expect(html).not.toMatch(/script|alert|style|display/i);
    expect(html).toContain("Hi");
  });

  it("removes javascript:, data: and vbscript: links, however they are written", () => {
    for (const href of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " javascript:alert(1)",
      "jav&#x09;ascript:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
    ]) {
      const fromMarkdown = renderMarkdown(`[click](${href})`);
      const fromHtml = renderMarkdown(`<a href="${href}">click</a>`);
      for (const html of [fromMarkdown, fromHtml]) {
        expect(html, href).not.toMatch(/javascript|vbscript|data:/i);
        expect(html, href).toContain("click");
      }
    }
  });

  it("removes event handlers and inline styles", () => {
    const html = renderMarkdown(
      '<a href="https://example.com" onclick="alert(1)" onmouseover="alert(2)" style="color:red">x</a><p onload=alert(3)>y</p><img src=x onerror=alert(4)><svg onload=alert(5)></svg>',
    );
    expect(html).not.toMatch(/on\w+=|style=|<img|<svg|alert/i);
    expect(html).toContain('href="https://example.com"');
  });

  it("removes iframes, forms, objects and base tags", () => {
    const html = renderMarkdown('<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><object data="x"></object><base href="https://evil.example">');
    expect(html).not.toMatch(/iframe|form|input|object|base/i);
  });

  it("keeps tel: and mailto: links, which the emergency pages need", () => {
    expect(renderMarkdown("[911](tel:911) [mail](mailto:info@example.com)")).toBe(
      '<p><a href="tel:911">911</a> <a href="mailto:info@example.com">mail</a></p>\n',
    );
  });

  it("points internal links at the page in the reader's language", () => {
    expect(renderMarkdown("[x](/emergency#what-to-say)", { language: "es" })).toContain('href="/es/emergency#what-to-say"');
    expect(renderMarkdown("[x](/emergency)", { language: "en" })).toContain('href="/emergency"');
    // Protocol-relative URLs are links to other sites, refused outright.
    expect(renderMarkdown("[x](//evil.example/path)", { language: "es" })).not.toContain("evil.example");
  });

  it("renders links to pages that do not exist as plain text", () => {
    const html = renderMarkdown("See [the forums](/forums/new) and [help](/emergency).", {
      pathExists: (path) => path === "/emergency",
    });
    expect(html).toContain("<span>the forums</span>");
    expect(html).toContain('<a href="/emergency">help</a>');
  });

  it("never throws on odd input", () => {
    for (const input of ["", "<<<>>>", "[](", "`".repeat(1000), "🏖️".repeat(500), "\u0000\u0001"]) {
      expect(() => renderMarkdown(input)).not.toThrow();
    }
  });
});

describe("markdownToPlainText", () => {
  it("keeps the words and drops the markup", () => {
    expect(markdownToPlainText("**Rock** & [roll](https://x.example)\n\n- a\n- b <script>x()</script>")).toBe("Rock & roll a b");
  });
});
