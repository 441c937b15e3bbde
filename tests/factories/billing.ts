import * as adminSubscriptions from "#app/routes/admin/subscriptions";
import * as subscriptionPage from "#app/routes/dashboard/subscription";
import { postForm } from "#tests/factories/route-calls";

// The two billing forms most tests post: the admin's subscriptions desk (grant, end, confirm a
// transfer) and the owner's subscription page (request a plan, start a checkout).

export function postAdminSubscriptions(fields: Record<string, string>, cookie: string | null) {
  return postForm(adminSubscriptions, "/admin/subscriptions", fields, cookie);
}

export function postSubscriptionPage(fields: Record<string, string>, cookie: string | null) {
  return postForm(subscriptionPage, "/dashboard/subscription", fields, cookie);
}
