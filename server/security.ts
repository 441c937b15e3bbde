import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { bodySizeBytes } from "#app/lib/upload-limit";

export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

/**
 * `formOrigins`: other origins a form may lead to. A POST answered with a redirect elsewhere is
 * bound by form-action, so the payment providers' pages (ONVO Pay's Checkout, Stripe's Checkout and
 * Billing Portal) are added only when that provider is configured.
 */
/**
 * `adOrigins`: the ad network's origins (docs/ads.md), allowed to run its script, frame its ads and
 * load their images and data; empty unless a network is configured, so by default the policy
 * allows no third-party script at all.
 */
export function securityHeaders({
  development,
  formOrigins = [],
  adOrigins = [],
}: {
  development: boolean;
  formOrigins?: string[];
  adOrigins?: string[];
}) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          ...(development ? ["'unsafe-inline'"] : []),
          ...adOrigins,
        ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https://*.tile.openstreetmap.org", ...adOrigins],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...(development ? ["ws:"] : []), ...adOrigins],
        ...(adOrigins.length ? { "frame-src": ["'self'", ...adOrigins] } : {}),
        "manifest-src": ["'self'"],
        "worker-src": ["'self'"],
        "frame-ancestors": ["'self'"],
        "form-action": ["'self'", ...formOrigins],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        ...(development ? {} : { "upgrade-insecure-requests": null }),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only matters behind HTTPS; a proxy in front sets it for the real domain.
    strictTransportSecurity: false,
  });
}

/**
 * Refuses request bodies over the limit before any handler reads them. Browsers always send
 * Content-Length for forms; a chunked body of unknown size is refused rather than buffered.
 */
export function bodyLimit(limit: string) {
  const max = bodySizeBytes(limit);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding")) {
        res.status(411).type("text/plain").send("Length Required");
        return;
      }
      return next();
    }
    const size = Number(length);
    if (!Number.isFinite(size) || size < 0) {
      res.status(400).type("text/plain").send("Bad Request");
      return;
    }
    if (size > max) {
      res.status(413).type("text/plain").send("Payload Too Large");
      return;
    }
    next();
  };
}

// A host name or IP literal, with an optional port: what RFC 9110 allows in Host. Anything else
// (spaces, "@", a path, an unclosed "[") is refused before the app builds a URL from it, which
// would otherwise throw deep in a request and answer 500.
// (Underscores too: container names such as "playa_app_1" carry them.)
const validHost = /^(?:[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63})*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function isValidHost(value: string): boolean {
  if (value.length > 255 || !validHost.test(value)) return false;
  try {
    new URL(`http://${value}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers 400 to a request whose Host (or, behind a trusted proxy, X-Forwarded-Host) is not a
 * host. HTTP/1.0 requests may omit Host; the app then falls back to localhost.
 */
export function hostCheck(req: Request, res: Response, next: NextFunction) {
  if (!hostsValid(req)) {
    res.status(400).set("Cache-Control", "no-store").type("text/plain").send("Bad Request");
    return;
  }
  next();
}

/** The check hostCheck makes, for a caller that answers the request some other way. */
export function hostsValid(req: Request): boolean {
  const hosts = [req.headers.host];
  if (req.app?.enabled("trust proxy")) hosts.push(...(req.get("x-forwarded-host")?.split(",") ?? []));
  return hosts.every((host) => host === undefined || isValidHost(host.trim()));
}
