import { redirect } from "react-router";
import { languageOfPath, localizePath } from "#app/lib/i18n";
import type { Route } from "./+types/forums";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(localizePath(`/community${url.search}`, languageOfPath(url.pathname)), 301);
}
