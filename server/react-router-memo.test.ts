import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteObject } from "react-router";
import { parseAst } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patchedFunctions, patchReactRouterModule } from "./react-router-memo";

const production = path.resolve("node_modules/react-router/dist/production");
const modules = readdirSync(production).filter((file) => file.endsWith(".mjs") && !file.includes("react-server"));

describe("react-router's server build, patched to remember route trees and matches", () => {
  it("finds every piece of code it patches in the installed react-router, and the result parses", () => {
    const applied: string[] = [];
    for (const file of modules) {
      const result = patchReactRouterModule(readFileSync(path.join(production, file), "utf8"));
      if (!result) continue;
      applied.push(...result.applied);
      expect(() => parseAst(result.code)).not.toThrow();
    }
    expect(applied.sort()).toEqual([...patchedFunctions].sort());
  });

  it("refuses to build against code that changed under a patch", () => {
    expect(() => patchReactRouterModule("function createStaticRouter(routes) { return routes; }")).toThrow(
      /react-router changed/,
    );
  });

  // The patched build itself, run: a copy under node_modules so its own imports resolve.
  const copy = path.resolve("node_modules/.cache/react-router-memo-test");
  type RouterModule = typeof import("react-router");
  let router: RouterModule;

  beforeAll(async () => {
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(copy, { recursive: true });
    cpSync(production, copy, { recursive: true });
    for (const file of modules) {
      const result = patchReactRouterModule(readFileSync(path.join(production, file), "utf8"));
      if (result) writeFileSync(path.join(copy, file), result.code);
    }
    router = (await import(/* @vite-ignore */ pathToFileURL(path.join(copy, "index.mjs")).href)) as RouterModule;
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "home", index: true, loader: () => "home" },
        { id: "item", path: "items/:id", loader: ({ params }) => params.id ?? null },
        { id: "es-item", path: "es/items/:id", loader: ({ params }) => params.id ?? null },
      ],
    },
  ];

  /** The static handler's context for a GET of `url` (the patched router, our route tree). */
  async function contextOf(handler: ReturnType<RouterModule["createStaticHandler"]>, url: string) {
    const context = await handler.query(new Request(`http://local${url}`));
    if (context instanceof Response) throw new Error("unexpected response");
    return context;
  }

  it("answers each request with its own params however often a path comes back", async () => {
    const handler = router.createStaticHandler(routes);
    const ask = (url: string) => contextOf(handler, url);
    const first = await ask("/items/1");
    const second = await ask("/items/2");
    const again = await ask("/items/1");
    const spanish = await ask("/es/items/3");
    expect(first.loaderData.item).toBe("1");
    expect(second.loaderData.item).toBe("2");
    expect(again.loaderData.item).toBe("1");
    expect(spanish.loaderData["es-item"]).toBe("3");
    expect(again.matches.at(-1)?.params).toEqual({ id: "1" });
    expect(again.matches).not.toBe(first.matches);
    expect(again.matches.at(-1)?.params).not.toBe(first.matches.at(-1)?.params);
    for (let i = 0; i < 2; i++) {
      const missing = await ask("/nowhere");
      expect(missing.statusCode).toBe(404);
    }
    expect((await ask("/")).loaderData.home).toBe("home");
  });

  it("builds the static router's data routes once per route tree, with each request's matches", async () => {
    const handler = router.createStaticHandler(routes);
    const one = router.createStaticRouter(handler.dataRoutes, await contextOf(handler, "/items/1"));
    const two = router.createStaticRouter(handler.dataRoutes, await contextOf(handler, "/items/2"));
    expect(two.routes).toBe(one.routes);
    expect(one.state.matches.at(-1)?.params).toEqual({ id: "1" });
    expect(two.state.matches.at(-1)?.params).toEqual({ id: "2" });
  });
});
