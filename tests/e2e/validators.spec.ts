import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Validator from "@adobe/structured-data-validator";
import type { APIRequestContext } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import ICAL from "ical.js";
import lighthouse from "lighthouse";
import nodeIcal from "node-ical";
import { chromiumArgs } from "../../playwright.config";
import { schemaOrgVocabulary } from "../support/schema-org-vocabulary";
import { expect, signInAs, test } from "./support/fixtures";

// What outside validators say of the pages the server sends, rather than what our own
// assertions expect of them: the W3C Nu HTML checker, a structured-data validator that knows
// schema.org and Google's rich-result rules, three calendar parsers, an RSS parser and a link
// checker, and Lighthouse's accessibility, best-practice and SEO audits. The pages are a sample of every kind the site has, in both languages, found by
// crawling from the home pages (one page per kind of address), so a new area is checked as soon
// as a link leads to it. Java, feedparser, python-icalendar and linkchecker come from Debian
// (.ci/run installs them); the rest from npm.

const require = createRequire(import.meta.url);

/** A command run without blocking this process (the linkchecker test serves its proxy meanwhile). */
function runCommand(command: string, args: string[]) {
  return new Promise<{ status: number | null; stdout: string; stderr: string; error?: Error }>((done) => {
    const child = spawn(command, args);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => done({ status: null, stdout, stderr, error }));
    child.on("close", (status) => done({ status, stdout, stderr }));
  });
}
const debianPython = "/usr/bin/python3";

/** Addresses whose GET does something (signs out, counts a click) or is not a page of ours. */
const notToCrawl =
  /^\/(es\/)?(auth\/sign-out|ads\/[^/]+\/click|business\/[^/]+\/contact\/|_e2e|bookings\/(cancel|confirm)|.*unsubscribe)/;

/**
 * A kind of page: its first two path segments and its depth (/business/x, /forums/post/12). A
 * fixed page shares its kind with the pages beside it (/classifieds/new with /classifieds/x), so
 * the sample keeps a few pages of each.
 */
function kindOf(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  const language = segments[0] === "es" ? segments.shift() : "en";
  const head = segments.length >= 3 ? segments.slice(0, 2).join("/") : (segments[0] ?? "");
  return `${language} ${head} ${segments.length}`;
}

interface Page {
  path: string;
  html: string;
}

const pagesPerKind = 3;

/** Crawls from `starts` to `depth` links away, keeping the first HTML pages of every kind. */
async function samplePages(request: APIRequestContext, starts: string[], depth: number): Promise<Page[]> {
  const seenKinds = new Map<string, number>();
  const seenPaths = new Set<string>();
  const pages: Page[] = [];
  let frontier = starts;
  for (let level = 0; level <= depth && frontier.length; level++) {
    const next: string[] = [];
    for (const pathname of frontier) {
      if (seenPaths.has(pathname)) continue;
      seenPaths.add(pathname);
      const kind = kindOf(pathname);
      if ((seenKinds.get(kind) ?? 0) >= pagesPerKind) continue;
      const response = await request.get(pathname, { maxRedirects: 0 });
      if (response.status() !== 200 || !response.headers()["content-type"]?.startsWith("text/html")) continue;
      seenKinds.set(kind, (seenKinds.get(kind) ?? 0) + 1);
      const html = await response.text();
      pages.push({ path: pathname, html });
      for (const match of html.matchAll(/<a [^>]*href="(\/[^"#?]*)[^"]*"/g)) {
        const link = match[1].replace(/\/$/, "") || "/";
        if (!notToCrawl.test(link) && !seenPaths.has(link)) next.push(link);
      }
    }
    frontier = next;
  }
  return pages;
}

let publicPages: Promise<Page[]> | null = null;
function publicSample(request: APIRequestContext) {
  publicPages ??= samplePages(request, ["/", "/es"], 2);
  return publicPages;
}

test.describe.configure({ timeout: 240_000 });

test("[VALIDATORS] the Nu HTML checker finds no error on any kind of page, signed out and signed in, in both languages", async ({
  page,
  request,
}) => {
  const pages = [...(await publicSample(request))];
  // What only signed-in people see: the dashboard and the admin pages, one of each kind.
  await signInAs(page, { roles: ["admin"] });
  pages.push(...(await samplePages(page.context().request, ["/dashboard", "/es/admin"], 1)));
  expect(pages.length).toBeGreaterThan(60);

  const folder = mkdtempSync(path.join(tmpdir(), "nu-"));
  try {
    for (const [i, p] of pages.entries()) writeFileSync(path.join(folder, `${i}.html`), p.html);
    const jar = require("vnu-jar") as string;
    const run = spawnSync("java", ["-jar", jar, "--errors-only", "--format", "json", "--exit-zero-always", folder], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error, "java (a JRE) must be installed: .ci/run installs one").toBeUndefined();
    const report = JSON.parse(run.stderr || run.stdout) as {
      messages: { type: string; url: string; message: string; lastLine?: number; extract?: string }[];
    };
    const errors = report.messages
      .filter((m) => m.type === "error")
      .map((m) => `${pages[Number(path.basename(m.url, ".html"))].path}:${m.lastLine ?? "?"} ${m.message}`);
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("[VALIDATORS] structured data is valid schema.org and meets Google's rich-result rules on every kind of page", async ({
  request,
}) => {
  const validator = new Validator(schemaOrgVocabulary());
  const problems: string[] = [];
  let checked = 0;
  for (const { path: pathname, html } of await publicSample(request)) {
    const jsonld: Record<string, unknown[]> = {};
    for (const match of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
      const block = JSON.parse(match[1]) as Record<string, unknown> & { "@graph"?: Record<string, unknown>[] };
      for (const item of block["@graph"] ?? [block]) {
        const type = String(item["@type"]);
        jsonld[type] = [...(jsonld[type] ?? []), item];
        checked++;
      }
    }
    const issues = await validator.validate({ jsonld });
    // Errors fail, and so does anything schema.org does not define; Google's "optional field"
    // suggestions do not.
    for (const issue of issues.filter((i) => i.severity === "ERROR" || i.errorType === "schemaOrg")) {
      problems.push(`${pathname} ${issue.rootType}: ${issue.issueMessage}`);
    }
  }
  expect(checked).toBeGreaterThan(12);
  expect(problems).toEqual([]);
});

test("[VALIDATORS] the calendar files parse in ical.js, node-ical and python-icalendar, in both languages", async ({
  request,
}) => {
  const events = await request.get("/events");
  const slug = [...(await events.text()).matchAll(/href="\/events\/([^"/?#]+)"/g)]
    .map((match) => match[1])
    .find((candidate) => candidate !== "new");
  expect(slug, "an event on /events").toBeTruthy();
  for (const address of [
    "/events.ics",
    "/es/events.ics",
    `/events/${slug}/calendar.ics`,
    `/es/events/${slug}/calendar.ics`,
  ]) {
    const response = await request.get(address);
    expect(response.status(), address).toBe(200);
    expect(response.headers()["content-type"], address).toContain("text/calendar");
    const text = await response.text();

    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevents = calendar.getAllSubcomponents("vevent");
    expect(vevents.length, address).toBeGreaterThan(0);
    for (const vevent of vevents) {
      const event = new ICAL.Event(vevent);
      expect(event.uid, address).toBeTruthy();
      expect(event.summary, address).toBeTruthy();
      expect(event.startDate, address).toBeTruthy();
      expect(vevent.getFirstPropertyValue("dtstamp"), address).toBeTruthy();
    }

    const parsed = Object.values(nodeIcal.sync.parseICS(text)).filter((component) => component?.type === "VEVENT");
    expect(parsed.length, address).toBe(vevents.length);

    const python = spawnSync(
      debianPython,
      [
        "-c",
        [
          "import sys, icalendar",
          "cal = icalendar.Calendar.from_ical(sys.stdin.read())",
          "events = cal.walk('VEVENT')",
          "missing = [p for e in events for p in ('UID', 'DTSTAMP', 'DTSTART', 'SUMMARY') if p not in e]",
          "print(len(events), missing)",
          "sys.exit(1 if missing or not events or cal.get('VERSION') != '2.0' else 0)",
        ].join("\n"),
      ],
      { input: text, encoding: "utf8" },
    );
    expect(python.error, "python3-icalendar must be installed: .ci/run installs it").toBeUndefined();
    expect(python.status, `${address}: ${python.stdout}${python.stderr}`).toBe(0);
  }
});

test("[VALIDATORS] the RSS feeds parse cleanly in feedparser, in both languages", async ({ request }) => {
  for (const address of ["/events.rss", "/es/events.rss"]) {
    const response = await request.get(address);
    expect(response.status(), address).toBe(200);
    const python = spawnSync(
      debianPython,
      [
        "-c",
        [
          "import sys, feedparser",
          "feed = feedparser.parse(sys.stdin.buffer.read())",
          "print(feed.version, len(feed.entries), feed.get('bozo_exception', ''))",
          "ok = not feed.bozo and feed.version.startswith('rss') and feed.entries",
          "ok = ok and all(e.get('title') and e.get('link') and e.get('id') for e in feed.entries)",
          "sys.exit(0 if ok else 1)",
        ].join("\n"),
      ],
      { input: Buffer.from(await response.body()), encoding: "utf8" },
    );
    expect(python.error, "python3-feedparser must be installed: .ci/run installs it").toBeUndefined();
    expect(python.status, `${address}: ${python.stdout}${python.stderr}`).toBe(0);
  }
});

test("[VALIDATORS] linkchecker finds no broken link two clicks from either home page", async ({ baseURL }) => {
  // linkchecker spaces its requests to one host to about three a second (30 minutes for the site's
  // links) unless the host answers with a "LinkChecker" header; a proxy in front of the test server
  // adds it, so the server itself sends nothing for the tool.
  const target = new URL(baseURL ?? "");
  const proxy = http.createServer((request, response) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, linkchecker: "playa-hub-tests" });
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((listening) => proxy.listen(0, "127.0.0.1", listening));
  const folder = mkdtempSync(path.join(tmpdir(), "linkchecker-"));
  try {
    const config = path.join(folder, "linkcheckerrc");
    writeFileSync(config, "[checking]\nmaxrequestspersecond=100\n");
    const { port } = proxy.address() as AddressInfo;
    const run = await runCommand("linkchecker", [
      `--config=${config}`,
      "--no-status",
      "--recursion-level=2",
      "--threads=4",
      "--output=failures",
      "--ignore-url=/auth/sign-out",
      "--ignore-url=/ads/[^/]+/click",
      // A listing's contact links count the tap and redirect to another site (WhatsApp, Waze,
      // Google Maps, the owner's website), which this machine cannot reach.
      "--ignore-url=/business/[^/]+/contact/",
      `http://127.0.0.1:${port}/`,
      `http://127.0.0.1:${port}/es`,
    ]);
    expect(run.error, "linkchecker must be installed: .ci/run installs it").toBeUndefined();
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  } finally {
    proxy.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

test("[VALIDATORS] Lighthouse finds nothing to mend in accessibility, best practices and SEO on phones, in both languages", async ({
  request,
  baseURL,
}) => {
  // One page of each main kind, the languages alternating; Lighthouse's default is a phone.
  const sample = await publicSample(request);
  const first = (pattern: RegExp) => sample.find((p) => pattern.test(p.path))?.path;
  const pages = [
    "/",
    "/es/directory",
    "/directory",
    first(/^\/es\/business\/[^/]+$/),
    first(/^\/events\/[^/]+$/),
    first(/^\/es\/classifieds\/(?!new$)[^/]+$/),
    first(/^\/real-estate\/(?!new$)[^/]+$/),
    "/es/beach-report",
    "/community",
  ];
  expect(pages.every(Boolean), pages.join(" ")).toBe(true);
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: ["--headless=new", ...chromiumArgs.filter((flag) => flag !== "--headless")],
  });
  try {
    const problems: string[] = [];
    for (const pathname of pages) {
      const result = await lighthouse(`${baseURL}${pathname}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["accessibility", "best-practices", "seo"],
      });
      const report = result?.lhr;
      expect(report, pathname).toBeTruthy();
      if (!report) continue;
      const { categories, audits } = report;
      for (const category of Object.values(categories)) {
        for (const ref of category.auditRefs) {
          const audit = audits[ref.id];
          if (audit.score !== null && audit.score < 1 && ["binary", "numeric"].includes(audit.scoreDisplayMode))
            problems.push(`${pathname} ${category.id}: ${audit.id} (${audit.title})`);
        }
      }
    }
    expect(problems).toEqual([]);
  } finally {
    await chrome.kill();
  }
});
