// Playa Hub service worker: keeps the app shell, the offline page and the pages a visitor has
// opened, so emergency numbers and guides still open with no signal. Network first for pages
// (fresh when online), cache first for hashed assets (they never change).
const VERSION = "v1";
const SHELL_CACHE = `shell-${VERSION}`;
const PAGE_CACHE = `pages-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
const SHELL = ["/", "/es", "/offline", "/es/offline", "/manifest.webmanifest", "/favicon.svg"];
const MAX_PAGES = 60;
// Pages a visitor in trouble needs with no signal (emergency numbers, healthcare, transport and the
// newcomer guide), in both languages: saved as soon as the worker installs, whatever page the
// visitor opened first, with the route data for client-side navigation and the assets they load.
// Kept in their own cache so the trimming of visited pages never evicts them.
const ESSENTIAL_CACHE = `essential-${VERSION}`;
// The local alerts are among them: each visit to /alerts (a visitor's area is its ?area=) refreshes
// the saved copy there, so the alerts last seen for their area open with no signal.
const ESSENTIAL_PAGES = ["/emergency", "/healthcare", "/transportation", "/guide", "/alerts"].flatMap((path) => [
  path,
  `/es${path}`,
]);

function isAlertList(url) {
  return /^\/(es\/)?alerts(\.data)?$/.test(url.pathname);
}

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
          keys
            .filter((key) => ![SHELL_CACHE, PAGE_CACHE, ASSET_CACHE, ESSENTIAL_CACHE].includes(key))
            .map((key) => caches.delete(key)),
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
      if (isAlertList(url)) caches.open(ESSENTIAL_CACHE).then((cache) => cache.put(request, copy));
      else
        caches
          .open(PAGE_CACHE)
          .then((cache) => cache.put(request, copy))
          .then(() => trim(PAGE_CACHE, MAX_PAGES));
    }
    return response;
  } catch (error) {
    const cached =
      (await caches.match(request, { ignoreVary: true })) ??
      // An area's alerts never opened on this device: the whole list saved at install or last visit.
      (isAlertList(url) ? await caches.match(url.pathname, { ignoreVary: true }) : undefined) ??
      (fallbackUrl && (await caches.match(fallbackUrl)));
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

// Same-origin hashed assets a page references (scripts, module preloads, styles).
function assetUrls(html) {
  const urls = new Set();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"?#]+)"/g)) urls.add(match[1]);
  return [...urls];
}

async function cacheAssets(urls) {
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url, { credentials: "same-origin" });
      if (response.ok) await cache.put(url, response);
    }),
  );
}

// Each page on its own: one failing fetch must not stop the others, nor the install. Fetched
// without cookies, so what is kept is the public page, never someone's signed-in view.
async function cacheEssentialPages() {
  const cache = await caches.open(ESSENTIAL_CACHE);
  await Promise.allSettled(
    ESSENTIAL_PAGES.map(async (path) => {
      const page = await fetch(path, { credentials: "omit" });
      if (!page.ok || page.redirected) return;
      const html = await page.clone().text();
      await cache.put(path, page);
      const data = await fetch(`${path}.data`, { credentials: "omit" });
      if (data.ok && !data.redirected) await cache.put(`${path}.data`, data);
      await cacheAssets(assetUrls(html)).catch(() => {});
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheEssentialPages());
});

// The page tells the worker which assets it loaded (including chunks imported on demand, such as
// the translations), so that a page opened offline can still start its scripts.
self.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || message.type !== "cache-assets" || !Array.isArray(message.urls)) return;
  const urls = message.urls
    .filter((url) => typeof url === "string")
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && url.pathname.startsWith("/assets/"))
    .map((url) => url.pathname)
    .slice(0, 200);
  event.waitUntil(cacheAssets(urls).catch(() => {}));
});

// Alerts by Web Push: the server sends the title and text already in the subscriber's language
// (app/features/alerts/delivery.server.ts), with the alert's page in that language. Shown as sent;
// a newer message about the same alert replaces the older one (the tag).
self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== "string") return;
  const url = new URL(typeof message.url === "string" ? message.url : "/alerts", self.location.origin);
  // Only this site's pages open from a notification.
  const target = url.origin === self.location.origin ? url.pathname + url.search : "/alerts";
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === "string" ? message.body : "",
      lang: message.lang === "es" ? "es" : "en",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      renotify: typeof message.tag === "string",
      icon: "/favicon.svg",
      data: { url: target },
    }),
  );
});

// Opens the alert's page: in a tab of this site already open if there is one, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/alerts", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin && "navigate" in client);
      if (open) return open.navigate(target).then((client) => (client ?? open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
