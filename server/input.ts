import type { NextFunction, Request, Response } from "express";
import { logger } from "#app/lib/logger.server";
import { bodySizeBytes } from "#app/lib/upload-limit";
import type { RouteTable } from "./route-table";
import { bodyLimit } from "./security";
import { readWithoutFiles, TextOverLimit, UnreadableUpload } from "./upload-over-limit";

// The one place request input is checked before any route sees it. Route params, query values and
// form fields all come from here, so refusing what no route can use here makes whole classes of
// 500s impossible instead of patching each route:
//   - in the path and query: malformed percent-encoding, invalid or overlong UTF-8, unpaired UTF-16
//     surrogates, and NUL (PostgreSQL cannot store it and errors mid-query) → 400;
//   - in form bodies the same malformed bytes → 400 (no browser sends them), while a NUL, which is
//     valid UTF-8 that someone typed or pasted, becomes U+FFFD like any undecodable character: the
//     route's own validation then answers next to the field, in the visitor's language, with what
//     was typed kept, and the database never sees a NUL;
//   - a body no route parses: every action reads a form, so anything but url-encoded or multipart
//     form data (JSON, text, XML, no type at all) → 415, and a form that does not parse → 400;
//     the one exception is a webhook whose handle says acceptsJson (its JSON is passed on as sent);
//   - multipart above BODY_LIMIT unless the route declares it takes uploads (handle.acceptsUploads);
//     on such a route a post above UPLOAD_BODY_LIMIT (and within a few times it) is read without its
//     files, each replaced by a placeholder the action answers as a file over its size, so the form
//     comes back with its message and what was typed (upload-over-limit.ts);
//   - a method the app does not serve, or a write to a route without an action → 405 with Allow,
//     logged at info: anyone can send them, so as errors they would fill the error log;
//   - a write with no Origin that the browser itself labels cross-site (Sec-Fetch-Site) → 403:
//     the router's own CSRF check compares Origin only, and lets a request without one through.
// A checked body is kept in res.locals.body and handed to the router from there (request-handler.ts).

/** NUL, or a UTF-16 surrogate without its other half. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const malformedText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export class BadInput extends Error {}

export function isWellFormedText(value: string) {
  return !malformedText.test(value);
}

/** decodeURIComponent that also refuses NUL and lone surrogates; throws BadInput. */
function decodeStrict(component: string, plusIsSpace: boolean) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(plusIsSpace ? component.replace(/\+/g, " ") : component);
  } catch {
    throw new BadInput("malformed percent-encoding");
  }
  if (!isWellFormedText(decoded)) throw new BadInput("NUL or unpaired surrogate");
  return decoded;
}

/** Checks every name and value of an application/x-www-form-urlencoded string (a query or a body). */
export function checkUrlEncoded(text: string) {
  if (!isWellFormedText(text)) throw new BadInput("raw NUL or unpaired surrogate");
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    decodeStrict(at === -1 ? pair : pair.slice(0, at), true);
    if (at !== -1) decodeStrict(pair.slice(at + 1), true);
  }
}

const replacement = "\uFFFD";

/**
 * A url-encoded form body with every NUL replaced by U+FFFD, or null when it has none; throws
 * BadInput on malformed encoding or UTF-8 (lone surrogates cannot be encoded in UTF-8 at all).
 */
export function neutraliseUrlEncodedForm(text: string): string | null {
  let changed = false;
  const pairs = text.split("&").map((pair) => {
    if (pair === "") return pair;
    const at = pair.indexOf("=");
    const decode = (part: string) => {
      try {
        return decodeURIComponent(part.replace(/\+/g, " "));
      } catch {
        throw new BadInput("malformed percent-encoding");
      }
    };
    const name = decode(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? null : decode(pair.slice(at + 1));
    if (!name.includes("\u0000") && !value?.includes("\u0000")) return pair;
    changed = true;
    const clean = (part: string) => encodeURIComponent(part.replaceAll("\u0000", replacement));
    return value === null ? clean(name) : `${clean(name)}=${clean(value)}`;
  });
  return changed ? pairs.join("&") : null;
}

export function checkPath(pathname: string) {
  for (const segment of pathname.split("/")) decodeStrict(segment, false);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Parses a multipart body; when a field name, value or file name holds a NUL, re-encodes it without. */
async function neutraliseMultipart(
  body: Buffer,
  contentType: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  let form: FormData;
  try {
    form = await new Response(bytes(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new BadInput("multipart body does not parse");
  }
  let changed = false;
  const clean = new FormData();
  for (const [name, value] of form) {
    const safeName = name.replaceAll("\u0000", replacement);
    if (typeof value === "string") {
      const safe = value.replaceAll("\u0000", replacement);
      changed ||= safe !== value || safeName !== name;
      clean.append(safeName, safe);
    } else {
      const fileName = value.name.replaceAll("\u0000", replacement);
      changed ||= fileName !== value.name || safeName !== name;
      clean.append(safeName, value, fileName);
    }
  }
  if (!changed) return null;
  const encoded = new Request("http://localhost/", { method: "POST", body: clean });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? contentType,
  };
}

function bytes(body: Buffer) {
  return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
}

function readBody(req: Request, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      // Content-Length was checked already; this guards a client that sends more than it declared.
      if (size > max) {
        req.destroy();
        reject(new BadInput("body larger than declared"));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function refuse(res: Response, status: 400 | 403 | 405 | 413 | 415) {
  const text = {
    400: "Bad Request",
    403: "Forbidden",
    405: "Method Not Allowed",
    413: "Payload Too Large",
    415: "Unsupported Media Type",
  }[status];
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(text);
}

const servedMethods = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

function notAllowed(req: Request, res: Response, allow: string) {
  logger.info({ method: req.method, path: req.path }, "method not allowed");
  res.set("Allow", allow);
  refuse(res, 405);
}

export function inputCheck(options: { routes: () => Promise<RouteTable>; bodyLimit: string; uploadBodyLimit: string }) {
  const standardLimit = bodyLimit(options.bodyLimit);
  const uploadLimit = bodyLimit(options.uploadBodyLimit);
  const standardBytes = bodySizeBytes(options.bodyLimit);
  const uploadBytes = bodySizeBytes(options.uploadBodyLimit);
  // Past this a post is no photo a person chose: it is refused whole, unread.
  const readWithoutFilesUpTo = uploadBytes * 8;
  return async (req: Request, res: Response, next: NextFunction) => {
    const raw = req.originalUrl;
    const queryAt = raw.indexOf("?");
    try {
      checkPath(queryAt === -1 ? raw : raw.slice(0, queryAt));
      if (queryAt !== -1) checkUrlEncoded(raw.slice(queryAt + 1).split("#")[0]);
    } catch (error) {
      if (error instanceof BadInput) return refuse(res, 400);
      throw error;
    }
    if (!servedMethods.has(req.method)) return notAllowed(req, res, "GET, HEAD, POST");
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (req.get("origin") === undefined && req.get("sec-fetch-site") === "cross-site") return refuse(res, 403);

    const route = (await options.routes()).match(req.path);
    if (route && !route.hasAction) return notAllowed(req, res, "GET, HEAD");
    const multipart = req.is("multipart/form-data") === "multipart/form-data";
    const urlEncoded = req.is("application/x-www-form-urlencoded") === "application/x-www-form-urlencoded";
    // A webhook route (handle.acceptsJson) gets its JSON untouched: a signature covers the bytes.
    if (!multipart && !urlEncoded && route?.acceptsJson && req.is("application/json") === "application/json") {
      let tooLargeJson = true;
      standardLimit(req, res, () => {
        tooLargeJson = false;
      });
      if (tooLargeJson) return;
      try {
        res.locals.body = await readBody(req, Number(req.get("content-length") ?? 0));
      } catch (error) {
        if (error instanceof BadInput) return res.headersSent ? undefined : refuse(res, 400);
        return next(error);
      }
      return next();
    }
    if (!multipart && !urlEncoded) return refuse(res, 415);

    const declared = Number(req.get("content-length"));
    const overUploadLimit =
      multipart &&
      route?.acceptsUploads === true &&
      Number.isSafeInteger(declared) &&
      declared > uploadBytes &&
      declared <= readWithoutFilesUpTo;
    if (!overUploadLimit) {
      const limit = multipart && route?.acceptsUploads ? uploadLimit : standardLimit;
      let tooLarge = true;
      limit(req, res, () => {
        tooLarge = false;
      });
      if (tooLarge) return; // the limit middleware has answered (411, 400 or 413)
    }

    try {
      const max = Number(req.get("content-length") ?? 0);
      let body: Buffer;
      if (overUploadLimit) {
        const kept = await readWithoutFiles(req, {
          contentType: req.get("content-type") ?? "",
          declared,
          textLimit: standardBytes,
        });
        logger.info({ path: req.path, bytes: declared }, "upload over the limit read without its files");
        body = kept.body;
        req.headers["content-type"] = kept.contentType;
      } else body = await readBody(req, max);
      if (urlEncoded) {
        let text: string;
        try {
          text = utf8.decode(body);
        } catch {
          throw new BadInput("body is not UTF-8");
        }
        const neutral = neutraliseUrlEncodedForm(text);
        if (neutral !== null) body = Buffer.from(neutral);
      } else {
        const neutral = await neutraliseMultipart(body, req.get("content-type") ?? "");
        if (neutral) {
          body = neutral.body;
          req.headers["content-type"] = neutral.contentType;
        }
      }
      if (req.headers["content-length"] !== undefined) req.headers["content-length"] = String(body.length);
      res.locals.body = body;
    } catch (error) {
      if (error instanceof TextOverLimit) return res.headersSent ? undefined : refuse(res, 413);
      if (error instanceof BadInput || error instanceof UnreadableUpload)
        return res.headersSent ? undefined : refuse(res, 400);
      return next(error);
    }
    next();
  };
}
