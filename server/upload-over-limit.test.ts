import { Readable } from "node:stream";
import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { isOversizedUploadPlaceholder } from "#app/lib/upload-limit";
import { readWithoutFiles, TextOverLimit, UnreadableUpload } from "./upload-over-limit";

async function encoded(form: FormData) {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type") ?? "" };
}

/** The body as a request stream cut into chunks of `size` bytes (a delimiter split across two). */
function streamOf(body: Buffer, size: number) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) chunks.push(body.subarray(at, at + size));
  return Readable.from(chunks) as unknown as Request;
}

async function parsed(result: { body: Buffer; contentType: string }) {
  return new Response(new Uint8Array(result.body), { headers: { "content-type": result.contentType } }).formData();
}

describe("reading a post over the upload limit without its files", () => {
  for (const [chunk, photo] of [
    [1, new Uint8Array(20_000).fill(7)],
    [13, new Uint8Array(300_000).fill(7)],
    [64 * 1024, new Uint8Array(3 * 1024 * 1024).fill(7)],
  ] as const) {
    it(`keeps the typed fields and puts the placeholder in place of each file (chunks of ${chunk} bytes)`, async () => {
      // As a browser sends it: an empty file input is a part with filename="" and no content.
      const boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW";
      const text = (name: string, value: string) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      const file = (name: string, fileName: string, type: string, content: Uint8Array) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
          ),
          content,
          Buffer.from("\r\n"),
        ]);
      const body = Buffer.concat([
        text("title", 'Tabla de surf "Mini" ñ 🏄'),
        file("photos", "tabla.png", "image/png", photo),
        text("description", "línea uno\r\nlínea dos"),
        file("photos", "otra.png", "image/png", photo),
        file("photos", "", "application/octet-stream", new Uint8Array()),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      const contentType = `multipart/form-data; boundary=${boundary}`;
      const result = await readWithoutFiles(streamOf(body, chunk), {
        contentType,
        declared: body.length,
        textLimit: 1024,
      });
      expect(result.body.length).toBeLessThan(2048);
      const kept = await parsed(result);
      expect(kept.get("title")).toBe('Tabla de surf "Mini" ñ 🏄');
      expect(kept.get("description")).toBe("línea uno\r\nlínea dos");
      const files = kept.getAll("photos") as File[];
      // The empty file input is left out, as if nothing had been chosen.
      expect(files.map((file) => [file.name, file.type])).toEqual([
        ["tabla.png", "image/png"],
        ["otra.png", "image/png"],
      ]);
      const bytes = await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
      expect(bytes.map(isOversizedUploadPlaceholder)).toEqual([true, true]);
    });
  }

  it("refuses text fields over their own limit, a body longer than declared, and one cut short", async () => {
    const form = new FormData();
    form.append("notes", "x".repeat(5000));
    const { body, contentType } = await encoded(form);
    await expect(
      readWithoutFiles(streamOf(body, 100), { contentType, declared: body.length, textLimit: 1024 }),
    ).rejects.toThrow(TextOverLimit);
    await expect(
      readWithoutFiles(streamOf(body, 100), { contentType, declared: body.length - 1, textLimit: 10_000 }),
    ).rejects.toThrow(UnreadableUpload);
    await expect(
      readWithoutFiles(streamOf(body.subarray(0, body.length - 10), 100), {
        contentType,
        declared: body.length,
        textLimit: 10_000,
      }),
    ).rejects.toThrow(UnreadableUpload);
    await expect(
      readWithoutFiles(streamOf(body, 100), {
        contentType: "multipart/form-data",
        declared: body.length,
        textLimit: 10_000,
      }),
    ).rejects.toThrow(UnreadableUpload);
  });
});
