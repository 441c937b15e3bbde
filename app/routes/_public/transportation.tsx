import { ContactList } from "#app/components/guides/contact-list";
import { GuideArticle } from "#app/components/guides/guide-article";
import { metaFromHead } from "#app/lib/page-meta";
import type { TranslationsHandle } from "#app/lib/translations";
import type { Route } from "./+types/transportation";
import { loadGuideWithContacts } from "./load-guide.server";

export const handle = { i18n: ["guides"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  return loadGuideWithContacts(request, "transportation");
}

export default function TransportationPage({ loaderData }: Route.ComponentProps) {
  return (
    <GuideArticle page={loaderData.page} offline>
      <ContactList contacts={loaderData.contacts} groups={["transport"]} />
    </GuideArticle>
  );
}
