import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { readSearchParams } from "#app/lib/search-params";

// Test server only (see testOnlyRoutes in app/routes.ts): a request that takes a while, so a test
// can send SIGTERM while it is in flight and prove the server finishes it before shutting down.
export async function loader({ request }: LoaderFunctionArgs) {
  const { ms } = readSearchParams(request, {
    ms: z
      .string()
      .default("")
      .transform((ms) => Math.min(Math.max(Number(ms) || 0, 0), 5000)),
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return Response.json({ waited: ms });
}
