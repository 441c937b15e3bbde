import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { useTranslation } from "#app/lib/translations";

// React Router replaces server error messages with this in production; we show our own words instead.
const sanitizedServerMessage = "Unexpected Server Error";

/** The error state: "Something went wrong" with the message or "An unexpected error occurred", and Try Again. */
export function ErrorPanel({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const title = typeof error.data === "string" && error.data ? error.data : t("notFound.title");
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-title">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 id="error-title" className="mt-2 text-3xl font-bold">
          {title}
        </h1>
        <p className="mt-4 text-slate-600">{t("notFound.body")}</p>
        <Link to={location.pathname.startsWith("/es") ? "/es" : "/"} className="btn-primary mt-8 inline-flex">
          {t("notFound.home")}
        </Link>
      </section>
    );
  }
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : error instanceof Error && error.message && error.message !== sanitizedServerMessage
        ? error.message
        : t("error.unexpected");
  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-3xl font-bold">
        {t("error.title")}
      </h1>
      <p className="mt-4 text-slate-600">{message}</p>
      {/* A link to the same URL re-runs the loaders and resets the boundary, with or without JS. */}
      <Link to={location.pathname + location.search} replace className="btn-primary mt-8 inline-flex">
        {t("error.tryAgain")}
      </Link>
    </section>
  );
}
