import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import type { createRequestHandler as createRouterHandler } from "react-router";
import { RenderAbandoned } from "./render-concurrency";

// @react-router/express's adapter, except that the body comes from the input check (input.ts),
// which has already read and vetted it, instead of the request stream.

function requestHeaders(req: Request) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function routerRequest(req: Request, res: Response): Request | globalThis.Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [Number.parseInt(forwardedPort ?? "", 10), Number.parseInt(hostPort ?? "", 10)].find(
    Number.isSafeInteger,
  );
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const body = res.locals.body as Buffer | undefined;
  return new globalThis.Request(url.href, {
    method: req.method,
    headers: requestHeaders(req),
    signal: controller.signal,
    ...(req.method !== "GET" && req.method !== "HEAD"
      ? { body: body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : null }
      : {}),
  });
}

export type RouterHandler = ReturnType<typeof createRouterHandler>;

export function createRequestHandler(options: {
  /**
   * React Router's handler, made once from the build object: given a function instead, it rebuilt
   * its route table and ranked every route again on every request.
   */
  handler: RouterHandler;
  getLoadContext: (req: Request, res: Response) => unknown;
  /** Queues page renders (GET and HEAD) until the router has its response; see render-concurrency.ts. */
  limitRenders?: (handle: RouterHandler) => RouterHandler;
}) {
  const handle = options.handler;
  const render = options.limitRenders ? options.limitRenders(handle) : handle;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = routerRequest(req, res) as globalThis.Request;
      // Form posts are not queued: an action may wait seconds on another service (the concierge's
      // model, a payment provider) and would hold a render's place all that time.
      const run = req.method === "GET" || req.method === "HEAD" ? render : handle;
      // biome-ignore lint/suspicious/noExplicitAny: the load context type is the app's (app/types/context.d.ts)
      const response = await run(request, options.getLoadContext(req, res) as any);
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel();
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
      if (!response.body) {
        res.end();
        return;
      }
      try {
        await writeReadableStreamToWritable(response.body, res);
      } catch (error) {
        if (!(res.destroyed || res.writableEnded)) throw error;
      }
    } catch (error) {
      // Nobody is left to answer.
      if (error instanceof RenderAbandoned) return;
      next(error);
    }
  };
}
