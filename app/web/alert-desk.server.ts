import { data, replace } from "react-router";
import { endAlert, publishAlert, updateAlert } from "#app/features/alerts/alerts.server";
import { loadAlertDesk, mayOpenAlertDesk } from "#app/features/alerts/desk.server";
import { alertSchema, endAlertSchema } from "#app/features/alerts/forms";
import { orAppError } from "#app/lib/errors.server";
import { languageOfPath, localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { redirectBackWithToast, redirectWithToast } from "./flash.server";
import { readFormData, submitForm } from "./form-action.server";
import { actOnIntent } from "./intents";
import { requireUser } from "./session.server";

// The publishing desk's loader and action, shared by /admin/alerts and /dashboard/alert-desk. The
// guard lets in admins and anyone granted post:alert:any for an area (a scoped grant, which the
// plain requirePermission does not see); every write still checks each area itself.

async function requireAlertPoster(request: Request) {
  const user = await requireUser(request);
  if (!mayOpenAlertDesk(user)) throw replace(localizePath("/dashboard", languageOfPath(new URL(request.url).pathname)));
  return user;
}

export async function alertDeskLoader(request: Request, base: "/admin/alerts" | "/dashboard/alert-desk") {
  const user = await requireAlertPoster(request);
  const { language, t } = await getRequestTranslator(request);
  const { edit } = readSearchParams(request, { edit: searchParam.matching(/^\d{1,9}$/) });
  const desk = await orAppError(language, () =>
    loadAlertDesk({ actor: user, language, editId: edit ? Number(edit) : null }),
  );
  return {
    head: { title: t("alerts:manage.title"), description: t("alerts:manage.intro"), noindex: true },
    base,
    ...desk,
  };
}

export async function alertDeskAction(request: Request, base: "/admin/alerts" | "/dashboard/alert-desk") {
  const user = await requireAlertPoster(request);
  const formData = await readFormData(request);
  if (!formData) return data({ intent: "", error: "common:errors.form.invalid" }, { status: 400 });
  const alertId = Number(formData.get("alertId"));
  const listPath = localizePath(base, languageOfPath(new URL(request.url).pathname));
  return actOnIntent(
    formData,
    {
      publish: () =>
        submitForm(
          formData,
          alertSchema,
          async (value) => {
            await publishAlert({
              actor: user,
              input: { ...value, startsAt: value.startsAt ?? null, sourceUrl: value.sourceUrl ?? null },
            });
            return redirectBackWithToast(request, "alertPublished");
          },
          { failure: { intent: "publish" } },
        ),
      update: () =>
        submitForm(
          formData,
          alertSchema,
          async (value) => {
            await updateAlert({
              actor: user,
              alertId,
              input: { ...value, startsAt: value.startsAt ?? null, sourceUrl: value.sourceUrl ?? null },
              note: { noteEn: value.noteEn, noteEs: value.noteEs },
            });
            return redirectWithToast(request, listPath, "alertUpdated");
          },
          { failure: { intent: "update" } },
        ),
      end: () =>
        submitForm(
          formData,
          endAlertSchema,
          async (value) => {
            await endAlert({ actor: user, alertId, note: { noteEn: value.noteEn, noteEs: value.noteEs } });
            return redirectWithToast(request, listPath, "alertEnded");
          },
          { failure: { intent: "end" } },
        ),
    },
    (intent) => data({ intent, error: "common:errors.form.invalid" }, { status: 400 }),
  );
}
