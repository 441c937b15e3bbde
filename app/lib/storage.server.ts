import { randomBytes } from "node:crypto";
import path from "node:path";
import sharp, { type OutputInfo } from "sharp";
import { env } from "./env.server";
import { AppError } from "./errors";
import { objectStore } from "./object-store.server";
import { isOversizedUploadPlaceholder } from "./upload-limit";

// Uploaded files live under DATA_DIR/uploads, or in an S3-compatible bucket when one is
// configured (object-store.server.ts), and are served by /uploads/<key>. Images are never
// stored as sent: the bytes must be a JPEG, PNG or WebP by their magic numbers (not by the name or
// the browser's content type), and are re-encoded by sharp to WebP, which drops EXIF (GPS
// included) and anything hidden after the image data.

export type ImageKind = "jpeg" | "png" | "webp";

export class InvalidImageError extends Error {
  constructor(readonly reason: "type" | "size" | "decode" | "pixels") {
    super(`invalid image: ${reason}`);
    this.name = "InvalidImageError";
  }
}

/**
 * Stores an upload with `store`, turning the pipeline's refusal into the form's message at the
 * file's field (`messageKey` names it for the reason; `maxBytes`, when given, fills its {{maxMb}}),
 * so every upload form answers a bad image the same way. Any other failure passes through.
 */
export async function storeOrRefuseImage<T>(
  refusal: { field: string; messageKey: (reason: InvalidImageError["reason"]) => string; maxBytes?: number },
  store: () => Promise<T>,
): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (!(error instanceof InvalidImageError)) throw error;
    const { field, maxBytes } = refusal;
    throw new AppError(
      "invalid",
      refusal.messageKey(error.reason),
      maxBytes === undefined ? { field } : { field, maxMb: maxBytes / 1024 / 1024 },
    );
  }
}

/**
 * The most pixels an upload may declare: a phone photo is 12 to 24 megapixels (a 48 MP sensor
 * saves 12 or 24 by default). Checked from the file's header before anything is decoded: a 190 KB
 * PNG declaring 7000×7000 is a decompression bomb of 49 MP, 2.2 s and about 220 MB to decode.
 */
export const maxImagePixels = 24_000_000;

/**
 * Decodes one process runs at once; the others wait their turn (a queue, never a refusal). A
 * decode holds up to a few hundred megabytes outside the V8 heap while it runs: six at once took
 * the process past 1.5 GB.
 */
export const maxConcurrentDecodes = 2;

let activeDecodes = 0;
let peakDecodes = 0;
const waitingDecodes: (() => void)[] = [];

async function withDecodeSlot<T>(run: () => Promise<T>): Promise<T> {
  if (activeDecodes < maxConcurrentDecodes) activeDecodes += 1;
  // The slot is handed over by the decode that ends (activeDecodes stays counted).
  else await new Promise<void>((resolve) => waitingDecodes.push(resolve));
  peakDecodes = Math.max(peakDecodes, activeDecodes);
  try {
    return await run();
  } finally {
    const next = waitingDecodes.shift();
    if (next) next();
    else activeDecodes -= 1;
  }
}

/** Decodes running and waiting now, and the most that ever ran at once (for tests and metrics). */
export function imageDecodeStats() {
  return { active: activeDecodes, waiting: waitingDecodes.length, peak: peakDecodes };
}

/**
 * Width and height from the header alone (nothing decoded), refusing an image over
 * maxImagePixels; throws InvalidImageError.
 */
export async function checkImageHeader(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes).metadata());
  } catch {
    throw new InvalidImageError("decode");
  }
  if (!width || !height) throw new InvalidImageError("decode");
  if (width * height > maxImagePixels) throw new InvalidImageError("pixels");
  return { width, height };
}

/** Empty, over the size, or the placeholder of a file the server left out of a post over the upload limit. */
function tooLarge(bytes: Uint8Array, maxBytes: number) {
  return bytes.length === 0 || bytes.length > maxBytes || isOversizedUploadPlaceholder(bytes);
}

/** The image type the bytes start with, or null. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return "png";
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

const keyPattern = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*\.webp$/;

/** Keys are ours (prefix/random.webp); anything else, "../" included, is refused before the disk. */
export function isStorageKey(key: string): boolean {
  return key.length <= 200 && keyPattern.test(key);
}

function uploadsDir() {
  return path.resolve(env().DATA_DIR, "uploads");
}

function pathOf(key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
  return path.join(uploadsDir(), ...key.split("/"));
}

/**
 * Checks, re-encodes and stores an image; returns its key. `prefix` groups a feature's files
 * ("beach"). A decompression bomb stops at the pixel limit instead of filling memory.
 */
export async function storeImage(options: {
  bytes: Uint8Array;
  prefix: string;
  maxBytes: number;
  maxSide: number;
  quality?: number;
}): Promise<{ key: string; width: number; height: number; bytes: number }> {
  if (tooLarge(options.bytes, options.maxBytes)) throw new InvalidImageError("size");
  if (!detectImageKind(options.bytes)) throw new InvalidImageError("type");
  await checkImageHeader(options.bytes);
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await withDecodeSlot(() =>
      sharp(options.bytes, { limitInputPixels: maxImagePixels, failOn: "error" })
        .rotate()
        .resize({ width: options.maxSide, height: options.maxSide, fit: "inside", withoutEnlargement: true })
        .webp({ quality: options.quality ?? 80 })
        .toBuffer({ resolveWithObject: true }),
    );
  } catch {
    throw new InvalidImageError("decode");
  }
  const key = `${options.prefix}/${randomBytes(16).toString("hex")}.webp`;
  pathOf(key);
  await objectStore().put(key, output.data, "image/webp");
  return { key, width: output.info.width, height: output.info.height, bytes: output.data.length };
}

/** The stored bytes, or null when the key is not ours or the file is gone. */
export async function readStoredFile(key: string): Promise<{ body: Buffer; contentType: string } | null> {
  if (!isStorageKey(key)) return null;
  const body = await objectStore().get(key);
  return body ? { body, contentType: "image/webp" } : null;
}

export async function deleteStoredFile(key: string): Promise<void> {
  if (!isStorageKey(key)) return;
  await objectStore().delete(key);
}

/** The public URL of a stored file. */
export function storageUrl(key: string): string {
  return `/uploads/${key}`;
}

/**
 * Like storeImage, but writes one WebP per width (never wider than the original) so pages can
 * offer a srcset: `${key}-${width}.webp`. Decoded once; every variant comes from the same
 * rotated pixels. Returns the key without its width suffix.
 */
export async function storeImageVariants(options: {
  bytes: Uint8Array;
  prefix: string;
  maxBytes: number;
  widths: readonly number[];
  quality?: number;
  /** WebP encoder effort, 0 (fast) to 6 (smallest); sharp's default (4) unless given. */
  effort?: number;
}): Promise<{ key: string; widths: number[]; width: number; height: number }> {
  if (tooLarge(options.bytes, options.maxBytes)) throw new InvalidImageError("size");
  if (!detectImageKind(options.bytes)) throw new InvalidImageError("type");
  const header = await checkImageHeader(options.bytes);
  // Rotation swaps width and height, never the longest side: the widths are known before decoding.
  const longest = Math.max(header.width, header.height);
  const sorted = [...new Set(options.widths)].sort((a, b) => a - b);
  // Keep every width up to the original's; a small original still gets its own size once.
  const targets = sorted.filter((target) => target <= longest);
  if (!targets.length) targets.push(Math.min(sorted[0], longest));
  const biggest = targets[targets.length - 1];
  const key = `${options.prefix}/${randomBytes(16).toString("hex")}`;
  const written: string[] = [];
  let largest = header;
  await withDecodeSlot(async () => {
    let source: { data: Buffer; info: OutputInfo };
    try {
      // One decode (EXIF orientation applied), kept as raw pixels only at the largest width wanted:
      // the full-size pixels never sit in memory beside it.
      source = await sharp(options.bytes, { limitInputPixels: maxImagePixels, failOn: "error" })
        .rotate()
        .resize({ width: biggest, height: biggest, fit: "inside", withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new InvalidImageError("decode");
    }
    const { width, height, channels } = source.info;
    try {
      for (const target of targets) {
        const output = await sharp(source.data, { raw: { width, height, channels } })
          .resize({ width: target, height: target, fit: "inside", withoutEnlargement: true })
          .webp({ quality: options.quality ?? 80, effort: options.effort })
          .toBuffer({ resolveWithObject: true });
        pathOf(`${key}-${target}.webp`);
        await objectStore().put(`${key}-${target}.webp`, output.data, "image/webp");
        written.push(`${key}-${target}.webp`);
        largest = { width: output.info.width, height: output.info.height };
      }
    } catch (error) {
      for (const file of written) await deleteStoredFile(file);
      throw error;
    }
  });
  return { key, widths: targets, width: largest.width, height: largest.height };
}

/**
 * Stores again, under a new key, WebP variants that storeImageVariants encoded earlier on this
 * machine (the demo seed keeps them so a fresh database does not encode the same drawings again).
 * Every file must still be a WebP by its bytes; anything else is refused before the store.
 */
export async function storeEncodedVariants(options: {
  prefix: string;
  variants: readonly { width: number; bytes: Buffer }[];
}): Promise<{ key: string; widths: number[] }> {
  if (!options.variants.length || options.variants.some((variant) => detectImageKind(variant.bytes) !== "webp"))
    throw new InvalidImageError("type");
  const key = `${options.prefix}/${randomBytes(16).toString("hex")}`;
  const written: string[] = [];
  try {
    for (const variant of options.variants) {
      const file = `${key}-${variant.width}.webp`;
      pathOf(file);
      await objectStore().put(file, variant.bytes, "image/webp");
      written.push(file);
    }
  } catch (error) {
    for (const file of written) await deleteStoredFile(file);
    throw error;
  }
  return { key, widths: options.variants.map((variant) => variant.width) };
}

/** Removes every variant written by storeImageVariants. */
export async function deleteImageVariants(key: string, widths: readonly number[]): Promise<void> {
  for (const width of widths) await deleteStoredFile(`${key}-${width}.webp`);
}
