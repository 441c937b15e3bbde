import { useActionData } from "react-router";
import { BusinessTabs } from "#app/components/directory/business-tabs";
import { type EditActionData, PhotoManager } from "#app/components/directory/edit-forms";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import type { TranslationsHandle } from "#app/lib/translations";
import { editBusinessAction, loadEditableBusiness } from "../load-editable.server";
import type { Route } from "./+types/photos";

// Photos are posted here (multipart): the larger upload body limit applies.
export const handle = { i18n: ["directory"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { t, editable, business } = await loadEditableBusiness(request, params.businessId);
  return {
    head: {
      title: t("directory:dashboard.photos.metaTitle", { name: editable.business.name }),
      description: t("directory:form.photosTitle"),
      noindex: true,
    },
    business,
    images: editable.images,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return editBusinessAction(request, params.businessId, ["photo-upload", "photo-delete", "photo-cover"]);
}

export default function BusinessPhotos({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>() as EditActionData;
  const { business } = loaderData;
  return (
    <div>
      <BusinessTabs id={business.id} slug={business.slug} name={business.name} status={business.status} />
      <div className="mt-6">
        <PhotoManager images={loaderData.images} actionData={actionData} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
