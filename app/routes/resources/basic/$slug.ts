import { redirect } from "react-router";
import { languageOfPath, localizePath } from "#app/lib/i18n";
import type { Route } from "./+types/$slug";

// /basic/{slug} is the old address of a business page.
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = `/business/${encodeURIComponent(params.slug)}${url.search}`;
  return redirect(localizePath(target, languageOfPath(url.pathname)), 301);
}
