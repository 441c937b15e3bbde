import type { Language } from "#app/lib/i18n";
import { renderMarkdown } from "#app/lib/markdown.server";
import { registeredSitePages } from "#app/lib/site-routes";
import { trustLevelOf } from "#app/platform/moderation/moderation.server";

// Members' Markdown becomes sanitized HTML on the server (app/lib/markdown.server.ts, the guides'
// renderer). Links from authors who are not trusted yet (docs/moderation.md: trust levels) carry
// rel="ugc nofollow"; demo posts and former members' posts count as not trusted.

/** Members link to pages, businesses and threads; a link to a page that does not exist stays text. */
function pathExists(path: string) {
  if (registeredSitePages().some((page) => page.path === path)) return true;
  return /^\/(business|category|location|areas|forums\/post|forums\/category)\/[^/]+$/.test(path);
}

async function trustedAmong(authorIds: string[]) {
  const trusted = new Set<string>();
  for (const userId of new Set(authorIds)) if ((await trustLevelOf({ userId })) === "trusted") trusted.add(userId);
  return trusted;
}

/** Renders every body in `items`, each with nofollow links unless its author is trusted. */
export async function renderPosts<T extends { body: string; authorId: string | null }>(
  items: T[],
  language: Language,
): Promise<(T & { html: string })[]> {
  const trusted = await trustedAmong(items.flatMap((item) => item.authorId ?? []));
  return items.map((item) => ({
    ...item,
    html: item.body
      ? renderMarkdown(item.body, {
          language,
          ugc: !(item.authorId && trusted.has(item.authorId)),
          pathExists,
        })
      : "",
  }));
}
