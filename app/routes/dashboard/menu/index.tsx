import { data, useActionData } from "react-router";
import type { EditActionData } from "#app/components/directory/edit-forms";
import { applyOfferedEditIntent } from "#app/components/directory/edit-forms.server";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { BusinessPicker } from "#app/components/owner/business-picker";
import { MenuEditor } from "#app/components/owner/menu-editor";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { isUuid } from "#app/features/directory/constants";
import { getEditableBusiness } from "#app/features/directory/manage.server";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { getSiteConfig } from "#app/platform/site/site-config.server";
import { requireUser } from "#app/web/session.server";
import { answerEdit } from "../business/load-editable.server";
import { pickBusiness } from "../pick-business.server";
import type { Route } from "./+types/index";

// Item photos are posted here: phone photos are larger than the body limit of other forms.
export const handle = { i18n: ["owner", "directory"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

// The menu section: the items of one of the person's businesses, in the order the page shows them.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const { choices, selectedId } = await pickBusiness(request, user);
  const head = { title: t("owner:menu.title"), description: t("owner:menu.intro"), noindex: true };
  if (!selectedId) return { head, choices, selected: null, items: [], rate: null };
  if (!isUuid(selectedId)) throw data(t("directory:errors.notFound"), { status: 404 });
  const editable = await orAppError(language, () => getEditableBusiness({ id: selectedId, actor: user }));
  const site = await getSiteConfig(language);
  return {
    head,
    choices,
    selected: {
      id: editable.business.id,
      name: editable.business.name,
      slug: editable.business.slug,
      status: editable.business.status,
    },
    items: editable.menu.map((item) => ({
      id: item.id,
      nameEn: item.nameEn,
      nameEs: item.nameEs,
      descriptionEn: item.descriptionEn,
      descriptionEs: item.descriptionEs,
      sectionEn: item.sectionEn,
      sectionEs: item.sectionEs,
      priceMinor: item.priceMinor,
      currency: item.currency,
      available: item.available,
      dietaryTags: item.dietaryTags,
      image: item.imageKey && item.imageWidths?.length ? { key: item.imageKey, widths: item.imageWidths } : null,
    })),
    rate: site.exchangeRate,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { business: businessId } = readSearchParams(request, { business: searchParam.text() });
  const answer = await applyOfferedEditIntent({
    formData: await request.formData(),
    businessId,
    actor: user,
    offered: ["menu-save", "menu-delete", "menu-move", "menu-photo", "menu-photo-remove"],
  });
  return answerEdit(request, answer);
}

export default function MenuSection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("owner");
  const actionData = useActionData<typeof action>() as EditActionData;
  const { selected } = loaderData;
  return (
    <section aria-labelledby="menu-title">
      <PageHeader
        titleId="menu-title"
        title={selected ? t("menu.titleFor", { name: selected.name }) : t("menu.title")}
        description={t("menu.intro")}
        actions={
          selected?.status === "verified" ? (
            <LocalizedLink to={`/business/${selected.slug}`} className="btn-secondary">
              {t("menu.viewPublic")}
            </LocalizedLink>
          ) : null
        }
      />
      <BusinessPicker path="/dashboard/menu" choices={loaderData.choices} selectedId={selected?.id ?? null} />
      {selected ? (
        <MenuEditor items={loaderData.items} actionData={actionData} rate={loaderData.rate} />
      ) : loaderData.choices.length ? (
        <p className="mt-6 text-slate-700">{t("picker.choose")}</p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
