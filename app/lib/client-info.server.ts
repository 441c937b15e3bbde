import type { AppLoadContext } from "react-router";
import { addressForLimits } from "./client-address.server";

/**
 * The visitor's IP as Express saw it (honouring TRUST_PROXY), an IPv6 address as its /64, and their
 * browser. Rate limits key on this IP, so it never comes from a header we do not trust. (Emailed links do not come from the
 * request at all: see siteOrigin in env.server.ts.)
 */
export function clientInfo(request: Request, context: AppLoadContext | undefined) {
  return {
    ip: addressForLimits((context as { clientIp?: string } | undefined)?.clientIp || "unknown"),
    userAgent: request.headers.get("user-agent"),
  };
}
