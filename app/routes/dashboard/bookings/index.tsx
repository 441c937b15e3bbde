import { statusTone } from "#app/components/bookings/status-tone";
import { type Column, DataTable } from "#app/components/ui/data-table";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader, PageSection } from "#app/components/ui/page-header";
import { StatusBadge } from "#app/components/ui/status-badge";
import { listMyBookings, type MyBookingRow } from "#app/features/bookings/booking-reads.server";
import { listBookableListings } from "#app/features/bookings/booking-setup.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/index";

// /dashboard/bookings: for owners, each listing's booking requests and set-up (premium listings) or
// what the plan lacks (free ones); for everyone, the bookings they made themselves.
export const handle = { i18n: ["bookings"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const [listings, mine] = await Promise.all([
    listBookableListings({ actor: user }),
    listMyBookings({ actor: user, language }),
  ]);
  return {
    head: { title: t("bookings:dashboard.title"), description: t("bookings:dashboard.intro"), noindex: true },
    listings,
    mine,
  };
}

export default function DashboardBookings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bookings");
  const language = useLanguage();
  const columns: Column<MyBookingRow>[] = [
    {
      id: "when",
      header: t("columns.when"),
      cell: (row) => formatDate(new Date(row.startsAt), language, { dateStyle: "medium", timeStyle: "short" }),
    },
    {
      id: "business",
      header: t("columns.business"),
      cell: (row) =>
        row.businessSlug ? (
          <LocalizedLink to={`/business/${row.businessSlug}`} className="font-medium text-brand-800 underline">
            {row.business}
          </LocalizedLink>
        ) : (
          row.business
        ),
    },
    { id: "service", header: t("columns.service"), cell: (row) => row.service },
    { id: "party", header: t("columns.party"), cell: (row) => row.partySize },
    {
      id: "status",
      header: t("columns.status"),
      cell: (row) => <StatusBadge tone={statusTone(row.status)}>{t(`status.${row.status}`)}</StatusBadge>,
    },
  ];
  return (
    <div className="space-y-8">
      <PageHeader title={t("dashboard.title")} description={t("dashboard.intro")} />
      {loaderData.listings.length ? (
        <PageSection id="my-listings" title={t("dashboard.listingsTitle")} framed testId="booking-listings">
          <ul className="divide-y divide-slate-200">
            {loaderData.listings.map((listing) => (
              <li key={listing.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">{listing.name}</p>
                  <p className="text-sm text-slate-600">
                    {listing.isPremium ? t("dashboard.pending", { count: listing.pending }) : t("dashboard.gateShort")}
                  </p>
                </div>
                <LocalizedLink
                  to={`/dashboard/bookings/${listing.id}`}
                  className="btn-secondary"
                  data-testid="manage-bookings"
                >
                  {listing.isPremium ? t("dashboard.manage") : t("dashboard.whyNot")}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}
      <PageSection id="my-bookings" title={t("dashboard.mineTitle")} testId="my-bookings">
        <DataTable
          rows={loaderData.mine}
          columns={columns}
          rowKey={(row) => row.id}
          caption={t("dashboard.mineTitle")}
          empty={<p className="text-sm text-slate-600">{t("empty")}</p>}
          rowTestId="my-booking"
        />
      </PageSection>
    </div>
  );
}
