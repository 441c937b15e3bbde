import type { NextFunction, Request, Response } from "express";
import { databaseRetryAfterSeconds, isDatabaseAvailable } from "#app/lib/db.server";
import { languageOfPath } from "#app/lib/i18n";
import { getTranslator } from "#app/lib/i18n.server";
import { type RequestScope, runInRequestScope } from "#app/lib/request-scope.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";

const defaultRateLimitWait = 60;

/**
 * Opens the request scope and makes the status line honest about it, whichever code produced the
 * answer: every 429 carries Retry-After (the wait the rate limit computed, else a minute), and a
 * failure caused by a lost database connection is a 503 with Retry-After, not a 500.
 */
export function requestScope(_req: Request, res: Response, next: NextFunction) {
  const scope: RequestScope = {};
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    let status = statusCode;
    if (status >= 500 && status !== 503 && scope.databaseUnavailable) {
      status = 503;
      this.statusMessage = "";
      if (typeof rest[0] === "string") rest.shift();
      this.setHeader("Cache-Control", "no-store");
    }
    if (!this.hasHeader("Retry-After")) {
      if (status === 429) this.setHeader("Retry-After", String(scope.retryAfterSeconds ?? defaultRateLimitWait));
      if (status === 503) this.setHeader("Retry-After", String(databaseRetryAfterSeconds));
    }
    this.statusCode = status;
    return (writeHead as (...args: unknown[]) => Response).call(this, status, ...rest);
  } as Response["writeHead"];
  runInRequestScope(scope, next);
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function wantsJson(req: Request) {
  return req.path.startsWith("/api/") || req.path.endsWith(".data") || !(req.get("accept") ?? "").includes("text/html");
}

/**
 * While the database is known to be unreachable, answer at once: 503 with Retry-After, a short
 * translated page for browsers and JSON for the API, instead of each request waiting for a
 * connection that will not come. db.server.ts probes the server every second and lifts this.
 */
export async function databaseGate(req: Request, res: Response, next: NextFunction) {
  if (isDatabaseAvailable()) return next();
  const language = languageOfPath(req.path);
  const t = await getTranslator(language);
  res.status(503).set({ "Retry-After": String(databaseRetryAfterSeconds), "Cache-Control": "no-store" });
  if (wantsJson(req)) {
    res.json({ error: { code: "database_unavailable", message: t("common:unavailable.api") } });
    return;
  }
  const title = escapeHtml(t("common:unavailable.title"));
  res.type("html").send(`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Playa Hub</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a">
<h1>${title}</h1><p>${escapeHtml(t("common:unavailable.body"))}</p>
<p><a href="${escapeHtml(safeRedirectPath(req.originalUrl, "/"))}" style="color:#1e40af">${escapeHtml(t("common:unavailable.tryAgain"))}</a></p>
</body></html>`);
}
