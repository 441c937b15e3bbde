import { GuideArticle } from "#app/components/guides/guide-article";
import { metaFromHead } from "#app/lib/page-meta";
import type { TranslationsHandle } from "#app/lib/translations";
import type { Route } from "./+types/guide";
import { loadGuide } from "./load-guide.server";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  return loadGuide(request, "guide");
}

export default function NewcomerGuidePage({ loaderData }: Route.ComponentProps) {
  return <GuideArticle page={loaderData.page} offline />;
}
