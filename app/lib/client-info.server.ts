import type { AppLoadContext } from "react-router";
import { emailOrigin } from "./auth.server";

/**
 * The visitor's IP as Express saw it (honouring TRUST_PROXY), their browser, and the origin our
 * emails link to. Rate limits key on this IP, so it never comes from a header we do not trust.
 */
export function clientInfo(request: Request, context: AppLoadContext | undefined) {
  return {
    ip: (context as { clientIp?: string } | undefined)?.clientIp || "unknown",
    userAgent: request.headers.get("user-agent"),
    origin: emailOrigin(request),
  };
}
