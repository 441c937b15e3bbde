import { CheckCircle2, XCircle } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { verifyEmail } from "#app/domain/accounts/auth-flows.server";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import type { Route } from "./+types/verify";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

// The link in the confirmation email. Opening it confirms the address; it does not sign in, so a
// forwarded email cannot hand someone else a session.
export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await getRequestTranslator(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = token.length > 0 && token.length <= 2048 ? await verifyEmail({ token }) : false;
  return {
    head: {
      title: t("accounts:auth.verify.metaTitle"),
      description: t("accounts:auth.verify.metaTitle"),
      noindex: true,
    },
    verified,
  };
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const Icon = loaderData.verified ? CheckCircle2 : XCircle;
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <Icon
        className={`mx-auto size-12 ${loaderData.verified ? "text-green-700" : "text-red-700"}`}
        aria-hidden="true"
      />
      <h1 className="mt-4 text-2xl font-bold">
        {loaderData.verified ? t("auth.verify.successTitle") : t("auth.verify.failedTitle")}
      </h1>
      <p className="mt-3 text-slate-700">
        {loaderData.verified ? t("auth.verify.successBody") : t("auth.verify.failedBody")}
      </p>
      <LocalizedLink to="/auth" className="btn-primary mt-8 inline-flex">
        {t("auth.verify.signIn")}
      </LocalizedLink>
    </section>
  );
}
