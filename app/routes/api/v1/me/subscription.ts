import { data } from "react-router";
import { checkSubscription } from "#app/platform/plans/subscription.server";
import { getSessionUser } from "#app/web/session.server";
import type { Route } from "./+types/subscription";

/** check-subscription for the signed-in user: { subscribed, product_id, subscription_end }. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    return data({ error: "unauthorized" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  return data(await checkSubscription(user.id), { headers: { "Cache-Control": "private, no-store" } });
}
