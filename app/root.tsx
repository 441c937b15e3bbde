import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { ErrorPanel } from "#app/components/layout/error-panel";
import { adNetworkRunsOn, SiteShell } from "#app/components/layout/site-shell";
import { useRevealFormMessagesAfterPost, useUploadSizeCheck } from "#app/components/ui/form-message";
import { LinkNavigation } from "#app/components/ui/localized-link";
import { type Language, languageOfPath, localizePath, textDirection } from "#app/lib/i18n";
import { useNonce } from "#app/lib/nonce";
import { themeColor } from "#app/lib/seo";
import { TranslationsScript, useTranslation } from "#app/lib/translations";
import { readFlash } from "#app/web/flash.server";
import { type LoadedRootData, loadRootData } from "#app/web/root-data.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icon-192.png" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [root, flash] = await Promise.all([loadRootData(request), readFlash(request)]);
  return data({ ...root, toasts: flash.toasts }, flash.headers ? { headers: flash.headers } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as LoadedRootData | undefined;
  const location = useLocation();
  const language = root?.language ?? languageOfPath(location.pathname);
  const nonce = useNonce();
  return (
    <html
      lang={language}
      dir={textDirection(language)}
      // A cached page starts its scripts only when the visitor needs them (decision 012); the ad
      // network's consent banner needs them at load.
      data-hydrate={adNetworkRunsOn(root?.adNetwork, location.pathname) ? "load" : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <meta name="geo.region" content="CR-G" />
        <Meta />
        <Links />
        <FeedLinks language={language} />
      </head>
      <body className="min-h-dvh bg-white text-slate-900 antialiased">
        <LinkNavigation>{children}</LinkNavigation>
        <TranslationsScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The events' RSS feed in the page's language, announced on every page so readers can find it. */
function FeedLinks({ language }: { language: Language }) {
  const { t } = useTranslation("common");
  return (
    <link
      rel="alternate"
      type="application/rss+xml"
      title={t("layout.eventsFeed")}
      href={localizePath("/events.rss", language)}
    />
  );
}

export default function App() {
  const root = useRouteLoaderData("root") as LoadedRootData | undefined;
  useRevealFormMessagesAfterPost();
  useUploadSizeCheck(root?.uploadLimitBytes);
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <SiteShell>
      <ErrorPanel error={error} />
    </SiteShell>
  );
}
