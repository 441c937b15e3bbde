import { data, useActionData } from "react-router";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { ReportFormFields } from "#app/components/moderation/report-form";
import { PageHeader } from "#app/components/ui/page-header";
import { orAppError } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { reportSchema } from "#app/platform/moderation/forms";
import { knownModeratedKinds } from "#app/platform/moderation/kinds";
import { getReportTarget, reportItem } from "#app/platform/moderation/moderation.server";
import { redirectWithToast } from "#app/web/flash.server";
import { submitForm } from "#app/web/form-action.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/report";

// Where every report control posts (app/components/moderation/report-form.tsx). A report sent goes
// back to the page it came from with a "Report sent" toast. When it cannot be taken (already
// reported, suspended, a bad reason) this page shows the form again with what was typed and the
// message, so reporting works the same without JavaScript.

export const handle = { i18n: ["moderation"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

function returnPath(value: unknown, fallback: string) {
  return safeRedirectPath(value, fallback);
}

// ?kind=&itemId=&returnTo= name the item a report control was beside; anything else is "not found".
// The kinds are read per request: the areas' manifests register them, maybe after this module loads.
const reportParams = () => ({
  kind: searchParam.oneOf(knownModeratedKinds()),
  itemId: searchParam.matching(/^[\w-]{1,100}$/),
  returnTo: searchParam.nullable(),
});

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "report:content:any");
  const { language, t } = await getRequestTranslator(request);
  const { kind, itemId, returnTo } = readSearchParams(request, reportParams());
  if (!kind || itemId === undefined) throw data(t("moderation:errors.notFound"), { status: 404 });
  const target = await orAppError(language, () => getReportTarget({ kind, itemId, actor: user }));
  return {
    head: { title: t("moderation:report.title"), description: t("moderation:report.title"), noindex: true },
    target,
    returnTo: returnPath(returnTo, localizePath(target.href.split("#")[0], language)),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "report:content:any");
  const { language } = await getRequestTranslator(request);
  const formData = await request.formData();
  return submitForm(
    formData,
    reportSchema,
    async ({ kind, itemId, reason, note, returnTo }) => {
      await reportItem({ kind, itemId, actor: user, reason, note });
      return redirectWithToast(request, returnPath(returnTo, localizePath("/", language)), "itemReported");
    },
    { failure: {} },
  );
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("moderation");
  const actionData = useActionData<typeof action>();
  const { target } = loaderData;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <PageHeader title={t("report.title")} back={{ to: target.href.split("#")[0], label: target.title }} />
      <blockquote className="rounded-xl border border-slate-200 bg-slate-50 p-4 whitespace-pre-line break-words">
        <p className="font-semibold">{target.title}</p>
        <p className="mt-1 text-slate-700">{target.excerpt}</p>
      </blockquote>
      {target.alreadyReported ? (
        <p className="rounded-md bg-brand-50 p-3 text-brand-900" role="status">
          {t("errors.alreadyReported")}
        </p>
      ) : (
        <ReportFormFields
          kind={target.kind}
          itemId={target.itemId}
          returnTo={loaderData.returnTo}
          lastResult={actionData?.result}
        />
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
