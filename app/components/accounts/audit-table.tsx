import { DataTable } from "#app/components/ui/data-table";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { formatDate } from "#app/lib/format";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";

export interface AuditRow {
  id: number;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: string;
  actor: { id: string; name: string; email: string } | null;
}

/** Who did what to what, and when: the audit rows an admin page shows. */
export function AuditTable({ entries, page, pages }: { entries: AuditRow[]; page?: number; pages?: number }) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const describeEntry = (entry: AuditRow) => {
    const role =
      typeof entry.details.role === "string"
        ? t(`roles.${entry.details.role}`, { defaultValue: entry.details.role })
        : "";
    return t(`admin.audit.actions.${entry.action}`, { role, defaultValue: entry.action });
  };
  return (
    <DataTable
      rows={entries}
      rowKey={(entry) => entry.id}
      caption={t("admin.audit.what")}
      empty={t("admin.audit.empty")}
      page={page}
      pages={pages}
      testId="audit-table"
      columns={[
        {
          id: "when",
          header: t("admin.audit.when"),
          className: "sm:whitespace-nowrap",
          cell: (entry) => formatDate(new Date(entry.createdAt), language, { dateStyle: "medium", timeStyle: "short" }),
        },
        {
          id: "who",
          header: t("admin.audit.who"),
          cell: (entry) => (entry.actor ? entry.actor.name || entry.actor.email : t("admin.audit.system")),
        },
        { id: "what", header: t("admin.audit.what"), cell: describeEntry },
        {
          id: "target",
          header: t("admin.audit.target"),
          className: "break-all",
          cell: (entry) =>
            entry.targetType === "user" && entry.targetId ? (
              <LocalizedLink
                to={`/admin/users/${encodeURIComponent(entry.targetId)}`}
                className="text-brand-800 underline"
              >
                {entry.targetId}
              </LocalizedLink>
            ) : (
              `${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ""}`
            ),
        },
      ]}
    />
  );
}

export function serializeAudit(entries: { createdAt: Date }[]) {
  return entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() }));
}
