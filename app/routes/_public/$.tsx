import { data, isRouteErrorResponse } from "react-router";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { getRequestTranslator } from "#app/lib/i18n.server";
import type { RootData } from "#app/lib/page-meta";
import type { Route } from "./+types/$";

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await getRequestTranslator(request);
  throw data(t("notFound.title"), { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  const { t } = await getRequestTranslator(request);
  throw data(t("notFound.title"), { status: 404 });
}

// The loader's thrown answer carries the translated "Page not found"; the title adds the site name.
export const meta: Route.MetaFunction = ({ error, matches }) => {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  const siteName = root?.site.siteName ?? "Playa Hub";
  const heading = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  return [{ title: heading ? `${heading} · ${siteName}` : siteName }, { name: "robots", content: "noindex" }];
};

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
