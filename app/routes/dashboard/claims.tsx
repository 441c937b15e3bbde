import { useSearchParams } from "react-router";
import { Notice } from "#app/components/accounts/fields";
import { ClaimCard } from "#app/components/directory/claim-card";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { listMyClaims } from "#app/features/directory/claims.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/claims";

export const handle = { i18n: ["directory"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestTranslator(request);
  const claims = await listMyClaims({ actor: user });
  return {
    head: {
      title: t("directory:dashboard.claims.metaTitle"),
      description: t("directory:dashboard.claims.intro"),
      noindex: true,
    },
    claims: claims.map((claim) => ({
      id: claim.id,
      businessId: claim.businessId,
      businessName: claim.businessName,
      businessSlug: claim.businessSlug,
      claimType: claim.claimType,
      status: claim.status,
      decisionReason: claim.decisionReason,
      decidedAt: claim.decidedAt,
      createdAt: claim.createdAt,
    })),
  };
}

export default function MyClaims({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("directory");
  const language = useLanguage();
  const [params] = useSearchParams();
  return (
    <section aria-labelledby="claims-title">
      <PageHeader
        titleId="claims-title"
        title={t("dashboard.claims.title")}
        description={t("dashboard.claims.intro")}
      />
      {params.get("submitted") ? (
        <div className="mt-4">
          <Notice>{t("dashboard.claims.submitted")}</Notice>
        </div>
      ) : null}
      {loaderData.claims.length ? (
        <ul className="mt-6 space-y-3">
          {loaderData.claims.map((claim) => (
            <ClaimCard key={claim.id} claim={claim} testId="my-claim">
              <p className="mt-1 text-sm text-slate-600">
                {t(`claim.types.${claim.claimType}`)} ·{" "}
                {t("dashboard.claims.sent", {
                  date: formatDate(new Date(claim.createdAt), language, { dateStyle: "medium" }),
                })}
                {claim.decidedAt
                  ? ` · ${t("dashboard.claims.decided", { date: formatDate(new Date(claim.decidedAt), language, { dateStyle: "medium" }) })}`
                  : ""}
              </p>
              <p className="mt-2 text-sm">{t(`dashboard.claims.statusHelp.${claim.status}`)}</p>
              {claim.decisionReason ? (
                <p className="mt-2 rounded-md bg-slate-50 p-2 text-sm">
                  <span className="font-medium">{t("dashboard.claims.reason")}</span> {claim.decisionReason}
                </p>
              ) : null}
              {claim.status === "approved" && claim.claimType !== "information_correction" ? (
                <LocalizedLink to={`/dashboard/business/${claim.businessId}`} className="btn-secondary mt-3">
                  {t("business.manage")}
                </LocalizedLink>
              ) : null}
            </ClaimCard>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-6">
          {t("dashboard.claims.empty")}{" "}
          <LocalizedLink to="/directory" className="text-brand-800 underline">
            {t("dashboard.claims.findBusiness")}
          </LocalizedLink>
        </p>
      )}
    </section>
  );
}
