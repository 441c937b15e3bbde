import { AppError } from "#app/lib/errors";
import { orAppError } from "#app/lib/errors.server";
import type { Language } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";

/**
 * The booking a guest's emailed link is about (to cancel it, to confirm the guest's address), for
 * the page the link opens: "not found" when the link finds none; the page's title and intro are
 * its head, and it is kept out of search engines (the link is private).
 */
export async function loadBookingFromLink<B extends { startsAt: Date }>(
  request: Request,
  page: "cancel" | "confirmEmail",
  find: (language: Language) => Promise<B | null | undefined>,
) {
  const { language, t } = await getRequestTranslator(request);
  const booking = await orAppError(language, async () => {
    const found = await find(language);
    if (!found) throw new AppError("not_found", "bookings:errors.notFound");
    return found;
  });
  const shown: Omit<B, "startsAt"> & { startsAt: string } = { ...booking, startsAt: booking.startsAt.toISOString() };
  return {
    head: { title: t(`bookings:${page}.title`), description: t(`bookings:${page}.intro`), noindex: true },
    booking: shown,
  };
}
