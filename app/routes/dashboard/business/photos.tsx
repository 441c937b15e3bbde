import { data, useActionData } from "react-router";
import { BusinessTabs } from "#app/components/directory/business-tabs";
import { type EditActionData, PhotoManager } from "#app/components/directory/edit-forms";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { isUuid } from "#app/domain/directory/constants";
import { applyOfferedEditIntent } from "#app/domain/directory/edit-forms.server";
import { getEditableBusiness } from "#app/domain/directory/manage.server";
import { requireUser } from "#app/lib/auth.server";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { Route } from "./+types/photos";

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  if (!isUuid(params.businessId)) throw data(t("directory:errors.notFound"), { status: 404 });
  const editable = await orAppError(language, () => getEditableBusiness({ id: params.businessId, actor: user }));
  return {
    head: {
      title: t("directory:dashboard.photos.metaTitle", { name: editable.business.name }),
      description: t("directory:form.photosTitle"),
      noindex: true,
    },
    business: {
      id: editable.business.id,
      slug: editable.business.slug,
      name: editable.business.name,
      status: editable.business.status,
    },
    images: editable.images,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const answer = await applyOfferedEditIntent({
    formData: await request.formData(),
    businessId: params.businessId,
    actor: user,
    offered: ["photo-upload", "photo-delete", "photo-cover"],
  });
  return data(answer.body, { status: answer.status });
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
