import { indexBeaches } from "#app/features/beach/indexing.server";
import type { Db } from "#app/lib/db.server";

/** The beaches come from site configuration; this step only makes their reports searchable. */
export async function seedBeach(db: Db) {
  await indexBeaches(db);
}
