import { data, Form, useActionData } from "react-router";
import { FieldErrors, FormErrors, inputClass, Notice } from "#app/components/accounts/fields";
import { DataTable } from "#app/components/ui/data-table";
import { FieldFrame } from "#app/components/ui/form-field";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { StatusBadge } from "#app/components/ui/status-badge";
import { formMessage } from "#app/lib/form-message";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteHandle } from "#app/lib/route-handle";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { isOversizedUploadPlaceholder } from "#app/lib/upload-limit";
import { maxImportRows } from "#app/platform/accounts/forms";
import { type ImportPlan, importUsers, planUserImport } from "#app/platform/accounts/import-users.server";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/import-users";

// A file over the cap below must reach the action, which answers next to the field in the admin's
// language; under the body limit of other forms it would get a bare 413 first.
export const handle = { i18n: ["accounts"], acceptsUploads: true } satisfies TranslationsHandle & RouteHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

/** Small enough that the checked file, posted back for the import, stays under the 1 MB body limit. */
const maxCsvBytes = 300 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "manage:user:any");
  const { t } = await getRequestTranslator(request);
  return {
    head: {
      title: t("accounts:admin.importUsers.metaTitle"),
      description: t("accounts:admin.importUsers.intro"),
      noindex: true,
    },
  };
}

type ActionData = {
  plan: ImportPlan | null;
  csv: string;
  created: number | null;
  error: string | null;
};

type CsvRead = { csv: string } | { problem: "chooseFile" | "fileProblems.tooLarge" | "fileProblems.notCsv" };

async function csvFrom(formData: FormData): Promise<CsvRead> {
  const file = formData.get("file");
  const text = formData.get("csv");
  if (typeof text === "string" && text.length > 0)
    return text.length <= maxCsvBytes ? { csv: text } : { problem: "fileProblems.tooLarge" };
  if (!(file instanceof File) || file.size === 0) return { problem: "chooseFile" };
  if (file.size > maxCsvBytes) return { problem: "fileProblems.tooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  // A file the server left out of a post over the upload limit: over the size, like any other.
  if (isOversizedUploadPlaceholder(bytes)) return { problem: "fileProblems.tooLarge" };
  try {
    return { csv: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { problem: "fileProblems.notCsv" };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "manage:user:any");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const read = await csvFrom(formData);
  if ("problem" in read) {
    const values = read.problem === "fileProblems.tooLarge" ? { maxKb: maxCsvBytes / 1024 } : undefined;
    const error = formMessage(`accounts:admin.importUsers.${read.problem}`, values);
    return data<ActionData>({ plan: null, csv: "", created: null, error }, { status: 400 });
  }
  const { csv } = read;
  if (intent === "import") {
    const result = await importUsers({ actor: admin, csv });
    if (result.created === 0)
      return data<ActionData>(
        { plan: result.plan, csv, created: null, error: "accounts:admin.importUsers.notImported" },
        { status: 400 },
      );
    return data<ActionData>({ plan: null, csv: "", created: result.created, error: null });
  }
  const plan = await planUserImport({ actor: admin, csv });
  const ok = plan.fileProblems.length === 0 && plan.ready === plan.rows.length;
  return data<ActionData>({ plan, csv, created: null, error: null }, { status: ok ? 200 : 400 });
}

function Report({ plan, csv }: { plan: ImportPlan; csv: string }) {
  const { t } = useTranslation("accounts");
  if (plan.fileProblems.length > 0)
    return (
      <FormErrors
        errors={plan.fileProblems.map((problem) =>
          t(`admin.importUsers.fileProblems.${problem}`, { max: maxImportRows }),
        )}
      />
    );
  const bad = plan.rows.length - plan.ready;
  return (
    <PageSection
      id="import-report"
      title={t("admin.importUsers.report.title", { rows: plan.rows.length })}
      testId="import-report"
    >
      <p className={bad === 0 ? "text-green-800" : "text-red-800"} role="status">
        {bad === 0
          ? t("admin.importUsers.report.allGood")
          : t("admin.importUsers.report.someBad", { bad, rows: plan.rows.length })}
      </p>
      <DataTable
        rows={plan.rows}
        rowKey={(row) => row.line}
        caption={t("admin.importUsers.report.title", { rows: plan.rows.length })}
        empty={t("admin.importUsers.report.allGood")}
        rowTestId="import-row"
        rowClassName={(row) => (row.problems.length ? "bg-red-50" : "")}
        columns={[
          { id: "line", header: t("admin.importUsers.report.line"), cell: (row) => row.line },
          {
            id: "email",
            header: t("admin.importUsers.report.email"),
            className: "break-all",
            cell: (row) => row.email,
          },
          {
            id: "name",
            header: t("admin.importUsers.report.name"),
            cell: (row) => `${row.firstName} ${row.lastName}`,
          },
          { id: "role", header: t("admin.importUsers.report.role"), cell: (row) => row.role },
          { id: "language", header: t("admin.importUsers.report.language"), cell: (row) => row.language },
          {
            id: "status",
            header: t("admin.importUsers.report.status"),
            cell: (row) =>
              row.problems.length === 0 ? (
                <StatusBadge tone="success">{t("admin.importUsers.report.ok")}</StatusBadge>
              ) : (
                <ul className="text-red-800" data-testid="import-problems">
                  {row.problems.map((problem) => (
                    <li key={problem}>{t(`admin.importUsers.problems.${problem}`)}</li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
      {bad === 0 ? (
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="csv" value={csv} />
          <button type="submit" className="btn-primary">
            {t("admin.importUsers.import", { count: plan.rows.length })}
          </button>
        </Form>
      ) : null}
    </PageSection>
  );
}

export default function ImportUsersPage() {
  const { t } = useTranslation("accounts");
  const actionData = useActionData<typeof action>();
  // A file that could not be read is answered without a plan: its message goes to the file field.
  const fileError = actionData?.error && !actionData.plan ? actionData.error : null;
  return (
    <div className="space-y-6">
      <PageHeader title={t("admin.importUsers.title")} description={t("admin.importUsers.intro")}>
        <p className="text-sm text-slate-600">{t("admin.importUsers.format")}</p>
      </PageHeader>
      {actionData?.created ? <Notice>{t("admin.importUsers.done", { count: actionData.created })}</Notice> : null}
      {actionData?.error && actionData.plan ? <FormErrors errors={[actionData.error]} /> : null}
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <input type="hidden" name="intent" value="check" />
        <FieldFrame
          id="import-file"
          label={t("admin.importUsers.file")}
          hint={t("admin.importUsers.fileHint", { max: maxImportRows })}
        >
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv,text/plain"
            required
            aria-describedby={`import-file-hint${fileError ? " import-file-error" : ""}`}
            aria-invalid={fileError ? true : undefined}
            className={inputClass}
          />
          <FieldErrors id="import-file-error" errors={fileError ? [fileError] : undefined} />
        </FieldFrame>
        <button type="submit" className="btn-primary">
          {t("admin.importUsers.check")}
        </button>
      </Form>
      {actionData?.plan ? <Report plan={actionData.plan} csv={actionData.csv} /> : null}
    </div>
  );
}
