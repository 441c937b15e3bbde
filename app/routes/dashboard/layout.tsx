import { SectionShell } from "#app/components/accounts/section-shell";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { dashboardSections } from "#app/manifests";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

// Private pages: never cached by a browser's shared cache or a CDN.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { actor: { id: user.id, role: user.role, grants: user.grants } };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  return (
    <SectionShell
      title={t("dashboard.title")}
      navLabel={t("dashboard.navLabel")}
      sections={dashboardSections}
      actor={loaderData.actor}
      base="/dashboard"
    />
  );
}
