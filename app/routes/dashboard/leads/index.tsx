import { data, Form, useActionData } from "react-router";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { Mail, Phone, Users } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { EmptyList, PageHeader } from "#app/components/ui/page-header";
import { StatusBadge, type StatusTone } from "#app/components/ui/status-badge";
import {
  agentPlanPermission,
  type LeadStatus,
  leadStatuses,
  realEstateLimits,
} from "#app/features/realestate/constants";
import { leadUpdateSchema } from "#app/features/realestate/forms";
import { listMyLeads, updateLead } from "#app/features/realestate/leads.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { readFormData } from "#app/web/form-action.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/index";

// The dashboard section "leads" (agent plan): the inquiries about the agent's own properties, with
// a status and private notes, filterable by status, and exported as CSV. Only the agent's own
// leads are listed or changed (the domain checks each one).
export const handle = { i18n: ["realestate"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, agentPlanPermission);
  const { t } = await getRequestTranslator(request);
  const { status } = readSearchParams(request, { status: searchParam.oneOf(leadStatuses) });
  const leads = await listMyLeads({ actor: user, status });
  return {
    head: { title: t("realestate:leads.metaTitle"), description: t("realestate:leads.intro"), noindex: true },
    leads,
    status: status ?? "",
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, agentPlanPermission);
  const formData = await readFormData(request);
  if (!formData) return data({ leadId: null, error: "realestate:form.errors.intent" }, { status: 400 });
  const parsed = leadUpdateSchema.safeParse({
    leadId: formData.get("leadId"),
    status: formData.get("status"),
    notes: formData.get("notes") ?? "",
  });
  const leadId = typeof formData.get("leadId") === "string" ? String(formData.get("leadId")) : null;
  if (!parsed.success)
    return data({ leadId, error: parsed.error.issues[0]?.message ?? "realestate:form.errors.intent" }, { status: 400 });
  return handleAction(
    async () => {
      await updateLead({ actor: user, ...parsed.data });
      return redirectBackWithToast(request, "leadSaved");
    },
    { failure: { leadId } },
  );
}

const tones: Record<LeadStatus, StatusTone> = {
  new: "info",
  contacted: "warning",
  viewing: "success",
  closed: "neutral",
};

export default function DashboardLeads({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("realestate");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  const { leads, status } = loaderData;
  const exportHref = `${localizePath("/dashboard/leads/export", language)}${status ? `?status=${status}` : ""}`;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("leads.title")}
        description={t("leads.intro")}
        actions={
          <a href={exportHref} className="btn-secondary" download data-testid="leads-export">
            {t("leads.export")}
          </a>
        }
      />
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="lead-filter">
        <FieldFrame id="lead-status-filter" label={t("leads.filter")}>
          <select id="lead-status-filter" name="status" defaultValue={status} className={`${inputClass} bg-white`}>
            <option value="">{t("leads.allStatuses")}</option>
            {leadStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`leads.statuses.${value}`)}
              </option>
            ))}
          </select>
        </FieldFrame>
        <button type="submit" className="btn-secondary">
          {t("filters.apply")}
        </button>
      </Form>
      <FormErrors
        errors={actionData && "error" in actionData && actionData.leadId === null ? [actionData.error as string] : null}
      />
      {leads.length ? (
        <ul className="space-y-4" data-testid="lead-list">
          {leads.map((lead) => (
            <li key={lead.id} className="space-y-3 rounded-xl border border-slate-200 p-4" data-testid="lead">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{lead.name}</span>
                <StatusBadge tone={tones[lead.status]}>{t(`leads.statuses.${lead.status}`)}</StatusBadge>
                <span className="text-xs text-slate-500">
                  {formatDate(new Date(lead.createdAt), language, { dateStyle: "medium", timeStyle: "short" })}
                </span>
              </div>
              <p className="text-sm">
                {t("leads.about")}{" "}
                <LocalizedLink to={`/real-estate/${lead.property.slug}`} className="text-brand-800 underline">
                  {lead.property.title}
                </LocalizedLink>
              </p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <a href={`mailto:${lead.email}`} className="inline-flex items-center gap-1 text-brand-800 underline">
                  <Mail className="size-4" aria-hidden="true" />
                  {lead.email}
                </a>
                {lead.phone ? (
                  <a
                    href={`tel:${lead.phone.replace(/[^+0-9]/g, "")}`}
                    className="inline-flex items-center gap-1 text-brand-800 underline"
                  >
                    <Phone className="size-4" aria-hidden="true" />
                    {lead.phone}
                  </a>
                ) : null}
                <span className="text-slate-600">
                  {t("detail.prefers", { method: t(`contactMethods.${lead.preferredContact}`) })}
                </span>
              </p>
              <blockquote className="rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-line">
                {lead.message}
              </blockquote>
              {actionData && "error" in actionData && actionData.leadId === lead.id ? (
                <FormErrors errors={[actionData.error as string]} />
              ) : null}
              <Form method="post" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" preventScrollReset>
                <input type="hidden" name="leadId" value={lead.id} />
                <FieldFrame id={`lead-status-${lead.id}`} label={t("leads.status")}>
                  <select
                    id={`lead-status-${lead.id}`}
                    name="status"
                    defaultValue={lead.status}
                    className={`${inputClass} bg-white`}
                  >
                    {leadStatuses.map((value) => (
                      <option key={value} value={value}>
                        {t(`leads.statuses.${value}`)}
                      </option>
                    ))}
                  </select>
                </FieldFrame>
                <FieldFrame id={`lead-notes-${lead.id}`} label={t("leads.notes")} optional>
                  <textarea
                    id={`lead-notes-${lead.id}`}
                    name="notes"
                    rows={2}
                    maxLength={realEstateLimits.notesMax}
                    defaultValue={lead.notes}
                    className={inputClass}
                  />
                </FieldFrame>
                <button type="submit" className="btn-primary">
                  {t("leads.save")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyList
          testId="leads-empty"
          icon={Users}
          title={status ? t("leads.emptyFiltered") : t("leads.emptyTitle")}
          text={t("leads.emptyText")}
        />
      )}
    </div>
  );
}
