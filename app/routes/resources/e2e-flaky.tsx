import { data } from "react-router";
import { env } from "#app/lib/env.server";
import type { Route } from "./+types/e2e-flaky";

// Only with E2E_ROUTES=1 (the e2e server): a page whose loader fails on every other call, so a
// browser test can see the error boundary and prove that Try Again resets it. 404 otherwise.
const calls = new Map<string, number>();

export function loader({ request }: Route.LoaderArgs) {
  if (env().E2E_ROUTES !== "1") throw data("Not found", { status: 404 });
  const key = new URL(request.url).searchParams.get("key") ?? "default";
  const count = (calls.get(key) ?? 0) + 1;
  calls.set(key, count);
  if (count % 2 === 1) throw new Error("Simulated failure for the error boundary test");
  return { count };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function Flaky({ loaderData }: Route.ComponentProps) {
  return <p data-testid="flaky-ok">Recovered after {loaderData.count} calls.</p>;
}
