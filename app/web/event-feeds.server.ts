import { eventFiltersSchema } from "#app/features/events/forms";
import { env } from "#app/lib/env.server";
import { requestLanguage } from "#app/lib/i18n.server";
import { readSearchParams } from "#app/lib/search-params";
import { requestOrigin } from "#app/lib/seo";

/** What the upcoming-events feeds (calendar and RSS) are asked: the site's address, the language and the list's filters. */
export function eventFeedOptions(request: Request) {
  const { area, category } = readSearchParams(request, eventFiltersSchema.shape);
  return { origin: requestOrigin(request, env().SITE_URL), language: requestLanguage(request), area, category };
}
