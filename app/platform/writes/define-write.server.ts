import type { Actor, Permission } from "#app/lib/authorization";
import { assertCan } from "#app/lib/authorization.server";
import { type Executor, inTransaction } from "#app/lib/db.server";
import type { ContentKind } from "#app/lib/response-cache/content-kinds";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { type AuditEntryInput, writeAuditLog } from "#app/platform/audit/audit.server";

// A write states its effects in one place: what the actor needs, which public content it changes
// and what the audit log says. defineWrite owns the transaction, so the change, the content
// versions (cached pages) and the audit line commit together or not at all. A caller that is
// already in a transaction passes it, as with every other write.

export interface WriteEffects<Options, Result> {
  /**
   * What the actor needs before anything is read. Checks that need the object (an owner's own
   * listing) stay in the write itself, with assertCan and the owner.
   */
  permission?: Permission;
  /**
   * The kinds of public content the write changes, marked changed in its transaction when it
   * succeeds. Empty for a write no public page shows; a function when it depends on what happened.
   */
  contentKinds: readonly ContentKind[] | ((result: Result, options: Options) => readonly ContentKind[]);
  /** The audit line, in the same transaction; null to write none this time. */
  audit?: (result: Result, options: Options) => Omit<AuditEntryInput, "actorId"> | null;
}

export type DefinedWrite<Options, Result> = ((options: Options, executor?: Executor) => Promise<Result>) & {
  effects: WriteEffects<Options, Result>;
};

// `& object`: without it, TypeScript's check of an all-optional type refuses options that have no
// actor at all (a guest's cancellation link, a user's own profile).
export function defineWrite<Options extends { actor?: Actor | null } & object, Result>(
  effects: WriteEffects<Options, Result>,
  run: (options: Options, tx: Executor) => Promise<Result>,
): DefinedWrite<Options, Result> {
  // Async, as the functions it replaces were: a refused permission rejects the returned promise
  // rather than throwing before there is one.
  const write = async (options: Options, executor?: Executor) => {
    if (effects.permission) assertCan(options.actor, effects.permission);
    return inTransaction(executor, async (tx) => {
      const result = await run(options, tx);
      const kinds =
        typeof effects.contentKinds === "function" ? effects.contentKinds(result, options) : effects.contentKinds;
      await bumpContentVersion(tx, ...kinds);
      const line = effects.audit?.(result, options);
      if (line) await writeAuditLog({ actorId: options.actor?.id ?? null, ...line }, tx);
      return result;
    });
  };
  return Object.assign(write, { effects });
}
