import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routeTable } from "./route-table";

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

function route(id: string, parentId: string | undefined, extra: Partial<BuildRoute> = {}): BuildRoute {
  return { id, parentId, module: { default: () => null }, ...extra } as BuildRoute;
}

const build = {
  routes: {
    root: route("root", undefined, { path: "" }),
    home: route("home", "root", { index: true }),
    business: route("business", "root", { path: "business/:slug", module: { loader: () => null } as never }),
    businessEs: route("businessEs", "root", { path: "es/business/:slug" }),
    splat: route("splat", "root", { path: "*" }),
  },
};

describe("route table", () => {
  const table = routeTable(build);

  it("answers the leaf route's pattern, for documents and single-fetch data requests", () => {
    expect(table.match("/business/casa-azul")?.pattern).toBe("/business/:slug");
    expect(table.match("/business/casa-azul.data")?.pattern).toBe("/business/:slug");
    expect(table.match("/es/business/casa-azul")?.pattern).toBe("/es/business/:slug");
    expect(table.match("/_root.data")?.id).toBe("home");
    expect(table.match("/nowhere/at/all")?.pattern).toBe("/*");
  });

  it("gives the same answer for a path it has seen, however many other paths came between", () => {
    const first = table.match("/business/remembered");
    for (let i = 0; i < 5000; i += 1) table.match(`/invented/${i}`);
    expect(table.match("/business/remembered")).toBe(first);
    expect(table.match("/business/remembered")?.hasLoader).toBe(true);
    expect(table.match("/invented/4999")?.pattern).toBe("/*");
  });

  it("is built once per server build", () => {
    expect(routeTable(build)).toBe(table);
  });
});
