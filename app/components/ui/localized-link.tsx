import { type ComponentProps, createContext, Fragment, type MouseEvent, type ReactNode, useContext } from "react";
import { Link, type NavigateFunction, type NavLink, useLocation, useNavigate, useNavigation } from "react-router";
import { languageOfPath, localizePath } from "#app/lib/i18n";
import { useLanguage } from "#app/lib/use-language";
import { ChevronRight } from "./icons";

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

type NavLinkProps = ComponentProps<typeof NavLink>;

/** Whether `pathname` is `target` or, unless `end`, a page under it (NavLink's rule). */
function isAtOrUnder(pathname: string, target: string, end: boolean) {
  if (pathname === target) return true;
  const slash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return !end && pathname.startsWith(target) && pathname.charAt(slash) === "/";
}

/** A menu's link (site menu, dashboard sections): a pill, tinted on the page it leads to. */
export const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
  }`;

/**
 * A LocalizedLink that knows whether it points at the current page, as React Router's <NavLink>:
 * `aria-current` and the `isActive` / `isPending` of its className, style and children.
 */
export function LocalizedNavLink({
  to,
  end = false,
  caseSensitive = false,
  className,
  style,
  children,
  "aria-current": ariaCurrent = "page",
  viewTransition: _viewTransition,
  ...props
}: NavLinkProps & { to: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const href = localizePath(to, languageOfPath(location.pathname));
  const fold = (path: string) => (caseSensitive ? path : path.toLowerCase());
  const target = fold(href.split(/[?#]/, 1)[0]);
  const isActive = isAtOrUnder(fold(location.pathname), target, end);
  const next = navigation.location?.pathname;
  const isPending = next !== undefined && isAtOrUnder(fold(next), target, end);
  const state = { isActive, isPending, isTransitioning: false };
  const classes =
    typeof className === "function"
      ? className(state)
      : [className, isActive ? "active" : null, isPending ? "pending" : null].filter(Boolean).join(" ") || undefined;
  return (
    <LocalizedLink
      {...props}
      to={to}
      aria-current={isActive ? ariaCurrent : undefined}
      className={classes}
      style={typeof style === "function" ? style(state) : style}
    >
      {typeof children === "function" ? children(state) : children}
    </LocalizedLink>
  );
}

/**
 * Where a page sits: links up the hierarchy, and the page itself last when it has no link of its
 * own (marked as the current page). The separators are hidden from screen readers; the list says it.
 */
export function Breadcrumbs({
  label,
  items,
  separator = "chevron",
}: {
  label: string;
  items: { label: ReactNode; to?: string }[];
  separator?: "chevron" | "slash";
}) {
  return (
    <nav aria-label={label} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <Fragment key={item.to ?? "current"}>
            {index > 0 ? (
              <li aria-hidden="true">{separator === "chevron" ? <ChevronRight className="size-4" /> : "/"}</li>
            ) : null}
            {item.to ? (
              <li>
                <LocalizedLink to={item.to} className="hover:underline">
                  {item.label}
                </LocalizedLink>
              </li>
            ) : (
              <li aria-current="page">{item.label}</li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
