import type { NextFunction, Request, Response } from "express";
import type { RouteTable } from "./route-table";
import { bodyLimit } from "./security";

// The one place request input is checked before any route sees it. Route params, query values and
// form fields all come from here, so refusing what no route can use here makes whole classes of
// 500s impossible instead of patching each route:
//   - text that is not well-formed: malformed percent-encoding, invalid or overlong UTF-8, unpaired
//     UTF-16 surrogates, and NUL (PostgreSQL cannot store it and errors mid-query) → 400;
//   - a body no route parses: every action reads a form, so anything but url-encoded or multipart
//     form data (JSON, text, XML, no type at all) → 415, and a form that does not parse → 400;
//   - multipart above BODY_LIMIT unless the route declares it takes uploads (handle.acceptsUploads).
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

export function checkPath(pathname: string) {
  for (const segment of pathname.split("/")) decodeStrict(segment, false);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

async function checkMultipart(body: Buffer, contentType: string) {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
      headers: { "content-type": contentType },
    }).formData();
  } catch {
    throw new BadInput("multipart body does not parse");
  }
  for (const [name, value] of form) {
    if (!isWellFormedText(name)) throw new BadInput("bad field name");
    if (typeof value === "string" ? !isWellFormedText(value) : !isWellFormedText(value.name))
      throw new BadInput("bad field value or file name");
  }
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

function refuse(res: Response, status: 400 | 413 | 415) {
  const text = { 400: "Bad Request", 413: "Payload Too Large", 415: "Unsupported Media Type" }[status];
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(text);
}

export function inputCheck(options: { routes: () => Promise<RouteTable>; bodyLimit: string; uploadBodyLimit: string }) {
  const standardLimit = bodyLimit(options.bodyLimit);
  const uploadLimit = bodyLimit(options.uploadBodyLimit);
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
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();

    const multipart = req.is("multipart/form-data") === "multipart/form-data";
    const urlEncoded = req.is("application/x-www-form-urlencoded") === "application/x-www-form-urlencoded";
    if (!multipart && !urlEncoded) return refuse(res, 415);

    const route = (await options.routes()).match(req.path);
    const limit = multipart && route?.acceptsUploads ? uploadLimit : standardLimit;
    let tooLarge = true;
    limit(req, res, () => {
      tooLarge = false;
    });
    if (tooLarge) return; // the limit middleware has answered (411, 400 or 413)

    try {
      const max = Number(req.get("content-length") ?? 0);
      const body = await readBody(req, max);
      if (urlEncoded) {
        let text: string;
        try {
          text = utf8.decode(body);
        } catch {
          throw new BadInput("body is not UTF-8");
        }
        checkUrlEncoded(text);
      } else {
        await checkMultipart(body, req.get("content-type") ?? "");
      }
      res.locals.body = body;
    } catch (error) {
      if (error instanceof BadInput) return res.headersSent ? undefined : refuse(res, 400);
      return next(error);
    }
    next();
  };
}
