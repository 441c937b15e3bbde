import busboy from "busboy";
import type { Request } from "express";
import { oversizedUploadPlaceholder } from "#app/lib/upload-limit";

// A post with files over the upload limit (a 20 MB phone photo) is read to its end, as the browser
// sends it, but without keeping a byte of its files: what was typed is kept, and each file that had
// content becomes the placeholder of app/lib/upload-limit.ts. The route's action then answers as it
// answers a photo over its size (its own message at the field, the other values kept, in the page's
// language) instead of the visitor getting a bare "Payload Too Large" and losing what they typed.
// busboy reads the multipart stream; the files' bytes are counted and dropped as they arrive.

export class UnreadableUpload extends Error {}
export class TextOverLimit extends Error {}

/**
 * Reads a multipart body to its end, keeping its text fields (up to `textLimit` bytes in all,
 * else TextOverLimit) and putting the placeholder in place of every file that had content.
 * Answers the same form re-encoded, with its new content type; UnreadableUpload when it does not
 * parse or is longer than `declared`.
 */
export async function readWithoutFiles(
  req: Request,
  options: { contentType: string; declared: number; textLimit: number },
): Promise<{ body: Buffer; contentType: string }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": options.contentType },
      // Field names and values as browsers send them: UTF-8, whatever the part says.
      defParamCharset: "utf8",
      limits: { fieldSize: options.textLimit, fieldNameSize: 1024 },
    });
  } catch {
    throw new UnreadableUpload("not a multipart body with a boundary");
  }
  const form = new FormData();
  const files: Promise<void>[] = [];
  let textBytes = 0;
  // The first reason to stop; the stream is then no longer read or parsed.
  let failure: Error | null = null;

  parser.on("field", (name, value, info) => {
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.valueTruncated || info.nameTruncated || textBytes > options.textLimit) {
      failure ??= new TextOverLimit("text fields over the limit");
      return;
    }
    form.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
    });
    files.push(
      new Promise((done) => {
        stream.on("close", () => {
          // A file input left empty is left out: re-encoded it would come back as a text field (a
          // File without a name loses its filename), and a missing field reads as "no file".
          if (size > 0)
            form.append(
              name,
              new File([oversizedUploadPlaceholder], info.filename || "upload", { type: info.mimeType }),
            );
          done();
        });
      }),
    );
  });
  const settled = new Promise<void>((resolve) => {
    parser.on("close", resolve);
    parser.on("error", (error) => {
      failure ??= new UnreadableUpload(String(error));
      resolve();
    });
  });

  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > options.declared) failure ??= new UnreadableUpload("body longer than declared");
    if (failure) break;
    if (!parser.write(chunk)) await Promise.race([new Promise((drained) => parser.once("drain", drained)), settled]);
  }
  if (!failure) {
    parser.end();
    await settled;
  }
  if (failure) {
    parser.destroy();
    throw failure;
  }
  await Promise.all(files);
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? options.contentType,
  };
}
