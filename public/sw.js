// Playa Hub service worker: keeps the app shell, the offline page and the pages a visitor has
// opened, so emergency numbers and guides still open with no signal. Network first for pages
// (fresh when online), cache first for hashed assets (they never change).
const VERSION = "v1";
const SHELL_CACHE = `shell-${VERSION}`;
const PAGE_CACHE = `pages-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
const SHELL = ["/", "/es", "/offline", "/es/offline", "/manifest.webmanifest", "/favicon.svg"];
const MAX_PAGES = 60;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { credentials: "same-origin" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => ![SHELL_CACHE, PAGE_CACHE, ASSET_CACHE].includes(key)).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

function isPrivate(url) {
  return /^\/(es\/)?(dashboard|admin|auth)(\/|$)/.test(url.pathname) || url.pathname.startsWith("/api/");
}

async function networkFirst(request, fallbackUrl) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && !isPrivate(url)) {
      const copy = response.clone();
      caches
        .open(PAGE_CACHE)
        .then((cache) => cache.put(request, copy))
        .then(() => trim(PAGE_CACHE, MAX_PAGES));
    }
    return response;
  } catch (error) {
    const cached = (await caches.match(request, { ignoreVary: true })) ?? (fallbackUrl && (await caches.match(fallbackUrl)));
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    const offlinePage = url.pathname === "/es" || url.pathname.startsWith("/es/") ? "/es/offline" : "/offline";
    event.respondWith(networkFirst(request, offlinePage));
    return;
  }
  // Route data for client-side navigations, so pages opened before still work offline.
  if (url.pathname.endsWith(".data")) {
    event.respondWith(networkFirst(request));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
