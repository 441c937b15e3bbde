import { data } from "react-router";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { getRequestTranslator } from "#app/lib/i18n.server";
import type { Route } from "./+types/$";

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await getRequestTranslator(request);
  throw data(t("notFound.title"), { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  const { t } = await getRequestTranslator(request);
  throw data(t("notFound.title"), { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "404" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPanel error={error} />;
}
