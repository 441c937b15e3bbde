import { data } from "react-router";
import { NoticeList } from "#app/components/moderation/notice-list";
import { BusinessOverview } from "#app/components/owner/business-overview";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { PageHeader } from "#app/components/ui/page-header";
import { bookingsTodayByBusiness } from "#app/features/bookings/booking-reads.server";
import { listOwnerOverview } from "#app/features/directory/overview.server";
import { unreadMessagesByBusiness } from "#app/features/messages/messages.server";
import { handleAction } from "#app/lib/errors.server";
import { formatDate } from "#app/lib/format";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { useLanguage } from "#app/lib/use-language";
import { getAccount } from "#app/platform/accounts/users.server";
import { dismissNotice, listMyNotices } from "#app/platform/moderation/moderation.server";
import { checkSubscription, isPlanId } from "#app/platform/plans/subscription.server";
import { redirectBackWithToast } from "#app/web/flash.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/index";

export const handle = { i18n: ["accounts", "moderation", "owner", "directory:statuses"] } satisfies TranslationsHandle;

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestTranslator(request);
  const [account, subscription, notices, businesses] = await Promise.all([
    getAccount({ userId: user.id }),
    checkSubscription(user.id),
    listMyNotices({ actor: user }),
    listOwnerOverview({ actor: user }),
  ]);
  const owned = businesses.filter((business) => business.owned).map((business) => business.id);
  return {
    head: {
      title: t("accounts:dashboard.overview.metaTitle"),
      description: t("accounts:dashboard.overview.intro"),
      noindex: true,
    },
    account: {
      firstName: account.firstName || account.name,
      name: account.name,
      email: account.email,
      emailVerified: account.emailVerified,
      createdAt: account.createdAt.toISOString(),
    },
    role: user.role,
    // A plan is a listing's: someone with no listing and no plan is not on the "free listing" plan.
    plan:
      subscription.subscribed && isPlanId(subscription.product_id)
        ? subscription.product_id
        : businesses.length
          ? "free"
          : null,
    planEnd: subscription.subscription_end,
    // What moderators decided about the person's posts, and a suspension in force (docs/moderation.md).
    notices,
    suspension: user.suspension,
    // The owner's listings: status, last 7 days' views, what to do next (docs/owner-dashboard.md).
    businesses,
    // Per listing the person owns: bookings starting today and unread visitor messages.
    todaysBookings: owned.length ? await bookingsTodayByBusiness({ businessIds: owned }) : null,
    unreadMessages: owned.length ? await unreadMessagesByBusiness({ ownerId: user.id }) : null,
  };
}

/** "Dismiss" on a moderation notice: the one thing posted from the overview. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const noticeId = Number.parseInt(String(formData.get("noticeId") ?? ""), 10);
  if (formData.get("intent") !== "dismiss-notice" || !Number.isSafeInteger(noticeId) || noticeId < 1) {
    return data({ error: "moderation:errors.notFound" }, { status: 400 });
  }
  return handleAction(
    async () => {
      await dismissNotice({ actor: user, noticeId });
      return redirectBackWithToast(request, "noticeDismissed");
    },
    { failure: {} },
  );
}

export default function DashboardOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const { account } = loaderData;
  const rows: [string, string][] = [
    [
      t("dashboard.overview.email"),
      `${account.email} · ${account.emailVerified ? t("dashboard.overview.emailVerified") : t("dashboard.overview.emailNotVerified")}`,
    ],
    [t("dashboard.overview.role"), t(`roles.${loaderData.role}`)],
  ];
  if (loaderData.plan)
    rows.push([
      t("dashboard.overview.plan"),
      loaderData.planEnd
        ? `${t(`plans.${loaderData.plan}`)} · ${t("dashboard.overview.planEnds", { date: formatDate(new Date(loaderData.planEnd), language) })}`
        : t(`plans.${loaderData.plan}`),
    ]);
  rows.push([t("dashboard.overview.memberSince"), formatDate(new Date(account.createdAt), language)]);
  return (
    <section aria-labelledby="overview-title">
      <PageHeader
        titleId="overview-title"
        title={t("dashboard.overview.greeting", { name: account.firstName })}
        description={t("dashboard.overview.intro")}
      />
      <NoticeList notices={loaderData.notices} suspension={loaderData.suspension} />
      {loaderData.businesses.length ? (
        <BusinessOverview
          businesses={loaderData.businesses}
          todaysBookings={loaderData.todaysBookings}
          unreadMessages={loaderData.unreadMessages}
        />
      ) : null}
      <div className="mt-6 rounded-xl border border-slate-200 p-5">
        <h2 className="font-semibold">{t("dashboard.overview.account")}</h2>
        <dl className="mt-3 divide-y divide-slate-100">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-sm font-medium break-words sm:col-span-2" data-testid={`overview-${label}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <LocalizedLink to="/dashboard/settings" className="btn-secondary mt-4 inline-flex">
          {t("dashboard.overview.manageSettings")}
        </LocalizedLink>
      </div>
    </section>
  );
}
