import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** The visitor's IP as Express resolved it (TRUST_PROXY decides whether proxies count). */
    clientIp?: string;
    /** Present when the response cache renders the page: entry.server fills it from the routes' `handle.cache`. */
    cachePolicy?: import("#app/lib/response-cache/cache.server").RenderCachePolicy;
  }
}
