import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Store, signS3Request } from "./object-store.server";

// AWS's published Signature V4 examples for S3 (Amazon S3 API reference, "Signature calculations
// for the Authorization header: transferring payload in a single chunk").
const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
  date: new Date("2013-05-24T00:00:00Z"),
};

describe("S3 request signing", () => {
  it("matches AWS's GET Object example", () => {
    const { authorization, amzDate } = signS3Request({
      ...credentials,
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { range: "bytes=0-9" },
      payloadHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    });
    expect(amzDate).toBe("20130524T000000Z");
    expect(authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("matches AWS's PUT Object example, with a $ in the key encoded", () => {
    const { authorization } = signS3Request({
      ...credentials,
      method: "PUT",
      url: new URL("https://examplebucket.s3.amazonaws.com/test$file.text"),
      headers: { date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
      payloadHash: "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
    });
    expect(authorization).toContain("SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class");
    expect(authorization).toContain("Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });
});

describe("S3-compatible store", () => {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorization: string }[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", authorization: String(req.headers.authorization ?? "") });
    const chunks: Buffer[] = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const key = req.url ?? "";
      if (req.method === "PUT") {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200).end();
      } else if (req.method === "GET") {
        const body = objects.get(key);
        if (body) res.writeHead(200).end(body);
        else res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      } else if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204).end();
      }
    });
  });
  let endpoint = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("puts, gets and deletes objects with signed path-style requests", async () => {
    const store = s3Store({
      endpoint,
      bucket: "photos",
      region: "auto",
      accessKeyId: "key",
      secretAccessKey: "secret",
      prefix: "playa/",
    });
    await store.put("businesses/abc-400.webp", Buffer.from("webp bytes"), "image/webp");
    expect(objects.get("/photos/playa/businesses/abc-400.webp")?.toString()).toBe("webp bytes");
    expect((await store.get("businesses/abc-400.webp"))?.toString()).toBe("webp bytes");
    expect(await store.get("businesses/missing.webp")).toBeNull();
    await store.delete("businesses/abc-400.webp");
    expect(objects.size).toBe(0);
    expect(seen.every((request) => request.authorization.startsWith("AWS4-HMAC-SHA256 Credential=key/"))).toBe(true);
    expect(seen[0].authorization).toContain(
      "/auto/s3/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date",
    );
  });
});
