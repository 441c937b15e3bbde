import { type Actor, can, type Permission, type Target } from "./authorization";
import { AppError } from "./errors";

// The server half of the permission model: every domain write asks here before it changes
// anything. One refusal, one message key, whichever feature refuses.

export const forbiddenMessageKey = "common:errors.forbidden";
export const signInMessageKey = "common:errors.authenticationRequired";

/**
 * Throws unless the actor may do this: signed out → AppError("unauthorized"), signed in without
 * the permission → AppError("forbidden"). Narrows the actor to non-null for the caller.
 */
export function assertCan(
  actor: Actor | null | undefined,
  permission: Permission,
  target: Target = {},
): asserts actor is Actor {
  if (!actor) throw new AppError("unauthorized", signInMessageKey);
  if (!can(actor, permission, target)) throw new AppError("forbidden", forbiddenMessageKey, { permission });
}

/** Throws AppError("unauthorized") for a signed-out actor; for checks that need an object first. */
export function assertSignedIn(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor || actor.role === "none") throw new AppError("unauthorized", signInMessageKey);
}
