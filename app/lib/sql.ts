// Small helpers for building SQL text safely, shared by every domain's search boxes.

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
