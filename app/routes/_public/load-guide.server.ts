import { getGuidePage, listPublicContacts } from "#app/features/guides/guides.server";
import type { GuideSlug } from "#app/features/guides/pages";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";

/** The loader every guide page shares: the page in the URL's language and its head, translated on the server. */
export async function loadGuide(request: Request, slug: GuideSlug) {
  const { language } = await getRequestTranslator(request);
  const page = await orAppError(language, () => getGuidePage({ slug, language }));
  return { head: { title: page.title, description: page.summary }, page };
}

/** A guide page and the contacts listed on it (and on `alsoFrom`, e.g. hospitals on /emergency). */
export async function loadGuideWithContacts(request: Request, slug: GuideSlug, alsoFrom: GuideSlug[] = []) {
  const { language } = await getRequestTranslator(request);
  const [loaded, ...contactLists] = await Promise.all([
    loadGuide(request, slug),
    ...[slug, ...alsoFrom].map((pageSlug) => listPublicContacts({ language, pageSlug })),
  ]);
  return { ...loaded, contacts: contactLists.flat() };
}
