import { type ComponentProps, createContext, type MouseEvent, type ReactNode, useContext } from "react";
import { Link, type NavigateFunction, NavLink, useNavigate } from "react-router";
import { localizePath } from "#app/lib/i18n";
import { useLanguage } from "#app/lib/use-language";

type LinkProps = ComponentProps<typeof Link>;

const LinkNavigateContext = createContext<NavigateFunction | null>(null);

/**
 * Asks the router for its navigate function once per page, for every LocalizedLink below. A page
 * renders about 70 to 200 links; React Router's <Link> resolves its path against the route
 * matches on every render (a JSON string of them per link), which was an eighth of the server's
 * render time of the home page. Our links are absolute paths, so there is nothing to resolve.
 */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <LinkNavigateContext.Provider value={navigate}>{children}</LinkNavigateContext.Provider>;
}

/** A path of this site ("/directory?q=x"), not a URL elsewhere ("//host", "https:") nor relative. */
function isSitePath(href: string) {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

/**
 * A Link whose `to` is an English path; it points at the same page in the visitor's language.
 * Under <LinkNavigation> it is a plain anchor that navigates in the app as <Link> does (left
 * click without a modifier, no other target; `replace` when it points at the current URL); what
 * it does not implement (prefetching, relative paths, reloadDocument…) goes to <Link>.
 */
export function LocalizedLink({ to, ...props }: LinkProps & { to: string }) {
  const language = useLanguage();
  const navigate = useContext(LinkNavigateContext);
  const href = localizePath(to, language);
  const {
    onClick,
    replace,
    state,
    preventScrollReset,
    viewTransition,
    target,
    reloadDocument,
    prefetch,
    relative,
    discover,
    mask,
    defaultShouldRevalidate,
    ...anchor
  } = props;
  const needsLink =
    reloadDocument ||
    (prefetch !== undefined && prefetch !== "none") ||
    relative !== undefined ||
    discover !== undefined ||
    mask !== undefined ||
    defaultShouldRevalidate !== undefined;
  if (!navigate || needsLink || !isSitePath(href)) return <Link to={href} {...props} />;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== "_self")) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    navigate?.(href, { replace: replace ?? here === href, state, preventScrollReset, viewTransition });
  }
  // data-discover as <Link> writes it: the router fetches the routes of links it finds on the page.
  return <a {...anchor} href={href} target={target} onClick={handleClick} data-discover="true" />;
}

export function LocalizedNavLink({ to, ...props }: ComponentProps<typeof NavLink> & { to: string }) {
  const language = useLanguage();
  return <NavLink to={localizePath(to, language)} {...props} />;
}
