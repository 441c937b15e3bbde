import { useActionData } from "react-router";
import { AlertDesk, type DeskActionData } from "#app/components/alerts/alert-desk";
import { metaFromHead } from "#app/lib/page-meta";
import type { TranslationsHandle } from "#app/lib/translations";
import { alertDeskAction, alertDeskLoader } from "#app/web/alert-desk.server";
import type { Route } from "./+types/alerts";

// /admin/alerts: the publishing desk for administrators (who may post for every area).
export const handle = { i18n: ["alerts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  return alertDeskLoader(request, "/admin/alerts");
}

export async function action({ request }: Route.ActionArgs) {
  return alertDeskAction(request, "/admin/alerts");
}

export default function AdminAlertsPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData() as DeskActionData | undefined;
  return <AlertDesk data={loaderData} actionData={actionData} />;
}
