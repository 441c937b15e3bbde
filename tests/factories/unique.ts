import { randomBytes } from "node:crypto";

let counter = 0;

/** A value no other call in this run (or a parallel file) returns: `tag-<time>-<n>-<random>`. */
export function uniqueId(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString("hex")}`;
}
