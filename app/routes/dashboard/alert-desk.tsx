import { useActionData } from "react-router";
import { AlertDesk, type DeskActionData } from "#app/components/alerts/alert-desk";
import { metaFromHead } from "#app/lib/page-meta";
import type { TranslationsHandle } from "#app/lib/translations";
import { alertDeskAction, alertDeskLoader } from "#app/web/alert-desk.server";
import type { Route } from "./+types/alert-desk";

// /dashboard/alert-desk: the publishing desk for people granted post:alert:any for areas.
export const handle = { i18n: ["alerts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  return alertDeskLoader(request, "/dashboard/alert-desk");
}

export async function action({ request }: Route.ActionArgs) {
  return alertDeskAction(request, "/dashboard/alert-desk");
}

export default function DashboardAlertsPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData() as DeskActionData | undefined;
  return <AlertDesk data={loaderData} actionData={actionData} />;
}
