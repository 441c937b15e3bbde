import { attendeesCsv, listAttendees } from "#app/features/events/organiser.server";
import { orAppError } from "#app/lib/errors.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/attendees.csv";

// /dashboard/events/{id}/attendees.csv: the organiser's list of who answered, for a spreadsheet.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const rows = await orAppError(language, () => listAttendees({ actor: user, eventId: params.eventId }));
  const headers = ["date", "name", "email", "party", "status", "age", "answered"].map((key) => t(`events:csv.${key}`));
  // A byte order mark so spreadsheet programs read the names' accents as UTF-8.
  return new Response(`\uFEFF${attendeesCsv(rows, headers)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="attendees.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
