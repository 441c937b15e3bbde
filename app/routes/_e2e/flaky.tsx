import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { readSearchParams, searchParam } from "#app/lib/search-params";

// Test server only (see testOnlyRoutes in app/routes.ts): a page whose loader fails on every
// other call, so a browser test can see the error boundary and prove that Try Again resets it.
// Typed by hand: route types are generated for the production route table, which has no _e2e.
const calls = new Map<string, number>();

export function loader({ request }: LoaderFunctionArgs) {
  const { key } = readSearchParams(request, { key: searchParam.text({ fallback: "default" }) });
  const count = (calls.get(key) ?? 0) + 1;
  calls.set(key, count);
  if (count % 2 === 1) throw new Error("Simulated failure for the error boundary test");
  return { count };
}

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function Flaky() {
  const { count } = useLoaderData<typeof loader>();
  return <p data-testid="flaky-ok">Recovered after {count} calls.</p>;
}
