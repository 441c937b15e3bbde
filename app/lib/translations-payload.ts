import type { Catalog, Dictionaries, Dictionary } from "./translations";

// Composing the page's translations JSON is the server's work (TranslationsScript); kept out of
// translations.tsx so the browser, which repeats what it was served, does not load it.

/** Subtrees of every namespace that every page embeds: the site shell's navigation labels. */
const sharedSubtrees = ["nav"];

/**
 * The JSON embedded in the page: the catalog's language's dictionaries of the declared namespaces
 * (whole, or one subtree for "ns:subtree"), plus every namespace's shared subtrees.
 */
export function cataloguePayload(catalog: Catalog, declared: Iterable<string>): string {
  if (catalog.servedPayload !== undefined) return catalog.servedPayload;
  // The server's catalogs never change, and a route always declares the same namespaces: the
  // JSON is composed once per language and route instead of on every render.
  const namespaces = [...declared];
  const key = namespaces.join(",");
  let composed = payloads.get(catalog);
  if (!composed) {
    composed = new Map();
    payloads.set(catalog, composed);
  }
  let payload = composed.get(key);
  if (payload === undefined) {
    payload = compose(catalog, namespaces);
    composed.set(key, payload);
  }
  return payload;
}

const payloads = new WeakMap<Catalog, Map<string, string>>();

function compose(catalog: Catalog, declared: string[]): string {
  const whole = new Set<string>();
  const subtrees = new Map<string, Set<string>>();
  for (const entry of declared) {
    const [namespace, subtree] = entry.split(":");
    if (subtree) subtrees.set(namespace, (subtrees.get(namespace) ?? new Set()).add(subtree));
    else whole.add(namespace);
  }
  const picked: Dictionaries = {};
  for (const namespace of Object.keys(catalog.dictionaries).sort()) {
    const dictionary = catalog.dictionaries[namespace];
    if (whole.has(namespace)) {
      picked[namespace] = dictionary;
      continue;
    }
    const part: Dictionary = {};
    for (const key of [...sharedSubtrees, ...(subtrees.get(namespace) ?? [])]) {
      if (dictionary[key] !== undefined) part[key] = dictionary[key];
    }
    if (Object.keys(part).length) picked[namespace] = part;
  }
  const complete = [...whole].filter((namespace) => namespace in picked).sort();
  // "<" escaped so no text in a dictionary can close the script element.
  return JSON.stringify({ language: catalog.language, complete, dictionaries: picked }).replace(/</g, "\\u003c");
}
