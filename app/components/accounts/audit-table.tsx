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
export function AuditTable({ entries }: { entries: AuditRow[] }) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  if (!entries.length) return <p className="text-sm text-slate-600">{t("admin.audit.empty")}</p>;
  const describeEntry = (entry: AuditRow) => {
    const role =
      typeof entry.details.role === "string"
        ? t(`roles.${entry.details.role}`, { defaultValue: entry.details.role })
        : "";
    return t(`admin.audit.actions.${entry.action}`, { role, defaultValue: entry.action });
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm" data-testid="audit-table">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("admin.audit.when")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("admin.audit.who")}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("admin.audit.what")}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t("admin.audit.target")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="py-2 pr-3 whitespace-nowrap">
                {formatDate(new Date(entry.createdAt), language, { dateStyle: "medium", timeStyle: "short" })}
              </td>
              <td className="py-2 pr-3">
                {entry.actor ? entry.actor.name || entry.actor.email : t("admin.audit.system")}
              </td>
              <td className="py-2 pr-3">{describeEntry(entry)}</td>
              <td className="py-2 break-all">
                {entry.targetType === "user" && entry.targetId ? (
                  <LocalizedLink
                    to={`/admin/users/${encodeURIComponent(entry.targetId)}`}
                    className="text-brand-800 underline"
                  >
                    {entry.targetId}
                  </LocalizedLink>
                ) : (
                  `${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ""}`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function serializeAudit(entries: { createdAt: Date }[]) {
  return entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() }));
}
