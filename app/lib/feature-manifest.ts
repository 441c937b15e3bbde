// What an area declares about itself for the whole site: one manifest.ts per area (a feature, a
// platform area that owns pages, or a composition such as the concierge), listed in order in
// app/manifests.ts, which assembles the site-wide lists from them: the public pages (header, footer,
// home page, sitemaps), the dashboard and admin sections, the other routes, the toast names, the
// permissions each role holds, the content kinds the response cache watches and the kinds of item
// people can report.
// Adding an area is its folder and one line there; no central list names another area's entries.
//
// A manifest.ts is read at build time by app/routes.ts and in the browser (header, footer, shells):
// it imports only this file and types, never `.server` code. What needs server code (the adapters
// of its moderated kinds, background jobs) goes in the area's manifest.server.ts (`ServerManifest`),
// listed in app/compose/features.server.ts.

import type { PermissionDeclaration } from "./authorization";
import type { Db } from "./db.server";
import type { ShellSection } from "./shell-sections";
import type { SitePage } from "./site-routes";

/**
 * A route other than a public page or a shell section: a dynamic page, a resource, an API route, a
 * redirect. `path` is the English path with its leading slash ("/business/:slug", "/*").
 */
export type RouteDeclaration =
  | {
      /** One route for both languages: English at `path`, Spanish at "/es" + path. */
      localized: true;
      /** Route id (required: one module serves both languages). */
      id: string;
      path: string;
      /** Route module, relative to app/. */
      file: string;
    }
  | {
      /** One route at `path` only (an API route, a file such as robots.txt, a webhook). */
      localized: false;
      /** Route id; without one the router names the route after its file. */
      id?: string;
      path: string;
      file: string;
    };

/** A page people read, in both languages (English at `path`, Spanish under /es). */
export function localizedRoute(path: string, file: string, id: string): RouteDeclaration {
  return { localized: true, id, path, file };
}

/** A route at one path only: APIs, webhooks, files. */
export function singleRoute(path: string, file: string): RouteDeclaration {
  return { localized: false, path, file };
}

export interface FeatureManifest<Toast extends string = string> {
  /** The area's name, as its folder ("directory", "accounts", "concierge"). */
  id: string;
  /** Translation namespaces the area owns: app/locales/{en,es}/<namespace>.json, each owned by one area. */
  namespaces: readonly string[];
  /** Public pages: a route in both languages, and the header, footer, home page and sitemap entries. */
  pages: readonly SitePage[];
  /** Its other routes. */
  routes: readonly RouteDeclaration[];
  /** Sections of /dashboard (routes in both languages and a side navigation link). */
  dashboardSections: readonly ShellSection[];
  /** Sections of /admin, each with the permission its page needs. */
  adminSections: readonly ShellSection[];
  /** Toast names its actions leave for the next page (text: common `toast.messages.<name>`). */
  toasts: readonly Toast[];
  /**
   * The permissions the area owns and the roles that hold them (app/lib/authorization.ts). Their
   * names join the Permission type through the area's augmentation of PermissionRegistry.
   */
  permissions: PermissionDeclaration;
  /**
   * The kinds of public content the area owns (app/lib/response-cache/content-kinds.ts): its writes
   * bump them and its pages' cache policies name them. The names join the ContentKind type through
   * the area's augmentation of ContentKindRegistry.
   */
  contentKinds: readonly string[];
  /**
   * The kinds of item the area submits to moderation (app/platform/moderation/kinds.ts; its adapters
   * are in its manifest.server.ts). The names join the ModeratedKind type through the area's
   * augmentation of ModeratedKindRegistry.
   */
  moderatedKinds: readonly string[];
}

/** The names a manifest lists, as the record an area's augmentation of a registry interface extends. */
export type DeclaredNames<Names extends readonly string[]> = Record<Names[number], true>;

type ManifestInput<Toast extends string> = Pick<FeatureManifest<Toast>, "id" | "namespaces"> &
  Partial<Omit<FeatureManifest<Toast>, "id" | "namespaces">>;

/** An area's manifest, with empty lists for what it leaves out; keeps its toast names as literal types. */
export function defineManifest<const Toast extends string = never>(
  manifest: ManifestInput<Toast>,
): FeatureManifest<Toast> {
  return {
    pages: [],
    routes: [],
    dashboardSections: [],
    adminSections: [],
    toasts: [],
    permissions: {},
    contentKinds: [],
    moderatedKinds: [],
    ...manifest,
  };
}

/** A timer an area runs in the server process (a worker, a periodic job, a buffer of counters). */
export interface BackgroundJob {
  /** What it does, for a reader and a failure message. */
  name: string;
  /** Starts it once the database is open (the server's bootstrap). */
  start?: () => void;
  /** Stops it at shutdown. */
  stop?: () => void;
  /**
   * Writes what it holds (buffered counts) at shutdown: after every job and the content-version
   * polling stopped, before the database closes.
   */
  flush?: () => Promise<void>;
}

/**
 * A step of the demo content (`npm run db:seed`, and an empty database at the server's start). Steps
 * run by `order`, lowest first, because some build on others (listings need their owners' accounts,
 * demo covers need the listings). Each is idempotent and marks its rows as demo rows.
 */
export interface SeedStep {
  name: string;
  order: number;
  run: (db: Db) => Promise<void>;
}

/**
 * What an area hands the server process: the adapters moderation's registry reaches its moderated
 * kinds through (one per kind its manifest.ts declares), its background jobs and its demo content.
 * The adapter type comes from the moderation platform (app/lib cannot name it), so it is a
 * parameter here.
 */
export interface ServerManifest<ModeratedKindAdapter> {
  /** The id of the area's manifest.ts. */
  id: string;
  moderationAdapters?: readonly ModeratedKindAdapter[];
  jobs?: readonly BackgroundJob[];
  seed?: readonly SeedStep[];
}
