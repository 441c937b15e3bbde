import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, notExists } from "drizzle-orm";
import sharp from "sharp";
import { imageWidths } from "#app/features/directory/constants";
import { maxImageBytes } from "#app/features/directory/images.server";
import { businessImages } from "#app/features/directory/schema";
import type { Db } from "#app/lib/db.server";
import { deleteImageVariants, readStoredFile, storeEncodedVariants, storeImageVariants } from "#app/lib/storage.server";
import { businesses } from "../../app/platform/listings/schema";
import { demoBusinesses } from "./directory-data";
import { signText } from "./sign-letters";

// Cover pictures for the demo businesses: drawings, never photos, each with a "Demo image" ribbon,
// so a visitor sees what a listing with a picture looks like without being shown a place that does
// not exist. Each scene is its category's drawing (app/assets/illustrations) re-coloured and
// re-arranged from a hash of the slug, so the same slug always gives the same bytes. Stored like an
// owner's photo (WebP at the gallery widths, through the storage module) as the first image.

/** Drawn at 16:9 in 400×225 units, rendered at twice that: the gallery widths up to 800. */
const scene = { width: 400, height: 225 } as const;
export const demoCoverSize = { width: 800, height: 450 } as const;

export const demoRibbonText = "Demo image · Imagen de demostración";

export function demoCoverAlt(name: string) {
  return {
    en: `Demo illustration for ${name}: a drawing made for the demo, not a photo of the place`,
    es: `Ilustración de demostración para ${name}: un dibujo hecho para la demo, no una foto del lugar`,
  };
}

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  sand: string;
  land: string;
  badge: string;
  ink: string;
}

// Times of day on the Guanacaste coast: morning, midday, golden hour, sunset, dusk.
const palettes: Palette[] = [
  {
    skyTop: "#bfdbfe",
    skyBottom: "#eff6ff",
    sun: "#fcd34d",
    far: "#1e6fb0",
    near: "#38b2c4",
    sand: "#f0d9ae",
    land: "#5b8c6a",
    badge: "#ffffff",
    ink: "#1e3a8a",
  },
  {
    skyTop: "#a5f3fc",
    skyBottom: "#ecfeff",
    sun: "#fde68a",
    far: "#0e7490",
    near: "#2dd4bf",
    sand: "#f5e1b8",
    land: "#3f7d5a",
    badge: "#ffffff",
    ink: "#134e4a",
  },
  {
    skyTop: "#fcd34d",
    skyBottom: "#fff7ed",
    sun: "#f59e0b",
    far: "#1d4ed8",
    near: "#0ea5b7",
    sand: "#e9c98f",
    land: "#6b7f3a",
    badge: "#fffbeb",
    ink: "#78350f",
  },
  {
    skyTop: "#fda4af",
    skyBottom: "#fed7aa",
    sun: "#f97316",
    far: "#4338ca",
    near: "#0891b2",
    sand: "#f2c9a0",
    land: "#7c4a5a",
    badge: "#fff7ed",
    ink: "#7c2d12",
  },
  {
    skyTop: "#c4b5fd",
    skyBottom: "#fce7f3",
    sun: "#fb7185",
    far: "#312e81",
    near: "#0e7490",
    sand: "#e7cfae",
    land: "#4c3f6b",
    badge: "#fdf4ff",
    ink: "#4c1d95",
  },
];

const illustrationsDir = path.resolve(process.env.ILLUSTRATIONS_DIR ?? "app/assets/illustrations");
const drawings = new Map<string, { waves: string[]; sand: string; icon: string }>();

/** The sea, sand and icon of a category's drawing (the shopfront when it has none of its own). */
function categoryDrawing(category: string) {
  const cached = drawings.get(category);
  if (cached) return cached;
  let svg: string;
  try {
    svg = readFileSync(path.join(illustrationsDir, `category-${category}.svg`), "utf8");
  } catch {
    svg = readFileSync(path.join(illustrationsDir, "category-default.svg"), "utf8");
  }
  const pathOf = (name: string) => svg.match(new RegExp(`<path class="${name}" d="([^"]+)"`))?.[1] ?? "";
  const icon = svg.match(/<g class="g"[^>]*>([\s\S]*?)<\/g>/)?.[1];
  if (!icon) throw new Error(`no icon in the ${category} drawing`);
  const drawing = { waves: [pathOf("w"), pathOf("v")], sand: pathOf("s"), icon };
  drawings.set(category, drawing);
  return drawing;
}

/** Splits a name into at most three lines of about equal width. */
function nameLines(name: string): string[] {
  const words = name.toUpperCase().split(/\s+/).filter(Boolean);
  const full = signText(words.join(" ")).width;
  if (full <= 150 || words.length === 1) return [words.join(" ")];
  const count = full > 330 && words.length > 2 ? 3 : 2;
  const lines: string[] = [];
  let current: string[] = [];
  for (const word of words) {
    const candidate = [...current, word].join(" ");
    if (current.length && signText(candidate).width > full / count + 12 && lines.length < count - 1) {
      lines.push(current.join(" "));
      current = [word];
    } else current.push(word);
  }
  lines.push(current.join(" "));
  return lines;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Strokes of capitals centred on (cx, top), capHeight units tall. */
function lettering(text: string, cx: number, top: number, capHeight: number, color: string, weight: number) {
  const { d, width } = signText(text);
  const scale = capHeight / 10;
  return `<path transform="translate(${round(cx - (width * scale) / 2)} ${round(top)}) scale(${round(scale)})" d="${d}" fill="none" stroke="${color}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** The whole scene for one business, as SVG text; the same slug always gives the same text. */
export function demoCoverSvg(business: { slug: string; name: string; category: string }): string {
  const hash = createHash("sha256").update(business.slug).digest();
  const pick = (i: number, n: number) => hash[i] % n;
  const between = (i: number, low: number, high: number) => round(low + (hash[i] / 255) * (high - low));
  const palette = palettes[pick(0, palettes.length)];
  const drawing = categoryDrawing(business.category);

  // The badge with the category's drawing sits left or right of centre, the sun on the other side.
  const badgeLeft = hash[1] % 2 === 0;
  const badge = { x: badgeLeft ? between(2, 120, 170) : between(2, 230, 280), y: between(3, 74, 86), r: 34 };
  const sun = {
    x: badgeLeft ? between(4, 250, 340) : between(4, 60, 150),
    y: between(5, 48, 76),
    r: between(6, 14, 22),
  };
  const iconScale = 1.8;
  const icon = `<g fill="none" stroke="${palette.ink}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" transform="translate(${round(badge.x - 12 * iconScale)} ${round(badge.y - 12 * iconScale)}) scale(${iconScale})">${drawing.icon}</g>`;

  const clouds = Array.from({ length: 1 + pick(7, 3) }, (_, n) => {
    const x = between(8 + n, 30 + n * 120, 120 + n * 120);
    const y = between(11 + n, 38, 64);
    const w = between(14 + n, 26, 40);
    return `<g fill="#ffffff" opacity="0.85"><ellipse cx="${x}" cy="${y}" rx="${w}" ry="${round(w / 4)}"/><ellipse cx="${round(x - w / 4)}" cy="${round(y - w / 6)}" rx="${round(w / 3)}" ry="${round(w / 4)}"/><ellipse cx="${round(x + w / 6)}" cy="${round(y - w / 5)}" rx="${round(w / 2.6)}" ry="${round(w / 3.4)}"/></g>`;
  }).join("");

  const birds = Array.from({ length: pick(17, 4) }, (_, n) => {
    const x = between(18 + n, 40 + n * 80, 90 + n * 80);
    const y = between(22 + n, 36, 60);
    return `M${x} ${y} q3 -3 6 0 q3 -3 6 0`;
  }).join(" ");

  const islandOnLeft = hash[26] % 2 === 0;
  const islandX = islandOnLeft ? between(27, 20, 90) : between(27, 290, 360);
  const island = `<path fill="${palette.land}" opacity="0.75" d="M${round(islandX - 46)} 129 Q${round(islandX - 20)} ${between(28, 104, 114)} ${islandX} ${between(29, 110, 118)} T${round(islandX + 52)} 129 Z"/>`;

  const palmOnLeft = hash[30] % 2 === 0;
  const palmX = palmOnLeft ? between(31, 26, 58) : between(31, 342, 374);
  const lean = palmOnLeft ? 1 : -1;
  const top = { x: round(palmX + lean * 18), y: 112 };
  const frond = (dx: number, dy: number) =>
    `<path d="M${top.x} ${top.y} q${round(dx / 2)} ${round(dy - 14)} ${dx} ${dy}" fill="none" stroke="#2f7a4f" stroke-width="5" stroke-linecap="round"/>`;
  const palm = `<path d="M${palmX} 214 Q${round(palmX + lean * 4)} 160 ${top.x} ${top.y}" fill="none" stroke="#8a5a2b" stroke-width="6" stroke-linecap="round"/>${[
    [-34, 10],
    [-22, 22],
    [34, 10],
    [22, 22],
    [0, -18],
    [-28, -6],
    [28, -6],
  ]
    .map(([dx, dy]) => frond(dx, dy))
    .join("")}<circle cx="${top.x}" cy="${top.y + 4}" r="3.5" fill="#7c4a1e"/>`;

  const boat = hash[20] % 3 === 0 ? "" : sailboat(between(21, 110, 290), between(25, 130, 138), palette);

  // The business's name on a signboard planted in the sand.
  const lines = nameLines(business.name);
  const widest = Math.max(...lines.map((line) => signText(line).width));
  const cap = Math.min(lines.length === 1 ? 15 : lines.length === 2 ? 12 : 10, (232 / widest) * 10);
  const gap = cap * 0.55;
  const boardWidth = round((widest * cap) / 10 + 30);
  const boardHeight = round(lines.length * cap + (lines.length - 1) * gap + 22);
  const boardTop = round(200 - boardHeight);
  const boardLeft = round(200 - boardWidth / 2);
  const posts = [boardLeft + 18, boardLeft + boardWidth - 18]
    .map(
      (x) =>
        `<rect x="${round(x - 3)}" y="${boardTop + 4}" width="6" height="${round(214 - boardTop)}" rx="2" fill="#8a5a2b"/>`,
    )
    .join("");
  const board = `${posts}<rect x="${boardLeft + 2}" y="${boardTop + 3}" width="${boardWidth}" height="${boardHeight}" rx="8" fill="#000000" opacity="0.18"/><rect x="${boardLeft}" y="${boardTop}" width="${boardWidth}" height="${boardHeight}" rx="8" fill="#fff8e7" stroke="#8a5a2b" stroke-width="3"/>${lines
    .map((line, n) => lettering(line, 200, boardTop + 11 + n * (cap + gap), cap, "#1f2937", 1.5))
    .join("")}`;

  // The ribbon: plain words, both languages, across the top where a crop to 4:3 keeps it.
  const ribbonWidth = signText(demoRibbonText.toUpperCase()).width;
  const ribbonCap = Math.min(9, (290 / ribbonWidth) * 10);
  const ribbon = `<rect width="${scene.width}" height="24" fill="#0f172a" opacity="0.86"/><rect y="24" width="${scene.width}" height="2" fill="#facc15"/>${lettering(
    demoRibbonText,
    200,
    12 - ribbonCap / 2,
    ribbonCap,
    "#fef9c3",
    1.45,
  )}`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${scene.width} ${scene.height}" width="${demoCoverSize.width}" height="${demoCoverSize.height}">`,
    "<!-- a drawing for a demo listing, not a photo of a place -->",
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient></defs>`,
    `<rect width="${scene.width}" height="${scene.height}" fill="url(#sky)"/>`,
    `<circle cx="${sun.x}" cy="${sun.y}" r="${round(sun.r * 1.7)}" fill="#ffffff" opacity="0.45"/><circle cx="${sun.x}" cy="${sun.y}" r="${sun.r}" fill="${palette.sun}"/>`,
    clouds,
    birds
      ? `<path d="${birds}" fill="none" stroke="${palette.ink}" stroke-width="1.4" stroke-linecap="round" opacity="0.7"/>`
      : "",
    island,
    `<path fill="${palette.far}" d="${drawing.waves[0]}"/>`,
    `<path fill="${palette.near}" d="${drawing.waves[1]}"/>`,
    boat,
    `<path fill="${palette.sand}" d="${drawing.sand}"/>`,
    palm,
    `<circle cx="${badge.x + 2}" cy="${badge.y + 3}" r="${badge.r}" fill="#000000" opacity="0.12"/><circle cx="${badge.x}" cy="${badge.y}" r="${badge.r}" fill="${palette.badge}"/>`,
    icon,
    board,
    ribbon,
    "</svg>",
  ].join("");
}

function sailboat(x: number, y: number, palette: Palette) {
  return `<g><path d="M${x - 16} ${y} H${x + 16} L${x + 10} ${y + 7} H${x - 10} Z" fill="#7c4a1e"/><path d="M${x} ${y - 2} V${y - 34} L${x + 16} ${y - 4} Z" fill="#ffffff"/><path d="M${x - 2} ${y - 4} V${y - 28} L${x - 14} ${y - 4} Z" fill="${palette.badge}" opacity="0.9"/></g>`;
}

/** The cover as PNG bytes (what the storage module takes in, like an upload). */
export async function renderDemoCover(business: { slug: string; name: string; category: string }): Promise<Buffer> {
  return renderSvg(demoCoverSvg(business));
}

function renderSvg(svg: string) {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

// Encoding is most of the cost, and the browser-test server seeds a fresh database at every start:
// the encoded files are kept on disk under a hash of everything that makes their bytes (the SVG,
// the widths, the encoder and its settings), so a drawing is encoded once per machine.
const encoding = { quality: 80, effort: 2 } as const;
export type StoredCover = { key: string; widths: number[]; width: number; height: number };

function cacheDir() {
  return path.resolve(process.env.DEMO_COVER_CACHE_DIR ?? ".cache/demo-covers");
}

async function fromCache(id: string): Promise<Omit<StoredCover, "key"> & { files: Buffer[] }> {
  const meta = JSON.parse(await readFile(path.join(cacheDir(), `${id}.json`), "utf8")) as Omit<StoredCover, "key">;
  const files = await Promise.all(meta.widths.map((width) => readFile(path.join(cacheDir(), `${id}-${width}.webp`))));
  return { ...meta, files };
}

async function toCache(id: string, stored: StoredCover) {
  await mkdir(cacheDir(), { recursive: true });
  for (const width of stored.widths) {
    const file = await readStoredFile(`${stored.key}-${width}.webp`);
    if (!file) return;
    const target = path.join(cacheDir(), `${id}-${width}.webp`);
    await writeFile(`${target}.${process.pid}`, file.body);
    await rename(`${target}.${process.pid}`, target);
  }
  // Written last: an entry without it was interrupted and is never read.
  const { key: _key, ...meta } = stored;
  await writeFile(path.join(cacheDir(), `${id}.json`), JSON.stringify(meta));
}

/** Where a drawing is stored, as the area stores an owner's upload of the same kind. */
export interface DemoDrawingTarget {
  prefix: string;
  widths: readonly number[];
  maxBytes: number;
}

const businessTarget: DemoDrawingTarget = { prefix: "businesses", widths: imageWidths, maxBytes: maxImageBytes };

/**
 * Renders and stores one drawing (WebP at the target's widths up to 800), or stores its cached
 * files. Businesses, classified ads, events and properties all get theirs from here: the scene is
 * drawn from a slug, a name on the signboard and the category drawing it is based on.
 */
export async function storeDemoDrawing(
  subject: { slug: string; name: string; category: string },
  target: DemoDrawingTarget = businessTarget,
): Promise<StoredCover> {
  const svg = demoCoverSvg(subject);
  const widths = [...target.widths];
  const id = createHash("sha256")
    .update(JSON.stringify({ svg, widths, encoding, sharp: sharp.versions }))
    .digest("hex");
  const cached = await fromCache(id).catch(() => null);
  if (cached) {
    const stored = await storeEncodedVariants({
      prefix: target.prefix,
      variants: cached.widths.map((width, n) => ({ width, bytes: cached.files[n] })),
    });
    return { ...stored, width: cached.width, height: cached.height };
  }
  const stored = await storeImageVariants({
    bytes: await renderSvg(svg),
    prefix: target.prefix,
    maxBytes: target.maxBytes,
    widths,
    ...encoding,
  });
  // A cache that cannot be written (a read-only checkout) only costs the next seed its time.
  await toCache(id, stored).catch(() => undefined);
  return stored;
}

/** Runs `store` over the items two at a time, for the two cores a small server or a CI runner has. */
export async function twoAtATime<Item, Result>(items: readonly Item[], store: (item: Item) => Promise<Result>) {
  const results: Result[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) results.push(await store(items[next++]));
  };
  await Promise.all([worker(), worker()]);
  return results;
}

/**
 * Gives every demo business that has no picture yet its drawn cover. Only rows marked is_demo whose
 * slug is one of the demo seed's get one; a business with any photo is left alone. Idempotent.
 */
export async function seedDemoCovers(db: Db) {
  const bare = await db
    .select({ id: businesses.id, slug: businesses.slug, name: businesses.name, category: businesses.category })
    .from(businesses)
    .where(
      and(
        eq(businesses.isDemo, true),
        inArray(
          businesses.slug,
          demoBusinesses.map((business) => business.slug),
        ),
        notExists(
          db.select({ id: businessImages.id }).from(businessImages).where(eq(businessImages.businessId, businesses.id)),
        ),
      ),
    );
  if (!bare.length) return;
  const stored: (StoredCover & { businessId: string; name: string })[] = [];
  try {
    await twoAtATime(bare, async (business) =>
      stored.push({ ...(await storeDemoDrawing(business)), businessId: business.id, name: business.name }),
    );
    await db.insert(businessImages).values(
      stored.map((cover) => {
        const alt = demoCoverAlt(cover.name);
        return {
          businessId: cover.businessId,
          storageKey: cover.key,
          widths: cover.widths,
          width: cover.width,
          height: cover.height,
          altEn: alt.en,
          altEs: alt.es,
          sortOrder: 0,
        };
      }),
    );
  } catch (error) {
    for (const cover of stored) await deleteImageVariants(cover.key, cover.widths);
    throw error;
  }
}
