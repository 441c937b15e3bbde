import type { NextFunction, Request, Response } from "express";
import {
  detectLanguage,
  isLanguage,
  type Language,
  languageOfPath,
  languageStorageKey,
  localizePath,
} from "#app/lib/i18n";
import { safeRedirectPath } from "#app/lib/safe-redirect";

const oneYear = 60 * 60 * 24 * 365;

export function isPageNavigation(req: Request) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (/\.[a-z0-9]+$/i.test(req.path)) return false; // files and .data requests
  if (req.path.startsWith("/api/") || req.path.startsWith("/_")) return false;
  return (req.get("accept") ?? "").includes("text/html");
}

// The targets below are built from the request's own path, which the URL parser normalises:
// "/%2e//evil.example" becomes "//evil.example", which a browser reads as another host. Every
// Location goes through the same helper as a sign-in's redirectTo; anything it refuses lands on
// the home page of the language.
function sameSite(path: string, language: Language) {
  return safeRedirectPath(path, localizePath("/", language));
}

/**
 * Language detection (detectLanguage in app/lib/i18n.ts), applied to unprefixed (English) URLs
 * only: an explicit /es/… URL is always Spanish. `?lng=` is the language switcher saving the
 * visitor's choice; it works without JavaScript and the browser mirrors the cookie into localStorage.
 */
export function languageMiddleware(req: Request, res: Response, next: NextFunction) {
  const chosen = typeof req.query.lng === "string" ? req.query.lng : undefined;
  if (chosen !== undefined && (req.method === "GET" || req.method === "HEAD")) {
    const url = new URL(req.originalUrl, "http://local");
    url.searchParams.delete("lng");
    if (isLanguage(chosen)) {
      res.append(
        "Set-Cookie",
        `${languageStorageKey}=${chosen}; Path=/; Max-Age=${oneYear}; SameSite=Lax${req.secure ? "; Secure" : ""}`,
      );
      res.redirect(302, sameSite(localizePath(url.pathname + url.search, chosen), chosen));
    } else {
      res.redirect(302, sameSite(url.pathname + url.search, languageOfPath(url.pathname)));
    }
    return;
  }
  if (isPageNavigation(req) && languageOfPath(req.path) === "en") {
    // The page depends on the language cookie too, but `Vary: Cookie` would make a shared cache
    // keep a copy per visitor; a CDN keys on the language cookie instead (docs/operations.md).
    res.vary("Accept-Language");
    const language = detectLanguage({ cookie: req.get("cookie"), acceptLanguage: req.get("accept-language") });
    if (language !== "en") {
      res.redirect(302, sameSite(localizePath(req.originalUrl, language), language));
      return;
    }
  }
  next();
}
