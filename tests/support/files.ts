import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Every file under `dir` that `keep` accepts (given its path from the repository root, with "/"),
 * leaving out installed packages and React Router's generated types.
 */
export function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir.split(path.sep).join("/"), entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name === "+types" ? [] : filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}
