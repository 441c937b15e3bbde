import { data } from "react-router";
import { applyOfferedEditIntent, type EditIntent, editToasts } from "#app/components/directory/edit-forms.server";
import { isUuid } from "#app/features/directory/constants";
import { getEditableBusiness } from "#app/features/directory/manage.server";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { redirectWithToast } from "#app/web/flash.server";
import { requireUser } from "#app/web/session.server";

/**
 * The start of every dashboard editor's loader: a signed-in user, and a business they may edit.
 * Ownership is decided per business by the domain: someone else's id answers 404.
 */
export async function loadEditableBusiness(request: Request, businessId: string) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  if (!isUuid(businessId)) throw data(t("directory:errors.notFound"), { status: 404 });
  const editable = await orAppError(language, () => getEditableBusiness({ id: businessId, actor: user }));
  const { id, slug, name, status } = editable.business;
  return { language, t, editable, business: { id, slug, name, status } };
}

/**
 * The answer of a dashboard editor's action: a completed edit goes back to the same page with its
 * toast (post/redirect/get, so a reload does not post again); a refused one answers the form's errors.
 */
export async function answerEdit(request: Request, answer: { body: { intent: string; ok: boolean }; status: number }) {
  const toast = answer.body.ok ? editToasts[answer.body.intent as EditIntent] : undefined;
  if (toast) {
    const url = new URL(request.url);
    return redirectWithToast(request, url.pathname + url.search, toast);
  }
  return data(answer.body, { status: answer.status });
}

/**
 * Every dashboard editor's action: a signed-in user applies one of the edits this page offers (the
 * domain checks they may edit the business); anything else is refused with 400.
 */
export async function editBusinessAction(request: Request, businessId: string, offered: readonly EditIntent[]) {
  const user = await requireUser(request);
  const answer = await applyOfferedEditIntent({ formData: await request.formData(), businessId, actor: user, offered });
  return answerEdit(request, answer);
}
