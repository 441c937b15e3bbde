import { SectionShell } from "#app/components/accounts/section-shell";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { adminSections } from "#app/manifests";
import { requirePermission } from "#app/web/session.server";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["accounts", "moderation"] } satisfies TranslationsHandle;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "read:admin:any");
  return { actor: { id: user.id, role: user.role, grants: user.grants } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  return (
    <SectionShell
      title={t("admin.title")}
      navLabel={t("admin.navLabel")}
      sections={adminSections}
      actor={loaderData.actor}
      base="/admin"
    />
  );
}
