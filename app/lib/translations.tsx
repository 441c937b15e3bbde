import { createContext, useContext, useMemo } from "react";
import { useMatches } from "react-router";
import type { Language } from "./i18n";
import { cataloguePayload } from "./translations-payload";

// Components translate through this small catalog instead of react-i18next + i18next (18 KB of
// gzip JavaScript on every page). It implements the subset of i18next the components use, with
// i18next's results (a unit test compares the two over every key): "ns:key" and { ns }, nested keys,
// {{value}} interpolation, count plurals (key_one, key_other … by Intl.PluralRules) and defaultValue.
// Loaders, actions and meta keep using i18next on the server (app/lib/i18n.server.ts).
//
// The browser gets only its language and only the namespaces the matched routes declare in
// `handle.i18n` (plus "common", and the `nav` labels of every namespace, which the site shell
// shows), embedded in the page (see <TranslationsScript />), so hydration needs no extra request.
// A route may declare a single subtree ("guides:home") instead of a whole namespace. A namespace a
// later client-side navigation needs is fetched then; a component that needs a key not loaded yet
// suspends until its namespace arrives.

export type Dictionary = { [key: string]: unknown };
export type Dictionaries = Record<string, Dictionary>;
export type TranslateOptions = { [key: string]: unknown; count?: number; ns?: string; defaultValue?: string };
export type Translate = (key: string, options?: TranslateOptions) => string;
export type Namespace =
  | "common"
  | "accounts"
  | "beach"
  | "classifieds"
  | "community"
  | "directory"
  | "events"
  | "groups"
  | "realestate"
  | "billing"
  | "concierge"
  | "guides"
  | "moderation"
  | "owner"
  | "bookings"
  | "messages"
  | "ads"
  | "alerts";

/** What a route module may export as `handle` to declare the namespaces its page renders. */
export type TranslationsHandle = { i18n?: readonly (Namespace | `${Namespace}:${string}`)[] };

/** Subtrees of every namespace that every page embeds: the site shell's navigation labels. */
export const translationsElementId = "translations";
const interpolation = /\{\{(.+?)\}\}/g;

export class Catalog {
  private readonly pending = new Map<string, Promise<void>>();
  /** Per namespace, what each key path resolved to: a page asks for the same keys on every render. */
  private readonly resolved = new Map<string, Map<string, unknown>>();
  private readonly plurals: Intl.PluralRules;
  /** Namespaces held whole; the others hold only some subtrees (or nothing). */
  private readonly complete: Set<string>;

  constructor(
    readonly language: Language,
    readonly dictionaries: Dictionaries,
    /** Fetches a namespace this catalog does not hold yet (the browser); absent on the server. */
    private readonly load?: (namespace: string) => Promise<Dictionary>,
    /** The exact JSON the page was served with, so hydration renders the same script element. */
    readonly servedPayload?: string,
    complete: Iterable<string> = Object.keys(dictionaries),
  ) {
    this.plurals = new Intl.PluralRules(language);
    this.complete = new Set(complete);
  }

  has(namespace: string): boolean {
    return this.complete.has(namespace);
  }

  /** Resolves when the whole namespace is loaded (null when it already is). */
  ensure(namespace: string): Promise<void> | null {
    if (this.has(namespace)) return null;
    if (!this.load) throw new Error(`translation namespace "${namespace}" is not available`);
    let promise = this.pending.get(namespace);
    if (!promise) {
      promise = this.load(namespace).then((dictionary) => {
        this.dictionaries[namespace] = dictionary;
        this.resolved.delete(namespace);
        this.complete.add(namespace);
      });
      this.pending.set(namespace, promise);
    }
    return promise;
  }

  translator(defaultNamespace: string): Translate {
    return (key, options) => {
      let namespace = options?.ns ?? defaultNamespace;
      let path = key;
      const colon = key.indexOf(":");
      if (colon > 0) {
        namespace = key.slice(0, colon);
        path = key.slice(colon + 1);
      }
      let text: unknown;
      if (typeof options?.count === "number") {
        const count = options.count;
        if (count === 0) text = this.find(namespace, `${path}_zero`);
        text ??= this.find(namespace, `${path}_${this.plurals.select(count)}`);
      }
      text ??= this.find(namespace, path);
      if (typeof text !== "string") {
        // Rendering suspends until the whole namespace arrives (a route whose `handle.i18n` is
        // missing a namespace, or a client-side navigation to a page that needs another one).
        const loading = this.ensure(namespace);
        if (loading) throw loading;
        text = options?.defaultValue ?? path;
      }
      return interpolate(text as string, options);
    };
  }

  private find(namespace: string, path: string): unknown {
    let known = this.resolved.get(namespace);
    if (!known) {
      known = new Map();
      this.resolved.set(namespace, known);
    }
    if (known.has(path)) return known.get(path);
    const value = lookup(this.dictionaries[namespace], path);
    known.set(path, value);
    return value;
  }
}

function lookup(dictionary: Dictionary | undefined, path: string): unknown {
  if (!dictionary) return undefined;
  if (path in dictionary) return dictionary[path];
  let node: unknown = dictionary;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Dictionary)[part];
  }
  return node;
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!text.includes("{{")) return text;
  return text.replace(interpolation, (placeholder, name: string) => {
    const variable = name.trim();
    const value = lookup(options, variable);
    if (value === undefined) return options && Object.hasOwn(options, variable) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}

const CatalogContext = createContext<Catalog | null>(null);
export const TranslationsProvider = CatalogContext.Provider;

function useCatalog(): Catalog {
  const catalog = useContext(CatalogContext);
  if (!catalog) throw new Error("useTranslation needs a TranslationsProvider");
  return catalog;
}

/** `const { t } = useTranslation("directory")`, as with react-i18next. */
export function useTranslation(namespace: Namespace = "common"): { t: Translate; language: Language } {
  const catalog = useCatalog();
  const t = useMemo(() => catalog.translator(namespace), [catalog, namespace]);
  return { t, language: catalog.language };
}

/** What the matched routes declare, plus "common" (the site shell's). */
export function useDeclaredNamespaces(): string[] {
  const matches = useMatches();
  const namespaces = new Set<string>(["common"]);
  for (const match of matches) {
    const declared = (match.handle as TranslationsHandle | undefined)?.i18n;
    for (const namespace of declared ?? []) namespaces.add(namespace);
  }
  return [...namespaces];
}

/**
 * The page's translations as JSON, for the browser to hydrate with. Not executable (type
 * application/json), so the content security policy does not need to allow it.
 */
export function TranslationsScript() {
  const catalog = useCatalog();
  const namespaces = useDeclaredNamespaces();
  return (
    <script
      id={translationsElementId}
      type="application/json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own dictionaries, "<" escaped
      dangerouslySetInnerHTML={{
        // The browser repeats the JSON it was served; only the server composes it (and ships the code).
        __html: import.meta.env.SSR ? cataloguePayload(catalog, namespaces) : (catalog.servedPayload ?? ""),
      }}
    />
  );
}
