import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { renderConcurrency } from "./render-concurrency";
import { createRequestHandler, type RouterHandler } from "./request-handler";

// A router that answers only when told to, counting how many requests it holds at once.
function gatedRouter() {
  const held: (() => void)[] = [];
  const state = { running: 0, most: 0 };
  const handler: RouterHandler = async (request) => {
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    await new Promise<void>((resolve) => held.push(resolve));
    state.running -= 1;
    return new Response(`${request.method} ${new URL(request.url).pathname}`);
  };
  return { handler, held, state };
}

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(handler: RouterHandler, limit: number) {
  const app = express();
  app.use(
    createRequestHandler({
      handler,
      getLoadContext: () => ({}),
      limitRenders: renderConcurrency(limit),
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe("pages rendered outside the response cache", () => {
  it("are rendered a few at a time; the rest wait their turn and are all answered", async () => {
    const router = gatedRouter();
    const url = await serve(router.handler, 2);
    const answers = Array.from({ length: 6 }, (_, index) => fetch(`${url}/page-${index}`).then((r) => r.text()));
    await until(() => router.held.length === 2);
    // Let each held render finish; a waiting one takes its place, never more than two at once.
    for (let released = 0; released < 6; released++) {
      await until(() => router.held.length > 0);
      router.held.shift()?.();
    }
    expect((await Promise.all(answers)).sort()).toEqual([0, 1, 2, 3, 4, 5].map((index) => `GET /page-${index}`).sort());
    expect(router.state.most).toBe(2);
  });

  it("do not hold back form posts, which may wait on another service", async () => {
    const router = gatedRouter();
    const url = await serve(router.handler, 1);
    const page = fetch(`${url}/page`).then((r) => r.text());
    await until(() => router.held.length === 1);
    const post = fetch(`${url}/chat`, { method: "POST", body: "question=hola" }).then((r) => r.text());
    await until(() => router.held.length === 2);
    expect(router.state.most).toBe(2);
    for (const release of router.held.splice(0)) release();
    expect(await Promise.all([page, post])).toEqual(["GET /page", "POST /chat"]);
  });
});
