import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, isRouteErrorResponse, ServerRouter } from "react-router";
// Registers every kind of reportable content with moderation before any request is served.
import "#app/compose/moderated-kinds.server";
// Hands the assembled lists down to app/lib, the platform and the features (pages for the sitemap
// and Markdown links, permissions, content kinds, moderated kinds).
import "#app/manifests";
import { applyPageCaching } from "#app/lib/cache-control.server";
import { isConnectionError, noteDatabaseError } from "#app/lib/db.server";
import { languageOfPath } from "#app/lib/i18n";
import { serverCatalog } from "#app/lib/i18n.server";
import { logger } from "#app/lib/logger.server";
import { NonceProvider } from "#app/lib/nonce";
import { noteDatabaseUnavailable } from "#app/lib/request-scope.server";
import { combineRoutePolicies, type RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { TranslationsProvider } from "#app/lib/translations";

export const streamTimeout = 5_000;
/** How long a browser's page may wait after its shell for the rest, to be sent in one piece. */
const wholePageWaitMs = 50;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (loadContext?.cachePolicy) {
    // The response cache asks what the matched routes declare (`export const handle = { cache }`).
    const policies = routerContext.staticHandlerContext.matches.map(
      (match) =>
        (routerContext.routeModules[match.route.id]?.handle as { cache?: RouteCachePolicy } | undefined)?.cache,
    );
    Object.assign(loadContext.cachePolicy, combineRoutePolicies(policies));
  }
  const language = languageOfPath(new URL(request.url).pathname);
  const catalog = serverCatalog(language);
  const nonce = loadContext?.cspNonce ?? "";
  const userAgent = request.headers.get("user-agent");
  // Crawlers and no-JS clients get the whole document at once, and so does the response cache,
  // which reads the whole page before anyone is sent it: piped at the shell, React wrote it out in
  // thousands of 2 KB pieces as each part finished, and fifty such renders under load took the
  // process from 340 MB to 1.3 GB. Browsers get it whole too when it is ready soon after its shell
  // (wholePageWaitMs), else streamed.
  const wholeDocument = !!loadContext?.cachePolicy || (!!userAgent && isbot(userAgent)) || routerContext.isSpaMode;

  // When the page is answered at its shell, the rest renders while it streams; the server holds
  // this page's render place until then (server/request-handler.ts).
  let renderEnded = () => {};
  const renderDone = new Promise<void>((resolve) => {
    renderEnded = resolve;
  });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let answered = false;
    let allReady = false;
    let streamLater: NodeJS.Timeout | undefined;
    const answer = () => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      applyPageCaching(request, responseStatusCode, responseHeaders);
    };
    /** The whole page in one piece: one write to the socket instead of one per chunk React flushes. */
    const answerWhole = () => {
      if (answered) return;
      answered = true;
      clearTimeout(streamLater);
      answer();
      const status = responseStatusCode;
      renderEnded();
      pipe(collect((body) => resolve(new Response(body, { headers: responseHeaders, status }))));
    };
    /** The shell now and the rest as it renders, holding this page's render place until React is done. */
    const answerStreamed = () => {
      if (answered) return;
      answered = true;
      answer();
      const body = new PassThrough();
      if (allReady) renderEnded();
      else loadContext?.holdRenderPlace?.(renderDone);
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationsProvider value={catalog}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TranslationsProvider>
      </NonceProvider>,
      {
        nonce,
        // React outlines a finished Suspense boundary past the first 12.8 KB of a page: it sends the
        // content in a hidden element and reveals it with a script, so without JavaScript it never
        // shows (the review form of a business page was hidden that way). Finished content stays in
        // place; only what is still loading at the shell streams in later.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
          if (wholeDocument) return;
          // Most pages have nothing left to wait for once the shell is ready: sent whole, a
          // signed-in page costs a third less than streamed in React's chunks (bench/pages.mjs).
          // Only a page still waiting on slow data after a moment streams its shell first.
          streamLater = setTimeout(answerStreamed, wholePageWaitMs);
        },
        onAllReady() {
          allReady = true;
          if (answered) renderEnded();
          else answerWhole();
        },
        onShellError(error: unknown) {
          clearTimeout(streamLater);
          renderEnded();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(() => {
      abort();
      renderEnded();
    }, streamTimeout + 1000);
  });
}

function collect(done: (body: Uint8Array<ArrayBuffer>) => void) {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, next) {
      chunks.push(chunk);
      next();
    },
    final(next) {
      done(Buffer.concat(chunks) as Uint8Array<ArrayBuffer>);
      next();
    },
  });
}

/** Client-side navigations fetch the same data: cache it by the same rule as the page. */
export function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  // Data for client navigations does not say which routes it served: every kind, shortest age.
  if (context?.cachePolicy) Object.assign(context.cachePolicy, combineRoutePolicies([{ maxAgeSeconds: 60 }]));
  applyPageCaching(request, response.status, response.headers);
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (isConnectionError(error)) {
    // Not a bug of ours: the answer becomes a 503 with Retry-After, and a probe checks the server.
    noteDatabaseUnavailable();
    noteDatabaseError(error);
  }
  if (request.signal.aborted) return;
  // The router reports its own refusals of a request here too (a method a route does not take, a
  // path nothing matches): those are the visitor's mistake, and anyone could fill the error log
  // with them.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, url: request.url }, "request refused by the router");
    return;
  }
  logger.error({ err: error, url: request.url }, "unhandled error in a loader or action");
}
