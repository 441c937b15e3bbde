import { GuideArticle } from "#app/components/guides/guide-article";
import { metaFromHead } from "#app/lib/page-meta";
import type { TranslationsHandle } from "#app/lib/translations";
import type { Route } from "./+types/guidelines";
import { loadGuide } from "./load-guide.server";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  return loadGuide(request, "guidelines");
}

export default function GuidelinesPage({ loaderData }: Route.ComponentProps) {
  return <GuideArticle page={loaderData.page} />;
}
