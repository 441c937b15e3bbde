import type { Request } from "express";
import { oversizedUploadPlaceholder } from "#app/lib/upload-limit";

// A post with files over the upload limit (a 20 MB phone photo) is read to its end, as the browser
// sends it, but without keeping a byte of its files: what was typed is kept, and each file that had
// content becomes the placeholder of app/lib/upload-limit.ts. The route's action then answers as it
// answers a photo over its size (its own message at the field, the other values kept, in the page's
// language) instead of the visitor getting a bare "Payload Too Large" and losing what they typed.
// This reads the multipart stream itself (RFC 7578): nothing in the dependencies parses one
// without holding the whole body in memory.

export class UnreadableUpload extends Error {}
export class TextOverLimit extends Error {}

const crlf = Buffer.from("\r\n");
const headerEnd = Buffer.from("\r\n\r\n");
const maxHeaderBytes = 16 * 1024;

interface Part {
  name: string;
  fileName: string | null;
  type: string;
  chunks: Buffer[];
  size: number;
}

/** A quoted parameter of a Content-Disposition header, as browsers escape it (", CR and LF). */
function parameter(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="([^"]*)"`, "i").exec(header);
  if (!match) return null;
  return match[1].replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

function boundaryOf(contentType: string) {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 200) throw new UnreadableUpload("no boundary");
  return boundary;
}

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
  const delimiter = Buffer.from(`\r\n--${boundaryOf(options.contentType)}`);
  const form = new FormData();
  // The first delimiter opens the body without a line break before it: one is added.
  let buffer: Buffer = crlf;
  let state: "preamble" | "body" | "after-delimiter" | "headers" | "done" = "preamble";
  let part: Part | null = null;
  let textBytes = 0;
  let received = 0;

  const take = (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    if (part.fileName === null) {
      textBytes += bytes.length;
      if (textBytes > options.textLimit) throw new TextOverLimit("text fields over the limit");
      part.chunks.push(Buffer.from(bytes));
    } else part.size += bytes.length;
  };

  const finish = () => {
    if (!part) return;
    if (part.fileName === null) form.append(part.name, Buffer.concat(part.chunks).toString("utf8"));
    // A file input left empty is left out: re-encoded it would come back as a text field (a File
    // without a name loses its filename), and a missing field reads as "no file" everywhere.
    else if (part.size > 0)
      form.append(part.name, new File([oversizedUploadPlaceholder], part.fileName || "upload", { type: part.type }));
    part = null;
  };

  const advance = () => {
    for (;;) {
      if (state === "done") {
        buffer = Buffer.alloc(0);
        return;
      }
      if (state === "preamble" || state === "body") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          // Keep what could be the start of a delimiter split between two chunks.
          const keep = delimiter.length - 1;
          if (buffer.length > keep) {
            take(buffer.subarray(0, buffer.length - keep));
            buffer = buffer.subarray(buffer.length - keep);
          }
          return;
        }
        take(buffer.subarray(0, at));
        finish();
        buffer = buffer.subarray(at + delimiter.length);
        state = "after-delimiter";
      }
      if (state === "after-delimiter") {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          continue;
        }
        const lineEnd = buffer.indexOf(crlf);
        if (lineEnd === -1) {
          if (buffer.length > 1024) throw new UnreadableUpload("no line break after a delimiter");
          return;
        }
        buffer = buffer.subarray(lineEnd + 2);
        state = "headers";
      }
      if (state === "headers") {
        const end = buffer.indexOf(headerEnd);
        if (end === -1) {
          if (buffer.length > maxHeaderBytes) throw new UnreadableUpload("part headers too long");
          return;
        }
        const headers = buffer.subarray(0, end).toString("utf8").split("\r\n");
        buffer = buffer.subarray(end + headerEnd.length);
        const disposition = headers.find((line) => /^content-disposition:/i.test(line)) ?? "";
        const name = parameter(disposition, "name");
        if (name === null) throw new UnreadableUpload("a part without a name");
        const type = headers.find((line) => /^content-type:/i.test(line))?.replace(/^content-type:\s*/i, "") ?? "";
        part = { name, fileName: parameter(disposition, "filename"), type, chunks: [], size: 0 };
        state = "body";
      }
    }
  };

  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > options.declared) throw new UnreadableUpload("body longer than declared");
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    advance();
  }
  // advance() moves the state; TypeScript does not follow assignments made in a closure.
  if ((state as string) !== "done") throw new UnreadableUpload("body ends inside a part");
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? options.contentType,
  };
}
