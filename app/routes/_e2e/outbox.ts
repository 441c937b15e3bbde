import type { LoaderFunctionArgs } from "react-router";
import { readSearchParams, searchParam } from "#app/lib/search-params";
import { listOutbox } from "#app/platform/outbox/outbox.server";

// Test server only (see testOnlyRoutes in app/routes.ts): the emails queued for one address,
// newest first, read from the outbox table, so browser tests follow email links without
// depending on how the admin outbox page looks.
export async function loader({ request }: LoaderFunctionArgs) {
  const { to } = readSearchParams(request, { to: searchParam.text({ trim: true }) });
  if (!to) return Response.json({ error: "to is required" }, { status: 400 });
  const { entries } = await listOutbox({ to, limit: 20 });
  return Response.json(
    entries
      .filter((entry) => entry.to.toLowerCase() === to.toLowerCase())
      .map(({ to, subject, text, replyTo, headers, createdAt }) => ({
        to,
        subject,
        text,
        replyTo,
        headers,
        createdAt,
      })),
    { headers: { "Cache-Control": "no-store" } },
  );
}
