import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { type Language, localizePath, stripLanguage } from "./i18n";

// Markdown written by admins (and later by members) becomes HTML on the server only. marked lets
// raw HTML through by design, so everything it produces goes through sanitize-html with a short
// allow-list: no scripts, no event handlers, no styles, no images from elsewhere, and links only
// to http(s), mailto: and tel:.

const marked = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "strong",
    "em",
    "b",
    "i",
    "del",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "abbr",
    "kbd",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "hreflang"],
    abbr: ["title"],
    th: ["align", "scope"],
    td: ["align"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Headings inside a body start at h3: the page title is h1 and each section title is h2.
  transformTags: {
    h2: "h3",
  },
};

export interface RenderOptions {
  /** Internal links written as English paths ("/emergency") point to the page in this language. */
  language?: Language;
  /**
   * Whether an internal path (English, without query or hash) exists. A link to a page that does
   * not exist (yet) is rendered as plain text rather than as a link to a 404.
   */
  pathExists?: (path: string) => boolean;
  /**
   * Written by a member the site does not vouch for yet (forum posts): every link, internal or
   * not, carries rel="ugc nofollow", so posting links earns spammers nothing from search engines.
   */
  ugc?: boolean;
}

function isExternal(href: string) {
  return /^https?:\/\//i.test(href);
}

/** Markdown to sanitized HTML, safe to put in dangerouslySetInnerHTML. */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  const raw = marked.parse(markdown ?? "") as string;
  return sanitizeHtml(raw, {
    ...sanitizeOptions,
    transformTags: {
      ...sanitizeOptions.transformTags,
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        const internal = href.startsWith("/") && !href.startsWith("//");
        if (internal && options.pathExists && !options.pathExists(stripLanguage(href.split(/[?#]/)[0] || "/"))) {
          return { tagName: "span", attribs: {} };
        }
        const next: Record<string, string> = { ...attribs };
        if (isExternal(href)) next.rel = options.ugc ? "ugc nofollow noopener noreferrer" : "noopener noreferrer";
        else if (options.ugc) next.rel = "ugc nofollow";
        else delete next.rel;
        if (options.language && internal) {
          next.href = localizePath(href, options.language);
        }
        return { tagName, attribs: next };
      },
      // A table header cell is a column header: screen readers announce it with each cell.
      th: (tagName, attribs) => ({ tagName, attribs: { ...attribs, scope: "col" } }),
    },
  });
}

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&nbsp;": " ",
};

/** The words of a Markdown text without markup, for the search index and meta descriptions. */
export function markdownToPlainText(markdown: string): string {
  const html = marked.parse(markdown ?? "") as string;
  const text = sanitizeHtml(html.replace(/<\/(p|li|h\d|tr|blockquote)>/g, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}
