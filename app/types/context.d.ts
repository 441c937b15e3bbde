import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** The visitor's IP as Express resolved it (TRUST_PROXY decides whether proxies count). */
    clientIp?: string;
    /** Present when the response cache renders the page: entry.server fills it from the routes' `handle.cache`. */
    cachePolicy?: import("#app/lib/response-cache/cache.server").RenderCachePolicy;
    /**
     * Present when the page holds one of the server's render places: entry.server hands it the
     * promise of the render's end when it answers at the shell and goes on rendering as it streams.
     */
    holdRenderPlace?: (renderDone: Promise<void>) => void;
  }
}
