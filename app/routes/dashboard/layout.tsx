import { SectionShell } from "#app/components/accounts/section-shell";
import { dashboardHoldings } from "#app/compose/dashboard-holdings.server";
import { canSomewhere } from "#app/lib/authorization";
import { dashboardNav } from "#app/lib/shell-sections";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { dashboardSections } from "#app/manifests";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

// Private pages: never cached by a browser's shared cache or a CDN.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// The side navigation is decided here, per person: the sections about what they have (and may
// open), and once each a way to start the rest.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { sections, offers } = dashboardNav(dashboardSections, await dashboardHoldings(user));
  return {
    // A grant for some objects only (an area's alert poster) shows the section too; its page and
    // the domain check each object.
    sectionIds: sections
      .filter((section) => !section.permission || canSomewhere(user, section.permission))
      .map((s) => s.id),
    offers,
  };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  return (
    <SectionShell
      title={t("dashboard.title")}
      navLabel={t("dashboard.navLabel")}
      sections={loaderData.sectionIds.flatMap((id) => dashboardSections.find((section) => section.id === id) ?? [])}
      offers={loaderData.offers}
      offersLabel={t("dashboard.offers.title")}
      base="/dashboard"
    />
  );
}
