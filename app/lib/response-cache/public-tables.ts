import type { ContentKind } from "./content-kinds";

// Which tables hold public content, and of which kind. Each area's schema.ts declares its own next
// to the tables; a write to one of them must say that kind changed (bumpContentVersion in the same
// transaction, or `contentKinds` of a defineWrite), or cached pages go on showing the old content.
// tests/unit/write-effects.test.ts reads these declarations and every write function.

const publicTablesBrand = Symbol.for("playa-hub.public-tables");

export interface PublicTables {
  readonly [publicTablesBrand]: true;
  readonly kind: ContentKind;
  readonly tables: readonly object[];
}

/** The tables of one content kind: writing any of them changes pages that show that kind. */
export function publicTables(kind: ContentKind, tables: readonly object[]): PublicTables {
  return { [publicTablesBrand]: true, kind, tables };
}

export function isPublicTables(value: unknown): value is PublicTables {
  return typeof value === "object" && value !== null && publicTablesBrand in value;
}
