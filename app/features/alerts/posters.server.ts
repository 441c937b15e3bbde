import type { Actor, Scope } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { AppError } from "#app/lib/errors";
import {
  findUserIdByEmail,
  grantPermission,
  listGrantHolders,
  revokePermission,
} from "#app/platform/accounts/grants.server";
import { areaExists } from "#app/platform/site/site-config.server";
import { alertPermission, alertScopeType } from "./alerts.server";

// Who may post alerts besides the administrators: post:alert:any grants, each for one area
// ("area", slug) or for every area and the whole site (no scope). Admin only, audited.

export interface AlertPoster {
  userId: string;
  name: string;
  email: string;
  /** The area slug, or null for every area. */
  area: string | null;
  grantedAt: Date;
}

/** "*" (every area) or an area slug, as the grant's scope. */
function scopeOf(area: string): Scope | null {
  return area === "*" ? null : { type: alertScopeType, id: area };
}

export async function listAlertPosters(options: { actor: Actor | null }): Promise<AlertPoster[]> {
  assertCan(options.actor, "manage:user:any");
  const holders = await listGrantHolders({ actor: options.actor, permission: alertPermission });
  return holders
    .filter((holder) => holder.scopeType === null || holder.scopeType === alertScopeType)
    .map((holder) => ({
      userId: holder.userId,
      name: holder.name,
      email: holder.email,
      area: holder.scopeType === null ? null : holder.scopeId,
      grantedAt: holder.grantedAt,
    }));
}

export async function grantAlertPoster(options: { actor: Actor | null; email: string; area: string }) {
  assertCan(options.actor, "manage:user:any");
  if (options.area !== "*" && !(await areaExists(options.area)))
    throw new AppError("invalid", "alerts:form.errors.area", { field: "area" });
  const email = options.email.trim().toLowerCase();
  const userId = await findUserIdByEmail(email);
  if (!userId) throw new AppError("not_found", "alerts:admin.errors.noAccount", { field: "email" });
  const granted = await grantPermission({
    actor: options.actor,
    userId,
    permission: alertPermission,
    scope: scopeOf(options.area),
    audit: { action: "alert.poster.grant", details: { email } },
  });
  if (!granted) throw new AppError("conflict", "alerts:admin.errors.already", { field: "email" });
  return { userId };
}

export async function revokeAlertPoster(options: { actor: Actor | null; userId: string; area: string }) {
  assertCan(options.actor, "manage:user:any");
  const revoked = await revokePermission({
    actor: options.actor,
    userId: options.userId,
    permission: alertPermission,
    scope: scopeOf(options.area),
    audit: { action: "alert.poster.revoke" },
  });
  if (!revoked) throw new AppError("not_found", "alerts:admin.errors.notPoster");
}
