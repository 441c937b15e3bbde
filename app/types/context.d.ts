import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** The visitor's IP as Express resolved it (TRUST_PROXY decides whether proxies count). */
    clientIp?: string;
  }
}
