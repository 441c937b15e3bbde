import { createHash, createHmac } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";

// Where stored files live: the local disk under DATA_DIR/uploads by default, or any S3-compatible
// bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2…) when S3_BUCKET is set, so several app
// instances share one store (docs/operations.md, "Scale out"). Requests are signed with AWS Signature V4
// using node:crypto; no SDK is needed for put, get and delete of whole objects.

export interface ObjectStore {
  kind: "disk" | "s3";
  /** Writes a new object; never overwrites (keys are random). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key, e.g. "playa-hub/". */
  prefix: string;
}

function diskStore(root: string): ObjectStore {
  const file = (key: string) => path.join(root, ...key.split("/"));
  return {
    kind: "disk",
    async put(key, body) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), body, { flag: "wx" });
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding of each path segment, as Signature V4 wants it. */
function encodePath(pathname: string) {
  return pathname
    .split("/")
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join("/");
}

/**
 * The Authorization header of an AWS Signature Version 4 request (service "s3", no query
 * string). Pure, so it is checked against AWS's published example.
 */
export function signS3Request(options: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  date: Date;
}): { authorization: string; amzDate: string } {
  const amzDate = options.date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...options.headers,
    host: options.url.host,
    "x-amz-date": amzDate,
    "x-amz-content-sha256": options.payloadHash,
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const canonicalHeaders = names.map((name) => `${name}:${String(lower[name]).trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    options.method,
    encodePath(options.url.pathname),
    "",
    canonicalHeaders,
    signedHeaders,
    options.payloadHash,
  ].join("\n");
  const scope = `${day}/${options.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), options.region), "s3"),
    "aws4_request",
  );
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return {
    amzDate,
    authorization: `AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export function s3Store(config: S3Config): ObjectStore {
  const base = config.endpoint.replace(/\/$/, "");
  async function request(method: "PUT" | "GET" | "DELETE", key: string, body?: Buffer, contentType?: string) {
    // Path-style addressing (endpoint/bucket/key) works with every S3-compatible service.
    const url = new URL(`${base}/${config.bucket}/${config.prefix}${key}`);
    const payloadHash = sha256(body ?? "");
    const extra: Record<string, string> = contentType ? { "content-type": contentType } : {};
    const { authorization, amzDate } = signS3Request({
      method,
      url,
      headers: extra,
      payloadHash,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      date: new Date(),
    });
    return fetch(url, {
      method,
      headers: { ...extra, authorization, "x-amz-date": amzDate, "x-amz-content-sha256": payloadHash },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  }
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const response = await request("PUT", key, body, contentType);
      if (!response.ok) throw new Error(`object store: PUT ${key} answered ${response.status}`);
    },
    async get(key) {
      const response = await request("GET", key);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`object store: GET ${key} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await request("DELETE", key);
      if (!response.ok && response.status !== 404)
        throw new Error(`object store: DELETE ${key} answered ${response.status}`);
    },
  };
}

let store: ObjectStore | undefined;

/** The configured store: S3-compatible when S3_BUCKET is set, else DATA_DIR/uploads. */
export function objectStore(): ObjectStore {
  if (!store) {
    const config = env();
    store =
      config.S3_BUCKET && config.S3_ENDPOINT && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? s3Store({
            endpoint: config.S3_ENDPOINT,
            bucket: config.S3_BUCKET,
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            prefix: config.S3_PREFIX,
          })
        : diskStore(path.resolve(config.DATA_DIR, "uploads"));
  }
  return store;
}

/** Tests swap the store (a local S3 double, a scratch directory). */
export function setObjectStore(next: ObjectStore | undefined) {
  store = next;
}
