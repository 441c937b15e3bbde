import { readRole } from "#app/domain/accounts/auth.server";
import { can } from "#app/lib/authorization";
import type { Language } from "#app/lib/i18n";
import { renderMarkdown } from "#app/lib/markdown.server";
import { sitePages } from "#app/lib/site-routes";

// Members' Markdown becomes sanitized HTML on the server (app/lib/markdown.server.ts, the guides'
// renderer). Links from authors the site does not vouch for carry rel="ugc nofollow".

export type TrustCheck = (authorIds: string[]) => Promise<Set<string>>;

/** Until trust levels exist, the authors the site vouches for are its admins. */
let trustedAmong: TrustCheck = async (authorIds) => {
  const trusted = new Set<string>();
  for (const id of new Set(authorIds)) if (can({ id, role: await readRole(id) }, "manage:forum:any")) trusted.add(id);
  return trusted;
};

export function setTrustCheck(check: TrustCheck) {
  trustedAmong = check;
}

/** Members link to pages, businesses and threads; a link to a page that does not exist stays text. */
function pathExists(path: string) {
  if (sitePages.some((page) => page.path === path)) return true;
  return /^\/(business|category|location|areas|forums\/post|forums\/category)\/[^/]+$/.test(path);
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
