import type { MetaDescriptor } from "react-router";
import type { Language } from "./i18n";
import { pageMeta } from "./seo";

export interface RootData {
  language: Language;
  origin: string;
  site: { siteName: string };
}

export interface PageHead {
  title: string;
  description: string;
  noindex?: boolean;
  image?: string;
}

/**
 * The meta function every page uses: its loader returns `head` (already translated on the
 * server), the root supplies the origin and the site name.
 */
export function metaFromHead(args: {
  data: { head?: PageHead } | undefined;
  location: { pathname: string };
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
}): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  const head = args.data?.head;
  if (!root || !head) return [{ title: root?.site.siteName ?? "Playa Hub" }];
  return pageMeta({
    ...head,
    pathname: args.location.pathname,
    origin: root.origin,
    language: root.language,
    siteName: root.site.siteName,
  });
}
