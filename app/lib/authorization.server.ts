import { type Actor, can, isWritePermission, type Permission, suspensionOf, type Target } from "./authorization";
import { AppError } from "./errors";

// The server half of the permission model: every domain write asks here before it changes
// anything. One refusal, one message key, whichever feature refuses.

export const forbiddenMessageKey = "common:errors.forbidden";
export const signInMessageKey = "common:errors.authenticationRequired";
export const suspendedMessageKey = "common:errors.suspended";

/** The refusal a suspended person gets for any write: until when, and why (in their words to them). */
export function suspendedError(suspension: { until: string; reason: string }) {
  return new AppError("forbidden", suspendedMessageKey, {
    date: suspension.until.slice(0, 10),
    reason: suspension.reason,
  });
}

/**
 * Throws unless the actor may do this: signed out → AppError("unauthorized"), suspended and the
 * permission writes → AppError("forbidden") saying until when and why, signed in without the
 * permission → AppError("forbidden"). Narrows the actor to non-null for the caller. The session
 * loads the suspension with the actor, so every write any feature makes is refused here once.
 */
export function assertCan(
  actor: Actor | null | undefined,
  permission: Permission,
  target: Target = {},
): asserts actor is Actor {
  if (!actor) throw new AppError("unauthorized", signInMessageKey);
  const suspension = suspensionOf(actor);
  if (suspension && isWritePermission(permission)) throw suspendedError(suspension);
  if (!can(actor, permission, target)) throw new AppError("forbidden", forbiddenMessageKey, { permission });
}

/** Throws AppError("unauthorized") for a signed-out actor; for checks that need an object first. */
export function assertSignedIn(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor || actor.role === "none") throw new AppError("unauthorized", signInMessageKey);
}
