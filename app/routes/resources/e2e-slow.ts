import { data } from "react-router";
import { env } from "#app/lib/env.server";
import type { Route } from "./+types/e2e-slow";

// Only with E2E_ROUTES=1: a request that takes a while, so a test can send SIGTERM while it is in
// flight and prove the server finishes it before shutting down. 404 otherwise.
export async function loader({ request }: Route.LoaderArgs) {
  if (env().E2E_ROUTES !== "1") throw data("Not found", { status: 404 });
  const ms = Math.min(Math.max(Number(new URL(request.url).searchParams.get("ms")) || 0, 0), 5000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return Response.json({ waited: ms });
}
