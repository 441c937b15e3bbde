// Finds what an attacker can reach: pages by crawling links from every route without parameters,
// and on each page its forms (action, method, encoding, every named field and submit button).
import { Parser } from "htmlparser2";
import type { RouteTable } from "#root/server/route-table";
import type { TestServer } from "./server";

export interface FormField {
  name: string;
  /** input type, or "select" / "textarea" / "file" */
  type: string;
  value: string;
  options?: string[];
}

export interface DiscoveredForm {
  /** Path (and query) the form posts or gets to. */
  action: string;
  method: "get" | "post";
  multipart: boolean;
  fields: FormField[];
  /** Pattern of the page it was found on and of its action, for messages. */
  page: string;
  pattern: string;
}

export interface Discovery {
  pages: Map<string, string>; // url -> route pattern
  forms: DiscoveredForm[];
  /** Query parameter names seen in links and GET forms, per route pattern. */
  queryNames: Map<string, Set<string>>;
}

interface ParsedPage {
  links: string[];
  forms: Omit<DiscoveredForm, "page" | "pattern">[];
}

export function parsePage(html: string, pageUrl: string): ParsedPage {
  const links: string[] = [];
  const forms: ParsedPage["forms"] = [];
  let form: (ParsedPage["forms"][number] & { buttons: FormField[] }) | null = null;
  let select: FormField | null = null;
  let textarea: FormField | null = null;
  const finished: (ParsedPage["forms"][number] & { buttons: FormField[] })[] = [];
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (tag === "a" && attributes.href) links.push(attributes.href);
        if (tag === "form") {
          const action = new URL(attributes.action ?? "", pageUrl);
          form = {
            action: action.pathname + action.search,
            method: (attributes.method ?? "get").toLowerCase() === "post" ? "post" : "get",
            multipart: (attributes.enctype ?? "").toLowerCase() === "multipart/form-data",
            fields: [],
            buttons: [],
          };
        }
        if (!form || attributes.name === undefined || "disabled" in attributes) return;
        const name = attributes.name;
        if (tag === "input") {
          const type = (attributes.type ?? "text").toLowerCase();
          if (type === "submit" || type === "image") form.buttons.push({ name, type, value: attributes.value ?? "" });
          else if ((type === "checkbox" || type === "radio") && form.fields.some((field) => field.name === name))
            return;
          else form.fields.push({ name, type, value: attributes.value ?? (type === "checkbox" ? "on" : "") });
        } else if (tag === "button") {
          if ((attributes.type ?? "submit") === "submit")
            form.buttons.push({ name, type: "submit", value: attributes.value ?? "" });
        } else if (tag === "select") {
          select = { name, type: "select", value: "", options: [] };
          form.fields.push(select);
        } else if (tag === "option" && select) {
          select.options?.push(attributes.value ?? "");
        } else if (tag === "textarea") {
          textarea = { name, type: "textarea", value: "" };
          form.fields.push(textarea);
        }
      },
      ontext(text) {
        if (textarea) textarea.value += text;
      },
      onclosetag(tag) {
        if (tag === "select") {
          if (select && !select.value) select.value = select.options?.find((option) => option !== "") ?? "";
          select = null;
        }
        if (tag === "textarea") textarea = null;
        if (tag === "form" && form) {
          finished.push(form);
          form = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  for (const found of finished) {
    const { buttons, ...rest } = found;
    // A browser sends the button that was pressed: each named submit button is its own request.
    if (buttons.length === 0) forms.push(rest);
    else for (const button of buttons) forms.push({ ...rest, fields: [...rest.fields, button] });
  }
  return { links, forms };
}

/** Crawls as one visitor (cookie or none), at most `perPattern` pages per route pattern. */
export async function crawl(options: {
  server: TestServer;
  table: RouteTable;
  cookie: string | null;
  perPattern?: number;
  skip?: (path: string) => boolean;
}): Promise<Discovery> {
  const perPattern = options.perPattern ?? 2;
  const seenPerPattern = new Map<string, number>();
  const pages = new Map<string, string>();
  const forms: DiscoveredForm[] = [];
  const queryNames = new Map<string, Set<string>>();
  const queue = options.table.entries.filter((entry) => entry.params.length === 0).map((entry) => entry.pattern);
  const visited = new Set<string>();
  const noteQuery = (url: URL) => {
    const pattern = options.table.match(url.pathname)?.pattern;
    if (!pattern) return;
    const names = queryNames.get(pattern) ?? new Set<string>();
    for (const name of url.searchParams.keys()) names.add(name);
    queryNames.set(pattern, names);
  };
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (visited.has(path) || options.skip?.(path)) continue;
    visited.add(path);
    const url = new URL(path, options.server.origin);
    const pattern = options.table.match(url.pathname)?.pattern;
    if (!pattern) continue;
    const count = seenPerPattern.get(pattern) ?? 0;
    if (count >= perPattern) continue;
    seenPerPattern.set(pattern, count + 1);
    const response = await options.server.request(path, {
      headers: { accept: "text/html", ...(options.cookie ? { cookie: options.cookie } : {}) },
    });
    const body = await response.text();
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get("location");
      if (location?.startsWith("/") && !location.startsWith("//")) queue.push(location);
      continue;
    }
    if (!(response.headers.get("content-type") ?? "").includes("text/html")) continue;
    pages.set(path, pattern);
    const parsed = parsePage(body, url.href);
    for (const href of parsed.links) {
      const target = new URL(href, url);
      if (target.origin !== url.origin) continue;
      noteQuery(target);
      queue.push(target.pathname + target.search);
    }
    for (const form of parsed.forms) {
      const target = new URL(form.action, url);
      noteQuery(target);
      const actionPattern = options.table.match(target.pathname)?.pattern ?? target.pathname;
      if (form.method === "get") {
        const names = queryNames.get(actionPattern) ?? new Set<string>();
        for (const field of form.fields) names.add(field.name);
        queryNames.set(actionPattern, names);
      }
      forms.push({ ...form, page: pattern, pattern: actionPattern });
    }
  }
  return { pages, forms, queryNames };
}
