import { redirect, redirectDocument } from "react-router";
import { CheckCircle2, XCircle } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { languageOfPath, localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { authResponseHeaders, signUpCookieName } from "#app/lib/session-cookie.server";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { verifyEmail } from "#app/platform/accounts/auth-flows.server";
import type { Route } from "./+types/verify";

export const handle = { i18n: ["accounts"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

// The link in the confirmation email. Opening it confirms the address; in the browser that signed
// up it also signs in and goes where the person was going (a forwarded email hands nobody else a
// session: elsewhere the page asks to sign in).
export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const { token, redirectTo } = readSearchParams(request, {
    token: searchParam.text(),
    redirectTo: searchParam.redirectPath(),
  });
  const { verified, cookies } =
    token.length > 0 && token.length <= 2048
      ? await verifyEmail({ token, cookie: request.headers.get("cookie") })
      : { verified: false, cookies: null };
  if (cookies) {
    const headers = authResponseHeaders(request, cookies);
    headers.append("Set-Cookie", `${signUpCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    const to = redirectTo || localizePath("/dashboard", language);
    // Going to a page in the other language needs a full load (the browser holds one language).
    const go = languageOfPath(new URL(to, "http://local").pathname) === language ? redirect : redirectDocument;
    throw go(to, { headers });
  }
  return {
    redirectTo,
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
      <LocalizedLink
        to={loaderData.redirectTo ? `/auth?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "/auth"}
        className="btn-primary mt-8 inline-flex"
      >
        {t("auth.verify.signIn")}
      </LocalizedLink>
    </section>
  );
}
