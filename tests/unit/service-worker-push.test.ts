import { readFileSync } from "node:fs";
import vm from "node:vm";
import { describe, expect, it, vi } from "vitest";

// public/sw.js's alert notifications, run in a sandbox with the parts of the worker's global it
// touches: a push shows the title and text the server sent in the subscriber's language, with the
// alert's tag; a click opens the alert's page (in a tab of the site already open if there is one),
// and never another site's.

const source = readFileSync("public/sw.js", "utf8");
const origin = "https://playahub.example";

type Listener = (event: unknown) => void;

function loadWorker(
  windows: { url: string; navigate: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> }[] = [],
) {
  const listeners = new Map<string, Listener[]>();
  const showNotification = vi.fn(async () => {});
  const openWindow = vi.fn(async () => null);
  const self = {
    location: new URL(`${origin}/sw.js`),
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow, claim: async () => {} },
    skipWaiting: async () => {},
  };
  vm.runInNewContext(source, {
    self,
    caches: {},
    fetch: async () => new Response(""),
    URL,
    Request,
    Response,
    console,
  });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    for (const listener of listeners.get(type) ?? [])
      listener({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  };
  return { dispatch, showNotification, openWindow };
}

const pushOf = (message: unknown) => ({ data: { json: () => message } });

describe("service worker: alert notifications", () => {
  it("shows the alert as the server wrote it, in the subscriber's language", async () => {
    const worker = loadWorker();
    await worker.dispatch(
      "push",
      pushOf({
        title: "Actualización: Marea roja",
        body: "Evite bañarse.",
        url: `${origin}/es/alerts/12`,
        tag: "alert-12",
        lang: "es",
      }),
    );
    expect(worker.showNotification).toHaveBeenCalledWith("Actualización: Marea roja", {
      body: "Evite bañarse.",
      lang: "es",
      tag: "alert-12",
      renotify: true,
      icon: "/favicon.svg",
      data: { url: "/es/alerts/12" },
    });
  });

  it("shows nothing for a message that is not an alert", async () => {
    const worker = loadWorker();
    await worker.dispatch("push", { data: { json: () => JSON.parse("not json") } });
    await worker.dispatch("push", pushOf({ body: "no title" }));
    expect(worker.showNotification).not.toHaveBeenCalled();
  });

  it("opens the alert's page on a click, in an open tab of the site when there is one", async () => {
    const worker = loadWorker();
    const close = vi.fn();
    await worker.dispatch("notificationclick", { notification: { close, data: { url: "/es/alerts/12" } } });
    expect(close).toHaveBeenCalled();
    expect(worker.openWindow).toHaveBeenCalledWith(`${origin}/es/alerts/12`);

    const tab = { url: `${origin}/directory`, navigate: vi.fn(async () => null), focus: vi.fn(async () => {}) };
    const withTab = loadWorker([tab]);
    await withTab.dispatch("notificationclick", { notification: { close, data: { url: "/alerts/12" } } });
    expect(tab.navigate).toHaveBeenCalledWith(`${origin}/alerts/12`);
    expect(tab.focus).toHaveBeenCalled();
    expect(withTab.openWindow).not.toHaveBeenCalled();
  });

  it("never opens another site from a notification", async () => {
    const worker = loadWorker();
    await worker.dispatch("push", pushOf({ title: "Alert", body: "", url: "https://evil.example/phish", lang: "en" }));
    expect(worker.showNotification).toHaveBeenCalledWith(
      "Alert",
      expect.objectContaining({ data: { url: "/alerts" } }),
    );
  });
});
