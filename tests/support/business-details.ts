import { expect } from "vitest";
import * as editRoute from "#app/routes/dashboard/business/$businessId";
import type { TestBusiness } from "#tests/factories/directory";
import { testContext } from "#tests/factories/route-calls";

/**
 * The dashboard's "my business" form as the browser posts it: `fields` replace the defaults, and
 * `repeated` (checkboxes, one pair a ticked box) are added after them.
 */
export function postBusinessDetails(
  business: TestBusiness,
  cookie: string,
  fields: Record<string, string>,
  repeated: [string, string][] = [],
) {
  const body = new URLSearchParams({
    intent: "details",
    name: business.name,
    category: "restaurant",
    area: "playa-flamingo",
    descriptionEn: "Ceviche by the marina.",
    ...fields,
  });
  for (const [name, value] of repeated) body.append(name, value);
  return editRoute.action({
    request: new Request(`http://localhost/dashboard/business/${business.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: body.toString(),
    }),
    params: { businessId: business.id },
    context: testContext(),
  } as never);
}

/** The business's JSON-LD on its page (the breadcrumbs left aside). */
export function jsonLdOf(html: string) {
  const match = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s);
  expect(match, "the page has JSON-LD").not.toBeNull();
  const parsed = JSON.parse(match?.[1] ?? "[]");
  return (Array.isArray(parsed) ? parsed : [parsed]).find(
    (item: { "@type": string }) => item["@type"] !== "BreadcrumbList",
  );
}
