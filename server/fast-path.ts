import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express, Request, Response } from "express";
import { isDatabaseAvailable } from "#app/lib/db.server";
import { detectLanguage, languageOfPath } from "#app/lib/i18n";
import { isPageNavigation } from "./language";
import { hostsValid } from "./security";

/**
 * Which headers the middleware in front of the response cache gives a request that reaches it,
 * or null when one of them could answer it instead (a refused host, the language switcher's or
 * the language detection's redirect, the unavailable-database page). The cache answers such a
 * request on its fast path only in a variant the full chain has already answered.
 */
export function fastVariant(req: Request): string | null {
  if (!isDatabaseAvailable() || !hostsValid(req)) return null;
  // The language switcher (`?lng=`, however spelled) always redirects.
  if (req.url.includes("?") && req.query.lng !== undefined) return null;
  if (!isPageNavigation(req) || languageOfPath(req.path) !== "en") return "plain";
  // An English URL asked for by someone whose language is Spanish is redirected to /es/…; the
  // others carry `Vary: Accept-Language`.
  const language = detectLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
  return language === "en" ? "navigation" : null;
}

export interface FastPathOptions {
  /** The Express app whose request object (trust proxy, query parser) the fast path reads requests with. */
  app: Express;
  serveFast: (req: Request, res: Response, variant: string) => boolean;
  /** Runs once a request was answered here (the request metrics), with when it arrived (hrtime). */
  onServed?: (req: Request, res: Response, started: bigint) => void;
}

/**
 * A handler to call with every request before the Express app: answers a fresh hit of the
 * response cache at once and returns true, or returns false, having sent nothing, for the app to
 * answer it. A hit taken through the whole middleware chain cost about fifteen times what the
 * plain Node server sending the same bytes does; the chain's work for a hit (host and input
 * checks, language, security headers) is decided by the request line, Host, Cookie and
 * Accept-Language alone, so the answer it gave is kept with the entry and given again.
 */
export function fastPath(options: FastPathOptions) {
  return (incoming: IncomingMessage, outgoing: ServerResponse): boolean => {
    if (incoming.method !== "GET" && incoming.method !== "HEAD") return false;
    const started = process.hrtime.bigint();
    // The input check refuses a GET with a body; the chain decides about those.
    if (incoming.headers["content-length"] !== undefined || incoming.headers["transfer-encoding"] !== undefined)
      return false;
    const req = incoming as Request;
    const res = outgoing as Response;
    // Express's request object, as the app's own middleware would see it (trust proxy included).
    Object.setPrototypeOf(req, options.app.request);
    req.originalUrl = req.url;
    const variant = fastVariant(req);
    if (!variant || !options.serveFast(req, res, variant)) return false;
    options.onServed?.(req, res, started);
    return true;
  };
}
