import { Form, useActionData } from "react-router";
import { type AuditRow, AuditTable, serializeAudit } from "#app/components/accounts/audit-table";
import { FormErrors, inputClass } from "#app/components/accounts/fields";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { grantableRoles, isStoredRole } from "#app/lib/authorization";
import { AppError } from "#app/lib/errors";
import { handleAction, orAppError } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getUserForAdmin, grantRole, revokeRole, setUserDisabled } from "#app/platform/accounts/users.server";
import { listAuditLog } from "#app/platform/audit/audit.server";
import { liftSuspension } from "#app/platform/moderation/moderation.server";
import { activeSuspension } from "#app/platform/moderation/suspension.server";
import { currentPlanId } from "#app/platform/plans/subscription.server";
import { redirectBackWithToast } from "#app/web/flash.server";
import { actOnIntent } from "#app/web/intents";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/$userId";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const { language, t } = await getRequestTranslator(request);
  const user = await orAppError(language, () => getUserForAdmin({ actor: admin, userId: params.userId }));
  const [audit, plan, suspension] = await Promise.all([
    listAuditLog({ targetType: "user", targetId: user.id, limit: 50 }),
    currentPlanId(user.id),
    activeSuspension(user.id),
  ]);
  return {
    head: {
      title: t("accounts:admin.user.metaTitle", { name: user.name || user.email }),
      description: user.email,
      noindex: true,
    },
    user: { ...user, createdAt: user.createdAt.toISOString() },
    plan,
    suspension,
    isSelf: admin.id === user.id,
    audit: serializeAudit(audit.entries) as AuditRow[],
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const { language } = await getRequestTranslator(request);
  const formData = await request.formData();
  const role = formData.get("role");
  const userId = params.userId;
  const changeRole = async (intent: "grant" | "revoke") => {
    if (!isStoredRole(role)) throw new AppError("invalid", "accounts:admin.user.errors.invalidRole");
    if (intent === "grant") await grantRole({ actor: admin, userId, role });
    else await revokeRole({ actor: admin, userId, role });
    return redirectBackWithToast(request, intent === "grant" ? "roleGranted" : "roleRevoked");
  };
  const setDisabled = async (intent: "disable" | "enable") => {
    await setUserDisabled({ actor: admin, userId, disabled: intent === "disable" });
    return redirectBackWithToast(request, intent === "disable" ? "accountDisabled" : "accountEnabled");
  };
  return handleAction(
    async () =>
      actOnIntent(
        formData,
        {
          grant: changeRole,
          revoke: changeRole,
          disable: setDisabled,
          enable: setDisabled,
          unsuspend: async () => {
            await liftSuspension({ actor: admin, userId });
            return redirectBackWithToast(request, "suspensionLifted");
          },
        },
        () => {
          throw new AppError("invalid", "accounts:auth.errors.generic");
        },
      ),
    { failure: {}, pageErrors: { language, codes: ["not_found"] } },
  );
}

export default function AdminUserPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { user } = loaderData;
  const grantable = grantableRoles.filter((role) => !user.roles.includes(role));
  return (
    <div className="space-y-6">
      <PageHeader title={user.name || user.email} back={{ to: "/admin/users", label: t("admin.user.back") }} />
      <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />

      <PageSection id="user-details" title={t("admin.user.details")} framed>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          <dt className="text-slate-600">{t("dashboard.overview.email")}</dt>
          <dd className="break-all sm:col-span-2">
            {user.email} ·{" "}
            {user.emailVerified ? t("dashboard.overview.emailVerified") : t("dashboard.overview.emailNotVerified")}
          </dd>
          <dt className="text-slate-600">{t("dashboard.overview.role")}</dt>
          <dd className="sm:col-span-2" data-testid="user-role">
            {t(`roles.${user.role}`)}
          </dd>
          <dt className="text-slate-600">{t("admin.user.plan")}</dt>
          <dd className="sm:col-span-2">{t(`plans.${loaderData.plan}`)}</dd>
          <dt className="text-slate-600">{t("dashboard.settings.language.label")}</dt>
          <dd className="sm:col-span-2">{t(`languages.${user.preferredLanguage === "es" ? "es" : "en"}`)}</dd>
          <dt className="text-slate-600">{t("dashboard.overview.memberSince")}</dt>
          <dd className="sm:col-span-2">{formatDate(new Date(user.createdAt), language)}</dd>
        </dl>
      </PageSection>

      <PageSection id="user-roles" title={t("admin.user.roles")} framed>
        <p className="mt-1 text-sm text-slate-600">{t("admin.user.rolesHelp", { role: t(`roles.${user.role}`) })}</p>
        {user.roles.length === 0 ? <p className="mt-3 text-sm">{t("admin.user.noRoles")}</p> : null}
        <ul className="mt-3 space-y-2">
          {user.roles.map((role) => (
            <li key={role} className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2">
              <span className="font-medium">{t(`roles.${role}`)}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="role" value={role} />
                <button type="submit" className="btn-secondary" data-testid={`revoke-${role}`}>
                  {t("admin.user.revoke")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
        {grantable.length ? (
          <Form method="post" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="grant" />
            <div>
              <label htmlFor="grant-role" className="block text-sm font-medium">
                {t("admin.user.grantLabel")}
              </label>
              <select id="grant-role" name="role" className={inputClass}>
                {grantable.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-primary">
              {t("admin.user.grant")}
            </button>
          </Form>
        ) : null}
      </PageSection>

      <PageSection id="user-status" title={t("admin.user.status")} framed>
        <p className="mt-1 text-sm" data-testid="user-status">
          {user.disabled ? t("admin.user.disabled") : t("admin.user.active")} ·{" "}
          {t("admin.user.sessions", { count: user.sessionCount })}
        </p>
        {loaderData.suspension ? (
          <div className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="user-suspension">
            <p>
              {t("admin.user.suspended", {
                date: formatDate(new Date(loaderData.suspension.until), language),
                reason: loaderData.suspension.reason,
              })}
            </p>
            <div className="mt-2">
              <ConfirmDialog
                trigger={t("admin.user.liftSuspension")}
                title={t("admin.user.liftSuspension")}
                message={t("admin.user.liftSuspensionHelp")}
                confirm={t("admin.user.liftSuspension")}
                fields={{ intent: "unsuspend" }}
              />
            </div>
          </div>
        ) : null}
        {loaderData.isSelf ? null : user.disabled ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="enable" />
            <button type="submit" className="btn-primary">
              {t("admin.user.enable")}
            </button>
          </Form>
        ) : (
          <div className="mt-3">
            <ConfirmDialog
              trigger={t("admin.user.disable")}
              title={t("admin.user.disable")}
              message={t("admin.user.disableHelp")}
              confirm={t("admin.user.disable")}
              fields={{ intent: "disable" }}
            />
          </div>
        )}
      </PageSection>

      <PageSection id="user-history" title={t("admin.user.history")}>
        <div className="mt-3">
          <AuditTable entries={loaderData.audit} />
        </div>
      </PageSection>
    </div>
  );
}
