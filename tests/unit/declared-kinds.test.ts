import { describe, expect, it, vi } from "vitest";

// The content kinds (what a write bumps so cached pages expire) and the moderated kinds (what people
// can report) are declared by the areas that own them, in their manifests, and registered by
// app/manifests.ts. These lists are what the central lists held before they moved: the assembled
// sets must stay exactly these, or a write would bump a kind no page watches (or the reverse) and
// a report form would refuse a kind it accepted.
const contentKindsBefore = [
  "site",
  "businesses",
  "reviews",
  "guides",
  "beach",
  "forums",
  "groups",
  "classifieds",
  "events",
  "properties",
  "ads",
  "alerts",
];
const moderatedKindsBefore = ["review", "forum_post", "forum_reply", "group", "classified", "event", "property"];

const sorted = (list: readonly string[]) => [...list].sort();

/** A fresh copy of the project's modules, with nothing registered until the manifests load. */
async function freshModules() {
  vi.resetModules();
  return {
    contentKinds: await import("#app/lib/response-cache/content-kinds"),
    moderatedKinds: await import("#app/platform/moderation/kinds"),
  };
}

async function withManifests() {
  const modules = await freshModules();
  await import("#app/manifests");
  return modules;
}

describe("content kinds", () => {
  it("are the kinds the central list held, one area declaring each", async () => {
    const { contentKinds } = await withManifests();
    const { manifests } = await import("#app/manifests");
    expect(sorted(contentKinds.knownContentKinds())).toEqual(sorted(contentKindsBefore));
    const owners = Object.fromEntries(manifests.flatMap((m) => m.contentKinds.map((kind) => [kind, m.id])));
    expect(owners).toEqual({
      site: "site",
      businesses: "directory",
      reviews: "directory",
      forums: "community",
      beach: "beach",
      alerts: "alerts",
      groups: "groups",
      events: "events",
      classifieds: "classifieds",
      properties: "realestate",
      ads: "ads",
      guides: "guides",
    });
  });

  it("throw when read before the manifests registered them, rather than being empty", async () => {
    const { contentKinds } = await freshModules();
    expect(() => contentKinds.knownContentKinds()).toThrow(/before the areas' manifests were loaded/);
    expect(() => contentKinds.isContentKind("businesses")).toThrow(/before the areas' manifests were loaded/);
    const { combineRoutePolicies } = await import("#app/lib/response-cache/cache.server");
    expect(() => combineRoutePolicies([undefined])).toThrow(/before the areas' manifests were loaded/);
  });

  it("are read by the server's response cache as it is built, so a process without them fails at start", async () => {
    await freshModules();
    const { responseCache } = await import("#root/server/response-cache");
    const options = {
      handler: async () => new Response("never rendered"),
      getLoadContext: () => ({ cspNonce: "n" }),
      maxBytes: 1024,
    };
    expect(() => responseCache(options)).toThrow(/before the areas' manifests were loaded/);
    await import("#app/manifests");
    expect(() => responseCache(options)).not.toThrow();
  });

  it("refuse a kind declared twice, and keep what was registered", async () => {
    const { contentKinds } = await withManifests();
    expect(() => contentKinds.registerContentKinds([["forums"], ["ads", "forums"]])).toThrow(
      "the content kind forums is declared twice",
    );
    expect(() => contentKinds.registerContentKinds([["ads", "ads"]])).toThrow("the content kind ads is declared twice");
    expect(sorted(contentKinds.knownContentKinds())).toEqual(sorted(contentKindsBefore));
  });

  it("cannot be bumped or watched unless an area declares them", async () => {
    await withManifests();
    const { bumpContentVersion } = await import("#app/lib/response-cache/versions.server");
    const { combineRoutePolicies } = await import("#app/lib/response-cache/cache.server");
    const insert = vi.fn();
    const tx = { insert } as unknown as Parameters<typeof bumpContentVersion>[0];
    // @ts-expect-error "business" is not a declared kind ("businesses" is): it fails to compile too
    await expect(bumpContentVersion(tx, "forums", "business")).rejects.toThrow(
      "no area declares the content kind business",
    );
    expect(insert).not.toHaveBeenCalled();
    // @ts-expect-error as above
    expect(() => combineRoutePolicies([{ kinds: ["event"] }])).toThrow("no area declares the content kind event");
    expect(combineRoutePolicies([{ kinds: ["events"] }]).kinds).toEqual(["events"]);
    expect(sorted(combineRoutePolicies([undefined]).kinds)).toEqual(sorted(contentKindsBefore));
  });
});

describe("moderated kinds", () => {
  it("are the kinds the central list held", async () => {
    const { moderatedKinds } = await withManifests();
    const { manifests } = await import("#app/manifests");
    expect(sorted(moderatedKinds.knownModeratedKinds())).toEqual(sorted(moderatedKindsBefore));
    expect(manifests.filter((m) => m.moderatedKinds.length > 0).map((m) => [m.id, m.moderatedKinds])).toEqual([
      ["directory", ["review"]],
      ["community", ["forum_post", "forum_reply"]],
      ["groups", ["group"]],
      ["events", ["event"]],
      ["classifieds", ["classified"]],
      ["realestate", ["property"]],
    ]);
    // The moderation core's own manifest declares none: it names no area's kind.
    expect(manifests.find((m) => m.id === "moderation")?.moderatedKinds).toEqual([]);
  });

  it("throw when read before the manifests registered them", async () => {
    const { moderatedKinds } = await freshModules();
    expect(() => moderatedKinds.knownModeratedKinds()).toThrow(/before the areas' manifests were loaded/);
    expect(() => moderatedKinds.isModeratedKind("review")).toThrow(/before the areas' manifests were loaded/);
    const { reportSchema } = await import("#app/platform/moderation/forms");
    expect(() => reportSchema.safeParse({ kind: "review", itemId: "r1", reason: "spam" })).toThrow(
      /before the areas' manifests were loaded/,
    );
  });

  it("refuse a kind declared twice, and keep what was registered", async () => {
    const { moderatedKinds } = await withManifests();
    expect(() => moderatedKinds.registerModeratedKinds([["review"], ["group", "review"]])).toThrow(
      "the moderated kind review is declared twice",
    );
    expect(sorted(moderatedKinds.knownModeratedKinds())).toEqual(sorted(moderatedKindsBefore));
  });

  it("the report and decision forms accept exactly the declared kinds, with the same message as before", async () => {
    await withManifests();
    const { reportSchema, decisionSchema } = await import("#app/platform/moderation/forms");
    for (const kind of moderatedKindsBefore) {
      expect(reportSchema.safeParse({ kind, itemId: "r1", reason: "spam" }).success, kind).toBe(true);
      expect(decisionSchema.safeParse({ kind, itemId: "r1", decision: "approve" }).success, kind).toBe(true);
    }
    for (const kind of ["reviews", "business", "", 7, undefined]) {
      const report = reportSchema.safeParse({ kind, itemId: "r1", reason: "spam" });
      expect(report.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["kind", "moderation:errors.notFound"],
      ]);
      const decision = decisionSchema.safeParse({ kind, itemId: "r1", decision: "approve" });
      expect(decision.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["kind", "moderation:errors.notFound"],
      ]);
    }
  });

  it("moderation's registry takes one adapter per declared kind, and none for another", async () => {
    await withManifests();
    const { registerModerationAdapters, registeredAdapters } = await import("#app/platform/moderation/registry.server");
    const adapter = (kind: string) => ({ kind }) as unknown as Parameters<typeof registerModerationAdapters>[0][number];
    expect(() => registerModerationAdapters([adapter("review"), adapter("listing")])).toThrow(
      "no area's manifest declares the moderated kind listing",
    );
    expect(() => registerModerationAdapters([adapter("review"), adapter("review")])).toThrow(
      "the moderated kind review has two adapters",
    );
    expect(() => registeredAdapters()).toThrow(/No moderated kinds are registered/);
    registerModerationAdapters([adapter("review"), adapter("group")]);
    expect(registeredAdapters().map((registered) => registered.kind)).toEqual(["review", "group"]);
  });
});
