import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import type { createRequestHandler as createRouterHandler } from "react-router";
import { RenderAbandoned, type RenderConcurrency } from "./render-concurrency";

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
  /**
   * Queues page renders (GET and HEAD) until React has rendered the whole page, which may be after
   * the router has its response when the page streams; see render-concurrency.ts.
   */
  limitRenders?: RenderConcurrency;
}) {
  const handle = options.handler;
  return async (req: Request, res: Response, next: NextFunction) => {
    let givePlaceBack = () => {};
    try {
      const request = routerRequest(req, res) as globalThis.Request;
      // biome-ignore lint/suspicious/noExplicitAny: the load context type is the app's (app/types/context.d.ts)
      const context = options.getLoadContext(req, res) as any;
      let renderDone: Promise<void> | null = null;
      // Form posts are not queued: an action may wait seconds on another service (the concierge's
      // model, a payment provider) and would hold a render's place all that time.
      if (options.limitRenders && (req.method === "GET" || req.method === "HEAD")) {
        givePlaceBack = await options.limitRenders.place(request);
        // A page answered at its shell goes on rendering while it streams: the place is held until
        // React has finished (not until the visitor has downloaded it). Given back at the shell, the
        // rest of every page rendered outside the limit: fifty signed-in connections, fifty renders.
        context.holdRenderPlace = (done: Promise<void>) => {
          renderDone = done;
        };
      }
      const response = await handle(request, context);
      if (renderDone) void (renderDone as Promise<void>).finally(givePlaceBack);
      else givePlaceBack();
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
      givePlaceBack();
      // Nobody is left to answer.
      if (error instanceof RenderAbandoned) return;
      next(error);
    }
  };
}
