import type { Executor } from "#app/lib/db.server";
import { isModeratedKind, type ModeratedKind, type ModerationStatus } from "./kinds";

// From kind to the adapter its area exports: moderation reads and changes items only through it, so
// it never touches another area's tables (docs/moderation.md).

export interface ModeratedItem {
  id: string;
  authorId: string | null;
  title: string;
  excerpt: string;
  /** Unlocalized path, e.g. "/forums/post/<id>#reply-<id>". */
  href: string;
  status: ModerationStatus;
  createdAt: Date;
}

export interface ModeratedKindAdapter {
  kind: ModeratedKind;
  /** The items among `ids` that exist (any status), keyed by id. */
  describe(ids: string[], executor: Executor): Promise<Map<string, ModeratedItem>>;
  /** Runs inside the deciding transaction; bumps that kind's response-cache content version. */
  setStatus(id: string, status: ModerationStatus, executor: Executor): Promise<void>;
  /**
   * Beyond the first contract: the ids of this kind's items in status 'pending' (a new account's
   * first posts, suggestions, dead links), oldest first, so the queue shows them without a report.
   */
  listPending(options: { limit: number }, executor: Executor): Promise<string[]>;
  /**
   * Beyond the first contract: how many items of this kind the author has (`status` given: in that
   * status only; `since` given: created since then), for trust levels and new-account limits.
   */
  countByAuthor(
    options: { authorId: string; status?: ModerationStatus; since?: Date },
    executor: Executor,
  ): Promise<number>;
}

const adapters = new Map<ModeratedKind, ModeratedKindAdapter>();

/**
 * Fills the registry: each area that can be moderated hands in its adapters from the layer above
 * the areas (app/compose/moderated-kinds.server.ts), so moderation itself imports none of them.
 * A kind without an adapter cannot be reported and the queue skips it. An adapter for a kind no
 * manifest declares, or a second adapter for one kind, throws: one of them would never be reached.
 */
export function registerModerationAdapters(list: readonly ModeratedKindAdapter[]) {
  const next = new Map<ModeratedKind, ModeratedKindAdapter>();
  for (const adapter of list) {
    if (!isModeratedKind(adapter.kind))
      throw new Error(`no area's manifest declares the moderated kind ${adapter.kind}`);
    if (next.has(adapter.kind)) throw new Error(`the moderated kind ${adapter.kind} has two adapters`);
    next.set(adapter.kind, adapter);
  }
  adapters.clear();
  for (const [kind, adapter] of next) adapters.set(kind, adapter);
}

// An empty registry would count nobody's posts (trust levels, new-account limits) and hide every
// report without a sound: refuse loudly instead, so a process that forgot the registration fails.
function filled() {
  if (adapters.size === 0)
    throw new Error("No moderated kinds are registered: import #app/compose/moderated-kinds.server first");
  return adapters;
}

export function adapterFor(kind: ModeratedKind): ModeratedKindAdapter | undefined {
  return filled().get(kind);
}

export function registeredAdapters(): ModeratedKindAdapter[] {
  return [...filled().values()];
}
