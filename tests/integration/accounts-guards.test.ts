import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { houseAds } from "#app/features/ads/schema";
import { addBusinessImage } from "#app/features/directory/images.server";
import { createDraftBusiness, setBusinessVerified } from "#app/features/directory/manage.server";
import { cancelOccurrence } from "#app/features/events/events.server";
import { messageThreads } from "#app/features/messages/schema";
import { can, type Permission, type StoredRole, type Actor as Viewer } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import type { ShellSection } from "#app/lib/shell-sections";
import { adminSections, dashboardSections } from "#app/manifests";
import { subscriptions } from "#app/platform/plans/schema";
import * as meSubscription from "#app/routes/api/v1/me/subscription";
import { createTestUser, signInCookie } from "#tests/factories/accounts";
import { createTestAd } from "#tests/factories/classifieds";
import { createForumCategory, createForumDiscussion } from "#tests/factories/community";
import { createTestEvent } from "#tests/factories/events";
import { getRequest, loadPage, postRequest, type RouteResult, run, testContext } from "#tests/factories/route-calls";

// The authorization matrix: every protected route × every kind of visitor × both languages. The
// expected answer is not written here per case: it is what app/lib/authorization.ts says the
// visitor's role may do, for the permission the areas' manifests (their dashboard and admin
// sections, assembled in app/manifests.ts) or the list below names. The rules: signed out → /auth (with
// redirectTo); signed in without the permission → /dashboard; someone else's business → 404.

type Who = "anonymous" | StoredRole;
const everyone: Who[] = ["anonymous", "user", "business_owner", "admin"];

type Outcome = "allowed" | "to-auth" | "to-dashboard" | "unauthorized" | "not-found" | "forbidden";

interface RouteModule {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
}

/** A protected route outside the two shells, with what it needs beyond being signed in. */
interface ProtectedRoute {
  file: string;
  /** English path; :slug is a verified business. */
  path: string;
  methods: ("GET" | "POST")[];
  permission: Permission;
  api?: boolean;
}

// What a per-business editor is sent: a real change for its owner (harmless: nothing to remove, the
// cover stays the cover), so the refusal for anyone else comes from the ownership rule, not from
// bad input.
const editorForms: Record<string, () => Record<string, string>> = {
  "dashboard-business-edit": () => ({ intent: "menu-delete", itemId: "00000000-0000-4000-8000-000000000000" }),
  "dashboard-business-hours": () => ({ intent: "closure-remove", itemId: "1" }),
  "dashboard-business-photos": () => ({ intent: "photo-cover", itemId: ownedBusiness.imageId }),
  // Business dashboard: deleting a dish that is not there; saving the landing page as is.
  "dashboard-menu": () => ({ intent: "menu-delete", itemId: "00000000-0000-4000-8000-000000000000" }),
  "dashboard-landing-page": () => ({ slug: ownedBusiness.slug }),
  // Events: cancelling a date that is already cancelled (a 409 for its organiser).
  "dashboard-event": () => ({ intent: "cancelDate", occurrenceId: ownedEvent.cancelledOccurrenceId }),
};

// Sections that work on one of the person's businesses named by `?business=`: checked
// against the business owner's listing, like the per-business editors.
const businessQuerySections = new Set([
  "dashboard-menu",
  "dashboard-analytics",
  "dashboard-analytics-export",
  "dashboard-landing-page",
  "dashboard-ads",
]);

// Protected routes that are not dashboard or admin sections. The coverage test below fails when a
// route module guards itself and is in neither registry nor this list.
const otherProtectedRoutes: ProtectedRoute[] = [
  { file: "routes/dashboard/layout.tsx", path: "/dashboard", methods: ["GET"], permission: "update:account:own" },
  { file: "routes/admin/layout.tsx", path: "/admin", methods: ["GET"], permission: "read:admin:any" },
  {
    file: "routes/_public/list-business.tsx",
    path: "/list-business",
    methods: ["POST"],
    permission: "create:business:any",
  },
  {
    file: "routes/_public/business/$slug/claim.tsx",
    path: "/business/:slug/claim",
    methods: ["GET", "POST"],
    permission: "create:claim:any",
  },
  {
    file: "routes/_public/business/$slug.tsx",
    path: "/business/:slug",
    methods: ["POST"],
    permission: "create:review:any",
  },
  {
    file: "routes/_public/beach-report.tsx",
    path: "/beach-report?beach=playa-flamingo",
    methods: ["POST"],
    permission: "post:beach-observation:any",
  },
  // Forums: starting a discussion, and every action on a discussion's page.
  {
    file: "routes/community/forums/new.tsx",
    path: "/forums/new",
    methods: ["GET", "POST"],
    permission: "create:forum-post:any",
  },
  {
    file: "routes/community/forums/post/$id.tsx",
    path: "/forums/post/:id",
    methods: ["POST"],
    permission: "create:forum-post:any",
  },
  { file: "routes/_public/groups.tsx", path: "/groups", methods: ["POST"], permission: "create:group:any" },
  // Classifieds: posting an ad, and writing to a seller from the ad's page.
  {
    file: "routes/_public/classifieds/new.tsx",
    path: "/classifieds/new",
    methods: ["POST"],
    permission: "create:classified:any",
  },
  {
    file: "routes/_public/classifieds/$slug.tsx",
    path: "/classifieds/:slug",
    methods: ["POST"],
    permission: "contact:classified:any",
  },
  // Events: adding one, and the RSVP forms on an event's page.
  {
    file: "routes/_public/events/new.tsx",
    path: "/events/new",
    methods: ["GET", "POST"],
    permission: "create:event:any",
  },
  { file: "routes/_public/events/$slug.tsx", path: "/events/:slug", methods: ["POST"], permission: "rsvp:event:any" },
  // Real estate: saving a search, listing a property, asking for the agent plan.
  { file: "routes/_public/real-estate.tsx", path: "/real-estate", methods: ["POST"], permission: "update:account:own" },
  {
    file: "routes/_public/real-estate/new.tsx",
    path: "/real-estate/new",
    methods: ["POST"],
    permission: "create:property:any",
  },
  {
    file: "routes/_public/real-estate/upgrade.tsx",
    path: "/real-estate/upgrade",
    methods: ["POST"],
    permission: "create:property:any",
  },
  {
    file: "routes/moderation/report.tsx",
    path: "/moderation/report",
    methods: ["POST"],
    permission: "report:content:any",
  },
  {
    file: "routes/api/v1/me/subscription.ts",
    path: "/api/v1/me/subscription",
    methods: ["GET"],
    permission: "read:subscription:own",
    api: true,
  },
];

let cookies: Record<Who, string | null>;
let viewers: Record<Who, Viewer | null>;
let ownedBusiness: { id: string; slug: string; ownerId: string; imageId: string };
let targetUserId: string;
let discussionId: string;
let adSlug: string;
let ownedEvent: { id: string; organizerId: string; cancelledOccurrenceId: string };
let ownedThreadId: string;
let ownedAdId: string;

beforeAll(async () => {
  clearRateLimitersForTests();
  const made = {
    user: await createTestUser(),
    business_owner: await createTestUser({ roles: ["business_owner"] }),
    admin: await createTestUser({ roles: ["admin"] }),
  };
  cookies = {
    anonymous: null,
    user: await signInCookie(made.user.email),
    business_owner: await signInCookie(made.business_owner.email),
    admin: await signInCookie(made.admin.email),
  };
  viewers = {
    anonymous: null,
    user: { id: made.user.id, role: "user" },
    business_owner: { id: made.business_owner.id, role: "business_owner" },
    admin: { id: made.admin.id, role: "admin" },
  };
  targetUserId = (await createTestUser()).id;
  // A listing the business owner owns: the editors' per-object rule is checked against it.
  const ownerActor = viewers.business_owner as Viewer;
  const draft = await createDraftBusiness({
    actor: ownerActor,
    basics: { name: "Matrix Cafe", category: "restaurant", area: "playa-flamingo", slug: "" },
  });
  await setBusinessVerified({ id: draft.id, actor: viewers.admin as Viewer, verified: true });
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
  const image = await addBusinessImage({
    id: draft.id,
    actor: ownerActor,
    bytes: new Uint8Array(jpeg),
    altEn: "",
    altEs: "",
  });
  ownedBusiness = { id: draft.id, slug: draft.slug, ownerId: made.business_owner.id, imageId: image.id };
  // Its own premium plan: the premium sections (analytics, landing page) open for its owner.
  await getDb()
    .insert(subscriptions)
    .values({ userId: made.business_owner.id, businessId: draft.id, planId: "premium" });
  const category = await createForumCategory();
  discussionId = (await createForumDiscussion({ author: viewers.admin as Viewer, categoryId: category.id })).id;
  adSlug = (await createTestAd({ authorId: targetUserId })).slug;
  // An event the business owner organises, with one date cancelled.
  const event = await createTestEvent({
    organizerId: made.business_owner.id,
    repeat: "weekly",
    repeatUntil: "2099-01-01",
  });
  await cancelOccurrence({ actor: ownerActor, occurrenceId: event.occurrences[0].id });
  // A visitor's message to the owner's listing: the inbox's per-object rule is checked against it.
  const [thread] = await getDb()
    .insert(messageThreads)
    .values({ businessId: draft.id, visitorName: "Vera", visitorEmail: "vera@example.test" })
    .returning({ id: messageThreads.id });
  ownedThreadId = thread.id;
  // An ad the owner wrote through the listing's plan: the ad pages' per-object rule is checked against it.
  const [ad] = await getDb()
    .insert(houseAds)
    .values({
      businessId: draft.id,
      headlineEn: "Matrix ad",
      headlineEs: "Anuncio de la matriz",
      targetUrl: "/directory",
      source: "plan",
      createdBy: made.business_owner.id,
    })
    .returning({ id: houseAds.id });
  ownedAdId = ad.id;
  ownedEvent = {
    id: event.event.id,
    organizerId: made.business_owner.id,
    cancelledOccurrenceId: event.occurrences[0].id,
  };
});

function paramsOf(pattern: string): Record<string, string> {
  const values: Record<string, string> = {
    userId: targetUserId,
    contactId: "emergency-911",
    slug: "government",
    businessId: ownedBusiness.id,
    eventId: ownedEvent.id,
    threadId: ownedThreadId,
    adId: ownedAdId,
  };
  const params: Record<string, string> = {};
  for (const [, name] of pattern.matchAll(/:([a-zA-Z]+)/g)) params[name] = values[name];
  return params;
}

function fill(pattern: string, params: Record<string, string>) {
  return pattern.replace(/:([a-zA-Z]+)/g, (_, name: string) => params[name]);
}

function classify(result: RouteResult, prefix: string): Outcome {
  if (result.status === 401) return "unauthorized";
  if (result.status === 403) return "forbidden";
  if (result.status === 404) return "not-found";
  if (result.status === 302 && result.location?.startsWith(`${prefix}/auth?redirectTo=`)) return "to-auth";
  if (result.status === 302 && result.location === `${prefix}/dashboard`) return "to-dashboard";
  if (result.status >= 500) throw new Error(`answered ${result.status}`);
  return "allowed";
}

interface Case {
  name: string;
  file: string;
  path: string;
  params: Record<string, string>;
  method: "GET" | "POST";
  fields?: () => Record<string, string>;
  api: boolean;
  expected: (who: Who) => Outcome;
}

/** What the permission table says each visitor gets from a route. */
function expectation(options: { permission?: Permission; ownerId?: string; api?: boolean }) {
  return (who: Who): Outcome => {
    const viewer = viewers[who];
    if (!viewer) return options.api ? "unauthorized" : "to-auth";
    if (options.permission && !can(viewer, options.permission, { ownerId: viewer.id }))
      return options.api ? "forbidden" : "to-dashboard";
    // A business someone may not edit looks the same as one that does not exist.
    if (options.ownerId !== undefined && !can(viewer, "update:business:own", { ownerId: options.ownerId }))
      return "not-found";
    return "allowed";
  };
}

function sectionCases(sections: ShellSection[]): Case[] {
  return sections.flatMap((section) => {
    const params = paramsOf(section.path);
    const byQuery = businessQuerySections.has(section.id);
    const expected = expectation({
      permission: section.permission,
      ownerId:
        "businessId" in params || "threadId" in params || "adId" in params || byQuery
          ? ownedBusiness.ownerId
          : "eventId" in params
            ? ownedEvent.organizerId
            : undefined,
    });
    const methods: ("GET" | "POST")[] = ["GET", "POST"];
    return methods.map((method) => ({
      name: `${section.id} ${method}`,
      file: section.file,
      path: fill(section.path, params) + (byQuery ? `?business=${ownedBusiness.id}` : ""),
      params,
      method,
      fields: editorForms[section.id],
      api: false,
      expected,
    }));
  });
}

function otherCases(): Case[] {
  return otherProtectedRoutes.flatMap((route) => {
    const params: Record<string, string> = route.path.startsWith("/classifieds/")
      ? { slug: adSlug }
      : route.path.includes(":slug")
        ? { slug: ownedBusiness.slug }
        : route.path.includes(":id")
          ? { id: discussionId }
          : {};
    return route.methods.map((method) => ({
      name: `${route.file} ${method}`,
      file: route.file,
      path: fill(route.path, params),
      params,
      method,
      api: Boolean(route.api),
      expected: expectation({ permission: route.permission, api: route.api }),
    }));
  });
}

async function loadModule(file: string): Promise<RouteModule> {
  return import(/* @vite-ignore */ path.resolve("app", file));
}

const groups: Record<string, () => Case[]> = {
  "dashboard sections": () => sectionCases(dashboardSections),
  "admin sections": () => sectionCases(adminSections),
  "other signed-in routes and the API": otherCases,
};

describe("authorization matrix", () => {
  for (const language of ["en", "es"] as const) {
    for (const [group, casesOf] of Object.entries(groups)) {
      // About a hundred loader and action calls each: sized for a loaded CI machine.
      it(`${group}: every route × every visitor answers as the permission table says (${language})`, {
        timeout: 120_000,
      }, async () => {
        const wrong: string[] = [];
        let checked = 0;
        for (const testCase of casesOf()) {
          const mod = await loadModule(testCase.file);
          const handler = testCase.method === "GET" ? mod.loader : mod.action;
          if (!handler) continue;
          for (const who of everyone) {
            const prefix = language === "es" && !testCase.api ? "/es" : "";
            const url = `${prefix}${testCase.path}`;
            const request =
              testCase.method === "POST"
                ? postRequest(url, testCase.fields?.() ?? {}, cookies[who])
                : getRequest(url, cookies[who]);
            const result = await run(() =>
              handler({ request, params: testCase.params, context: testContext() } as never),
            );
            const got = classify(result, prefix);
            const expected = testCase.expected(who);
            checked += 1;
            if (got !== expected)
              wrong.push(
                `${testCase.name} × ${who}: expected ${expected}, got ${got} (${result.status} ${result.location ?? ""})`,
              );
            if (expected === "to-auth" && got === "to-auth")
              expect(new URL(result.location ?? "", "http://x").searchParams.get("redirectTo")).toBe(url);
          }
        }
        expect(wrong).toEqual([]);
        expect(checked).toBeGreaterThanOrEqual(everyone.length * 3);
      });
    }
  }

  it("covers every route module that guards itself", () => {
    const covered = new Set(
      [...dashboardSections, ...adminSections, ...otherProtectedRoutes].map((route) => route.file),
    );
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return walk(full);
        return /\.(ts|tsx)$/.test(name) && !name.endsWith(".server.ts") ? [full] : [];
      });
    })("app/routes");
    // A payment provider's webhook refuses with 401 a request its secret does not prove: that
    // is the provider's proof, not a visitor's session, and no section of the table.
    const webhook = /\/api\/v1\/billing\/[a-z]+-webhook\.ts$/;
    const guarded = files
      .filter((file) => !webhook.test(file.split(path.sep).join("/")))
      .filter((file) => /\b(requireUser|requirePermission|signInPath)\(|status: 401/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative("app", file).split(path.sep).join("/"));
    expect(guarded.length).toBeGreaterThan(15);
    expect(guarded.filter((file) => !covered.has(file))).toEqual([]);
  });

  it("answers the subscription status in the API's field names", async () => {
    const result = await loadPage(meSubscription, "/api/v1/me/subscription", cookies.user);
    expect(result.data).toEqual({ subscribed: false, product_id: null, subscription_end: null });
    expect(result.headers.get("Cache-Control")).toContain("no-store");
  });
});
