// A post over the upload body limit is not refused whole: the server reads it to the end, keeps
// what was typed and puts this placeholder in place of each file it left out (server/upload-over-limit.ts).
// The image pipeline (storage.server.ts) reads the placeholder as a file over its size, so each
// form answers with its own "too large" message at the file's field and everything else kept.
const placeholderText = "playa-hub: upload left out, over the size limit";

export const oversizedUploadPlaceholder = new TextEncoder().encode(placeholderText);

/** Whether these are the placeholder's bytes (a file the server left out of an oversized post). */
export function isOversizedUploadPlaceholder(bytes: Uint8Array) {
  return (
    bytes.length === oversizedUploadPlaceholder.length &&
    oversizedUploadPlaceholder.every((byte, index) => bytes[index] === byte)
  );
}

/** A body limit as configured ("10mb", "300kb", "1024") in bytes; 1 MB when it does not read. */
export function bodySizeBytes(limit: string): number {
  const match = limit
    .trim()
    .toLowerCase()
    .match(/^(\d+)(b|kb|mb)?$/);
  if (!match) return 1024 * 1024;
  const unit = match[2] === "mb" ? 1024 * 1024 : match[2] === "kb" ? 1024 : 1;
  return Number(match[1]) * unit;
}
