import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Link, NavLink } from "react-router";
import { describe, expect, test } from "vitest";
import { LinkNavigation, LocalizedLink, LocalizedNavLink } from "./localized-link";

// LocalizedLink and LocalizedNavLink stand in for React Router's Link and NavLink on every page:
// the markup they render must be the markup those render for the same localized path.

function render(url: string, element: ReactNode) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <LinkNavigation>{element}</LinkNavigation> }]);
  return renderToStaticMarkup(<Stub initialEntries={[url]} />);
}

const classOf = ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off");

describe("LocalizedLink", () => {
  test.each([
    ["/", "/directory", "/directory"],
    ["/es/guide", "/directory", "/es/directory"],
    ["/es", "/", "/es"],
    ["/es/events", "/directory?q=pizza&area=surfside#results", "/es/directory?q=pizza&area=surfside#results"],
    ["/es", "/es/community", "/es/community"],
    ["/", "/directory#map", "/directory#map"],
  ])("on %s, to %s renders what <Link to=%s> renders", (url, to, localized) => {
    const ours = render(
      url,
      <LocalizedLink to={to} className="btn" rel="next" data-testid="x" aria-label="Go">
        text
      </LocalizedLink>,
    );
    const theirs = render(
      url,
      <Link to={localized} className="btn" rel="next" data-testid="x" aria-label="Go">
        text
      </Link>,
    );
    expect(ours).toBe(theirs);
    expect(ours).toContain(`href="${localized.replaceAll("&", "&amp;")}"`);
  });

  test("hands what it does not implement to <Link>, which renders it", () => {
    const html = render("/es", <LocalizedLink to="/directory" reloadDocument prefetch="none" discover="none" />);
    expect(html).toBe('<a href="/es/directory"></a>');
  });
});

describe("LocalizedNavLink", () => {
  test.each([
    ["/es/beach-report", "/beach-report", false],
    ["/es/beach-report", "/directory", false],
    ["/es/directory/category/food", "/directory", false],
    ["/es/directory/category/food", "/directory", true],
    ["/es", "/", true],
    ["/es/directory", "/", false],
    ["/Es/Directory", "/directory", false],
    ["/DIRECTORY/x", "/directory", false],
    ["/directory", "/directory?q=x", false],
  ])("on %s, to %s (end: %s) renders what <NavLink> renders", (url, to, end) => {
    const localized = url === "/es" || url.startsWith("/es/") ? (to === "/" ? "/es" : `/es${to}`) : to;
    for (const className of [classOf, "plain", undefined]) {
      const ours = render(
        url,
        <LocalizedNavLink to={to} end={end} className={className}>
          {({ isActive }) => (isActive ? "here" : "there")}
        </LocalizedNavLink>,
      );
      const theirs = render(
        url,
        <NavLink to={localized} end={end} className={className}>
          {({ isActive }) => (isActive ? "here" : "there")}
        </NavLink>,
      );
      expect(ours.replace(' class=""', "")).toBe(theirs.replace(' class=""', ""));
    }
  });

  test("marks the current page", () => {
    const html = render("/es/beach-report", <LocalizedNavLink to="/beach-report" className={classOf} />);
    expect(html).toBe('<a aria-current="page" class="on" href="/es/beach-report" data-discover="true"></a>');
  });
});
