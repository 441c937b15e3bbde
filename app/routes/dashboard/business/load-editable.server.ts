import { data } from "react-router";
import { isUuid } from "#app/domain/directory/constants";
import { getEditableBusiness } from "#app/domain/directory/manage.server";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
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
