// Builds app/components/ui/icons.svg, the SVG sprite of every icon app/components/ui/icons.tsx
// declares, from the icon data of the pinned lucide-react package (no network). Run it after adding
// an icon there:  node scripts/icon-sprite.mjs   (a unit test fails while the sprite is stale).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const iconsModule = path.join(root, "app/components/ui/icons.tsx");
export const spriteFile = path.join(root, "app/components/ui/icons.svg");

/** The lucide names icons.tsx declares with icon("…"), sorted. */
export function declaredIconNames(source = readFileSync(iconsModule, "utf8")) {
  return [...new Set([...source.matchAll(/\bicon\("([a-z0-9-]+)"\)/g)].map((match) => match[1]))].sort();
}

function escapeAttribute(value) {
  return String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

export async function buildSprite(names = declaredIconNames()) {
  const require = createRequire(path.join(root, "package.json"));
  const iconsDir = path.join(path.dirname(require.resolve("lucide-react")), "..", "esm", "icons");
  const symbols = [];
  for (const name of names) {
    const { __iconData } = await import(pathToFileURL(path.join(iconsDir, `${name}.mjs`)).href);
    const size = __iconData.size ?? 24;
    const children = __iconData.node
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => `${key}="${escapeAttribute(value)}"`)
          .join(" ");
        return `<${tag} ${attrs}/>`;
      })
      .join("");
    symbols.push(`<symbol id="${name}" viewBox="0 0 ${size} ${size}">${children}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(spriteFile, await buildSprite());
  console.log(`wrote ${path.relative(root, spriteFile)} (${declaredIconNames().length} icons)`);
}
