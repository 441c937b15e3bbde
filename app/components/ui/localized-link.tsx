import type { ComponentProps } from "react";
import { Link, NavLink } from "react-router";
import { localizePath } from "#app/lib/i18n";
import { useLanguage } from "#app/lib/use-language";

/** A Link whose `to` is an English path; it points at the same page in the visitor's language. */
export function LocalizedLink({ to, ...props }: ComponentProps<typeof Link> & { to: string }) {
  const language = useLanguage();
  return <Link to={localizePath(to, language)} {...props} />;
}

export function LocalizedNavLink({ to, ...props }: ComponentProps<typeof NavLink> & { to: string }) {
  const language = useLanguage();
  return <NavLink to={localizePath(to, language)} {...props} />;
}
