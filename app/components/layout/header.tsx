import { Form, useLocation, useRouteLoaderData } from "react-router";
import { Menu, X } from "#app/components/ui/icons";
import { LocalizedLink, LocalizedNavLink, menuLinkClass } from "#app/components/ui/localized-link";
import { TooltipBubble, tooltipAnchorClass } from "#app/components/ui/tooltip";
import { localizePath } from "#app/lib/i18n";
import { useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { hasPage, mainNavPages } from "#app/manifests";
import type { LoadedRootData } from "#app/web/root-data.server";
import { LanguageSwitcher } from "./language-switcher";

function MainLinks({ onMobile = false }: { onMobile?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={onMobile ? "flex flex-col gap-1" : "flex items-center gap-1"}>
      {mainNavPages().map((page) => (
        <li key={page.id}>
          <LocalizedNavLink to={page.path} className={menuLinkClass}>
            {t(page.labelKey)}
          </LocalizedNavLink>
        </li>
      ))}
    </ul>
  );
}

function AccountLinks({ onMobile = false }: { onMobile?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = (useRouteLoaderData("root") as LoadedRootData | undefined)?.user;
  if (user) {
    // Signed in shows Admin (admins only), Dashboard and Sign out. Sign out is a POST
    // form, so it works without JavaScript and a link prefetch can never sign anyone out.
    return (
      <div className={onMobile ? "flex flex-col gap-2" : "flex items-center gap-2"}>
        {user.seesAdmin ? (
          <LocalizedLink to="/admin" className="btn-secondary whitespace-nowrap" data-testid="header-admin">
            {t("nav.admin")}
          </LocalizedLink>
        ) : null}
        <LocalizedLink to="/dashboard" className="btn-secondary whitespace-nowrap" data-testid="header-dashboard">
          {t("nav.dashboard")}
        </LocalizedLink>
        <Form method="post" action={localizePath("/auth/sign-out", language)} className={onMobile ? "flex" : undefined}>
          <button type="submit" className={onMobile ? "btn-primary w-full" : "btn-primary whitespace-nowrap"}>
            {t("nav.signOut")}
          </button>
        </Form>
      </div>
    );
  }
  return (
    <div className={onMobile ? "flex flex-col gap-2" : "flex items-center gap-2"}>
      {hasPage("auth") ? (
        <LocalizedLink to="/auth" className="btn-secondary whitespace-nowrap">
          {t("nav.signIn")}
        </LocalizedLink>
      ) : null}
      {/* Joining is having an account: a signed-out visitor goes straight to the sign-up form. */}
      {hasPage("auth") ? (
        <LocalizedLink to="/auth?mode=signup" className="btn-primary whitespace-nowrap" data-testid="header-join">
          {t("nav.joinCommunity")}
        </LocalizedLink>
      ) : null}
    </div>
  );
}

// Below the button, kept inside a 375 px screen by aligning to the button's right edge.
const menuBubble = "top-full right-0 mt-1 whitespace-nowrap";

export function Header({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <LocalizedLink
          to="/"
          className="flex items-center gap-2 font-bold text-brand-800"
          aria-label={t("nav.homeLabel", { siteName })}
        >
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="text-lg whitespace-nowrap">{siteName}</span>
        </LocalizedLink>
        <nav aria-label={t("layout.mainNavigation")} className="hidden xl:block">
          <MainLinks />
        </nav>
        <div className="hidden items-center gap-3 xl:flex">
          <LanguageSwitcher compact />
          <AccountLinks />
        </div>
        {/* A <details> menu opens and closes without JavaScript; keyed by the URL so a navigation closes it. */}
        <details key={location.pathname + location.search} className="group xl:hidden" data-testid="mobile-menu">
          {/* The same summary opens and closes the menu: its name and its tooltip follow the icon. */}
          <summary
            className={`${tooltipAnchorClass} flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden`}
            data-testid="mobile-menu-button"
          >
            <Menu className="size-6 group-open:hidden" aria-hidden="true" />
            <X className="hidden size-6 group-open:block" aria-hidden="true" />
            <span className="sr-only group-open:hidden">{t("layout.menu")}</span>
            <span className="sr-only hidden group-open:inline">{t("layout.closeMenu")}</span>
            <TooltipBubble text={t("layout.menu")} className={`${menuBubble} group-open:hidden`} />
            <TooltipBubble text={t("layout.closeMenu")} className={`${menuBubble} hidden group-open:block`} />
          </summary>
          <div className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg">
            <nav aria-label={t("layout.mainNavigation")}>
              <MainLinks onMobile />
            </nav>
            <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
              <LanguageSwitcher />
              <AccountLinks onMobile />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
