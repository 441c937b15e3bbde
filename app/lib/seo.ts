import type { MetaDescriptor } from "react-router";
import { type Language, languages, localizePath, stripLanguage } from "./i18n";

export const themeColor = "#1e40af";
export const socialImage = { path: "/social-card.png", width: 1200, height: 630 };

export interface PageMeta {
  title: string;
  description: string;
  /** Current URL path (any language); canonical and alternates are derived from it. */
  pathname: string;
  origin: string;
  language: Language;
  siteName?: string;
  image?: string;
  noindex?: boolean;
}

/** Title, description, canonical, hreflang alternates and social tags for one page. */
export function pageMeta(page: PageMeta): MetaDescriptor[] {
  const bare = stripLanguage(page.pathname);
  const canonical = page.origin + localizePath(bare, page.language);
  const image = page.image ?? page.origin + socialImage.path;
  const title = page.siteName && !page.title.includes(page.siteName) ? `${page.title} · ${page.siteName}` : page.title;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...languages.map((language) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: language,
      href: page.origin + localizePath(bare, language),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: page.origin + localizePath(bare, "en") },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(socialImage.width) },
    { property: "og:image:height", content: String(socialImage.height) },
    { property: "og:locale", content: page.language === "es" ? "es_CR" : "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/**
 * Origin for absolute URLs: SITE_URL when configured, else the request's own. The configured value
 * is a required argument so that no caller can forget it and write the Host header into a page.
 */
export function requestOrigin(request: Request, siteUrl: string | undefined): string {
  if (siteUrl) return siteUrl.replace(/\/$/, "");
  const url = new URL(request.url);
  return url.origin;
}

/**
 * A schema.org BreadcrumbList for a trail of absolute URLs, first to last. It must list the same
 * steps as the breadcrumb links the page shows: search engines refuse a trail the page lacks.
 */
export function breadcrumbJsonLd(steps: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}
