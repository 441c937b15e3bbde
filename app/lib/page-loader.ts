/**
 * What a cached page's inline loader (app/lib/response-cache/defer-hydration.server.ts, decision
 * 012) shares with the components whose work it does before the page hydrates.
 */

/** The service worker is registered about this long after load. */
export const serviceWorkerDelayMs = 5000;

/** Marks the offline notice the server renders hidden, which the loader shows while offline. */
export const offlineNoticeAttribute = "data-offline-notice";
