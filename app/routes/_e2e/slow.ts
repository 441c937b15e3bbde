import type { LoaderFunctionArgs } from "react-router";

// Test server only (see testOnlyRoutes in app/routes.ts): a request that takes a while, so a test
// can send SIGTERM while it is in flight and prove the server finishes it before shutting down.
export async function loader({ request }: LoaderFunctionArgs) {
  const ms = Math.min(Math.max(Number(new URL(request.url).searchParams.get("ms")) || 0, 0), 5000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return Response.json({ waited: ms });
}
