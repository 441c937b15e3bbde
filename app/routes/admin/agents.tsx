import { data, Form, useActionData } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog";
import { FieldFrame, inputClass } from "#app/components/ui/form-field";
import { FormErrors } from "#app/components/ui/form-message";
import { BadgeCheck } from "#app/components/ui/icons";
import { PageHeader } from "#app/components/ui/page-header";
import { grantAgentPlan, listAgents, revokeAgentPlan } from "#app/features/realestate/agents.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { redirectBackWithToast } from "#app/web/flash.server";
import { readFormData } from "#app/web/form-action.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/agents";

// Real-estate agents: until billing subscribes people, an admin grants the agent plan (a grant of
// use:agent-plan:any, audit-logged as realestate.agent.grant/revoke) and takes it back.
export const handle = { i18n: ["realestate"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const { t } = await getRequestTranslator(request);
  return {
    head: { title: t("realestate:admin.title"), description: t("realestate:admin.intro"), noindex: true },
    agents: await listAgents({ actor: admin }),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const formData = await readFormData(request);
  if (!formData) return data({ error: "realestate:form.errors.intent", email: "" }, { status: 400 });
  const email = String(formData.get("email") ?? "")
    .trim()
    .slice(0, 200);
  if (formData.get("intent") === "grant") {
    const note = String(formData.get("note") ?? "")
      .trim()
      .slice(0, 500);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      return data({ error: "realestate:form.errors.email", email }, { status: 400 });
    return handleAction(
      async () => {
        await grantAgentPlan({ actor: admin, email, note });
        return redirectBackWithToast(request, "agentGranted");
      },
      { failure: { email } },
    );
  }
  if (formData.get("intent") === "revoke") {
    const userId = String(formData.get("userId") ?? "").slice(0, 200);
    return handleAction(
      async () => {
        await revokeAgentPlan({ actor: admin, userId });
        return redirectBackWithToast(request, "agentRevoked");
      },
      { failure: { email: "" } },
    );
  }
  return data({ error: "realestate:form.errors.intent", email: "" }, { status: 400 });
}

export default function AdminAgentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("realestate");
  const language = useLanguage();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.title")} description={t("admin.intro")} />
      <Form
        method="post"
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        data-testid="grant-agent-form"
      >
        <input type="hidden" name="intent" value="grant" />
        <FieldFrame id="agent-email" label={t("admin.email")}>
          <input
            id="agent-email"
            name="email"
            type="email"
            required
            maxLength={200}
            defaultValue={actionData && "email" in actionData ? actionData.email : ""}
            className={inputClass}
          />
        </FieldFrame>
        <FieldFrame id="agent-note" label={t("admin.note")} optional>
          <input id="agent-note" name="note" maxLength={500} className={inputClass} />
        </FieldFrame>
        <button type="submit" className="btn-primary">
          {t("admin.grant")}
        </button>
      </Form>
      <FormErrors errors={actionData && "error" in actionData ? [actionData.error as string] : null} />
      {loaderData.agents.length ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="agent-list">
          {loaderData.agents.map((agent) => (
            <li key={agent.userId} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <BadgeCheck className="size-5 text-green-700" aria-hidden="true" />
              <span className="font-medium">{agent.name}</span>
              <span className="text-slate-600">{agent.email}</span>
              <span className="text-xs text-slate-500">
                {t("admin.since", { date: formatDate(new Date(agent.grantedAt), language, { dateStyle: "medium" }) })}
              </span>
              <div className="ml-auto">
                <ConfirmDialog
                  trigger={t("admin.revoke")}
                  title={t("admin.revokeTitle", { name: agent.name })}
                  message={t("admin.revokeText")}
                  confirm={t("admin.revoke")}
                  fields={{ intent: "revoke", userId: agent.userId }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p
          className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600"
          data-testid="no-agents"
        >
          {t("admin.empty")}
        </p>
      )}
    </div>
  );
}
