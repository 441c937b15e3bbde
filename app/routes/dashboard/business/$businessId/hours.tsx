import { useActionData } from "react-router";
import { BusinessTabs } from "#app/components/directory/business-tabs";
import { ClosuresManager, type EditActionData, HoursForm } from "#app/components/directory/edit-forms";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { editBusinessAction, loadEditableBusiness } from "../load-editable.server";
import type { Route } from "./+types/hours";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { t, editable, business } = await loadEditableBusiness(request, params.businessId);
  return {
    head: {
      title: t("directory:dashboard.hours.metaTitle", { name: editable.business.name }),
      description: t("directory:dashboard.hours.intro"),
      noindex: true,
    },
    business,
    hours: editable.hours,
    closures: editable.closures,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return editBusinessAction(request, params.businessId, ["hours", "closure-add", "closure-remove"]);
}

export default function BusinessHours({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const actionData = useActionData<typeof action>() as EditActionData;
  const { business } = loaderData;
  return (
    <div>
      <BusinessTabs id={business.id} slug={business.slug} name={business.name} status={business.status} />
      <h2 className="mt-6 text-xl font-semibold">{t("hours.title")}</h2>
      <div className="mt-3">
        <HoursForm hours={loaderData.hours} actionData={actionData} submitLabel={t("form.saveHours")} />
      </div>
      <ClosuresManager closures={loaderData.closures} actionData={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
