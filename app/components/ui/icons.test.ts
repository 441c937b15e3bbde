import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { buildSprite, declaredIconNames, spriteFile } from "../../../scripts/icon-sprite.mjs";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) ? [full] : [];
  });
}

describe("icon sprite", () => {
  const sprite = readFileSync(spriteFile, "utf8");
  const symbolIds = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);

  it("has a symbol for every icon the app declares, and is what the generator makes from lucide", async () => {
    const names: string[] = declaredIconNames();
    expect(names.length).toBeGreaterThan(40);
    expect(symbolIds.sort()).toEqual(names);
    expect(sprite).toBe(await buildSprite(names));
  });

  it("every icon the app's code imports is declared (so it has a symbol)", () => {
    const iconsSource = readFileSync(path.resolve("app/components/ui/icons.tsx"), "utf8");
    const exported = new Set(
      [...iconsSource.matchAll(/^export const (\w+): IconComponent = /gm)].map((match) => match[1]),
    );
    const imported = new Set<string>();
    for (const file of sourceFiles(path.resolve("app"))) {
      const source = readFileSync(file, "utf8");
      expect(source, `${file} imports lucide-react (icons come from the sprite)`).not.toMatch(
        /^import [^;]* from "lucide-react"/m,
      );
      for (const match of source.matchAll(/import \{([^}]*)\} from "#app\/components\/ui\/icons"/g)) {
        for (const name of match[1].split(",")) {
          const bare = name.replace(/\btype\b/, "").trim();
          if (bare && /^[A-Z]/.test(bare) && !/^Icon(Props|Component)$/.test(bare)) imported.add(bare);
        }
      }
    }
    expect(imported.size).toBeGreaterThan(40);
    for (const name of imported) expect(exported, `${name} is imported but not declared in icons.tsx`).toContain(name);
  });
});
