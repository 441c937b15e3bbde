import { Form } from "react-router";
import type { ObservationView, ReportView } from "#app/components/beach/present.server";
import { Clock, User } from "#app/components/ui/icons";
import { type Actor, can } from "#app/lib/authorization";
import { useTranslation } from "#app/lib/translations";

/** The person looking: the same actor shape the server checks, so hidden means refused. */
export type Viewer = Actor;

function DeleteButton({
  intent,
  id,
  label,
}: {
  intent: "deleteReport" | "deleteObservation";
  id: number;
  label: string;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="text-sm font-medium text-red-700 underline-offset-2 hover:underline">
        {label}
      </button>
    </Form>
  );
}

export function ReportCard({
  report,
  beachName,
  viewer,
  highlight = false,
}: {
  report: ReportView;
  beachName: string;
  viewer: Viewer | null;
  highlight?: boolean;
}) {
  const { t } = useTranslation("beach");
  const canDelete = can(viewer, "delete:beach-report:own", { ownerId: report.authorId });
  return (
    <article
      className={`rounded-xl border p-4 ${highlight ? "border-brand-600 bg-brand-50/40" : "border-slate-200"} ${report.isOld ? "border-dashed" : ""}`}
      data-testid={highlight ? "current-report" : "earlier-report"}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1">
          <Clock className="size-4" aria-hidden="true" />
          <time dateTime={report.postedAtIso} title={report.postedAt}>
            {report.age}
          </time>
        </span>
        <span className="inline-flex items-center gap-1">
          <User className="size-4" aria-hidden="true" />
          {t("conditions.by", { name: report.authorName })}
        </span>
        {report.isOld ? (
          <span
            className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800"
            title={t("conditions.oldExplained")}
          >
            {t("conditions.old")}
          </span>
        ) : null}
      </header>
      {report.isOld ? <p className="mt-1 text-xs text-slate-600">{t("conditions.oldExplained")}</p> : null}
      {report.fields.length ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {report.fields.map((field) => (
            <div key={field.key}>
              <dt className="text-slate-500">{field.label}</dt>
              <dd className="font-medium text-slate-900">{field.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {report.note ? (
        <p className="mt-3 whitespace-pre-line break-words text-slate-800" lang={report.noteLang}>
          {report.note}
          {report.noteLanguageLabel ? (
            <span className="ml-2 text-xs text-slate-500">({report.noteLanguageLabel})</span>
          ) : null}
        </p>
      ) : null}
      {report.photoUrl ? (
        <img
          src={report.photoUrl}
          alt={t("conditions.photoAlt", { beach: beachName })}
          loading="lazy"
          className="mt-3 max-h-80 w-full rounded-lg object-cover"
        />
      ) : null}
      {canDelete ? (
        <div className="mt-3 text-right">
          <DeleteButton intent="deleteReport" id={report.id} label={t("form.delete")} />
        </div>
      ) : null}
    </article>
  );
}

export function ObservationList({ observations, viewer }: { observations: ObservationView[]; viewer: Viewer | null }) {
  const { t } = useTranslation("beach");
  if (observations.length === 0) return <p className="text-sm text-slate-600">{t("observations.none")}</p>;
  return (
    <ul className="space-y-3" data-testid="observations">
      {observations.map((observation) => (
        <li key={observation.id} className="rounded-lg border border-dashed border-slate-300 p-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
              {t("observations.unverified")}
            </span>
            {observation.isOld ? (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">
                {t("conditions.old")}
              </span>
            ) : null}
            <time dateTime={observation.postedAtIso} title={observation.postedAt}>
              {observation.age}
            </time>
            <span>{t("conditions.by", { name: observation.authorName })}</span>
          </div>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800" lang={observation.noteLang}>
            {observation.note}
            {observation.noteLanguageLabel ? (
              <span className="ml-2 text-xs text-slate-500">({observation.noteLanguageLabel})</span>
            ) : null}
          </p>
          {can(viewer, "delete:beach-observation:own", { ownerId: observation.authorId }) ? (
            <div className="mt-1 text-right">
              <DeleteButton intent="deleteObservation" id={observation.id} label={t("form.delete")} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
