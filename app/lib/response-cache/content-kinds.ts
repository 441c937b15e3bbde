// The kinds of public content a cached page can depend on ("businesses", "forums"…): a write bumps
// its kind's version (versions.server.ts) and every cached page that shows it expires. Each area
// declares the kinds it owns in its manifest (`contentKinds`); app/manifests.ts registers them as it
// loads. Pure and free of server imports: the manifests and the schemas' `publicTables` name kinds.

/**
 * Every content kind the site knows, as this interface's keys. It is empty here: each area adds
 * its names beside its manifest's `contentKinds`, so a kind nobody declared fails to compile
 * wherever it is bumped or named:
 *
 *   declare module "../../lib/response-cache/content-kinds" {
 *     interface ContentKindRegistry extends DeclaredNames<typeof contentKinds> {}
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the areas' module augmentations
export interface ContentKindRegistry {}

export type ContentKind = keyof ContentKindRegistry & string;

let registered: { list: readonly ContentKind[]; known: ReadonlySet<string> } | null = null;

/**
 * Hands the areas' declarations down (app/manifests.ts, as it loads). A kind declared twice would
 * let two areas' writes expire each other's pages unnoticed: it throws, and whatever was registered
 * before stays.
 */
export function registerContentKinds(declarations: readonly (readonly string[])[]) {
  const known = new Set<string>();
  for (const kind of declarations.flat()) {
    if (known.has(kind)) throw new Error(`the content kind ${kind} is declared twice`);
    known.add(kind);
  }
  registered = { list: [...known] as ContentKind[], known };
}

function table() {
  // Read empty, the list would make "every kind" mean none, and cached pages would never expire.
  if (!registered) throw new Error("content kinds read before the areas' manifests were loaded (import app/manifests)");
  return registered;
}

/** Every declared kind: what a page that declares none depends on. */
export function knownContentKinds(): readonly ContentKind[] {
  return table().list;
}

export function isContentKind(value: unknown): value is ContentKind {
  return typeof value === "string" && table().known.has(value);
}

/** Throws on a kind no area declared: bumping or watching it would expire nothing. */
export function assertContentKinds(kinds: readonly string[]) {
  for (const kind of kinds) if (!isContentKind(kind)) throw new Error(`no area declares the content kind ${kind}`);
}
