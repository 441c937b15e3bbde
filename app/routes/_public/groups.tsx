import { lazy, Suspense } from "react";
import { data, redirect, useActionData } from "react-router";
import { GroupCard } from "#app/components/groups/group-card";
import { FilterSelects } from "#app/components/groups/group-filters";
import { Clock, Users } from "#app/components/ui/icons";
import { LocalizedLink } from "#app/components/ui/localized-link";
import { EmptyList, FilterPanel, ListSection, PageHeader, PageSection } from "#app/components/ui/page-header";
import { StatusBadge } from "#app/components/ui/status-badge";
import {
  groupFiltersSchema,
  memberCountSchema,
  suggestGroupSchema,
  verifyGroupSchema,
} from "#app/features/groups/forms";
import {
  countPublishedGroups,
  listGroupAdminDetails,
  listMyPendingGroups,
  listOwnGroupIds,
  listPublishedGroups,
  siteToday,
  suggestGroup,
  unverifyGroup,
  updateMemberCount,
  verifyGroup,
} from "#app/features/groups/groups.server";
import { can } from "#app/lib/authorization";
import { handleAction } from "#app/lib/errors.server";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import type { RouteCachePolicy } from "#app/lib/response-cache/cache.server";
import { readSearchParams } from "#app/lib/search-params";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { hasPage } from "#app/manifests";
import { listAreas } from "#app/platform/site/site-config.server";
import { filterFormValues } from "#app/web/filter-form-values";
import { redirectWithToast } from "#app/web/flash.server";
import { readFormData, submitForm } from "#app/web/form-action.server";
import { actOnIntent } from "#app/web/intents";
import { getSessionUser, signInPath } from "#app/web/session.server";
import type { Route } from "./+types/groups";

// /groups: the published local groups with filters that are a plain GET form. Anonymous copies
// are the same for everyone (cached; a group write bumps "groups"); a signed-in visitor also gets
// the suggest form, their own suggestions waiting for review, and, for admins, tools per group.
export const handle = {
  i18n: ["groups", "moderation:report", "moderation:reasons", "moderation:errors"],
  cache: { kinds: ["groups", "site"] },
} satisfies TranslationsHandle & { cache: RouteCachePolicy };

const SuggestGroupForm = lazy(() =>
  import("#app/components/groups/suggest-form").then((module) => ({ default: module.SuggestGroupForm })),
);
const ReportControl = lazy(() =>
  import("#app/components/moderation/report-form").then((module) => ({ default: module.ReportControl })),
);
const GroupAdminTools = lazy(() =>
  import("#app/components/groups/admin-tools").then((module) => ({ default: module.GroupAdminTools })),
);

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const { language, t } = await getRequestTranslator(request);
  const filters = readSearchParams(request, groupFiltersSchema.shape, { emptyIsMissing: true });
  const filtered = Boolean(filters.topic || filters.area || filters.language);
  const [user, groups, areas] = await Promise.all([
    getSessionUser(request),
    listPublishedGroups({ filters, language }),
    listAreas(language),
  ]);
  const isAdmin = can(user, "update:group:any");
  const [anyPublished, mine, ownIds, adminDetails] = await Promise.all([
    groups.length === 0 && filtered ? countPublishedGroups() : groups.length,
    user ? listMyPendingGroups({ actor: user }) : [],
    user ? listOwnGroupIds({ actor: user, groupIds: groups.map((group) => group.id) }) : ([] as string[]),
    user && isAdmin ? listGroupAdminDetails({ actor: user, groupIds: groups.map((group) => group.id) }) : null,
  ]);
  return {
    head: {
      title: t("groups:meta.title"),
      description: t("groups:meta.description"),
      // One indexable list; filtered views are the same groups.
      noindex: filtered,
    },
    groups,
    filters: filterFormValues(filters, ["topic", "area", "language"]),
    filtered,
    anyPublished: anyPublished > 0,
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    signedIn: Boolean(user),
    canSuggest: can(user, "create:group:any"),
    mine,
    ownIds,
    admin: adminDetails ? { today: siteToday(), details: Object.fromEntries(adminDetails) } : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { language, t } = await getRequestTranslator(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInPath(request));
  const formData = await readFormData(request);
  if (!formData) throw data(t("groups:form.errors.intent"), { status: 400 });
  const groupsPath = localizePath("/groups", language);

  const suggest = (intent: "suggest") =>
    submitForm(
      formData,
      suggestGroupSchema,
      async (input) => {
        await suggestGroup({ actor: user, input });
        return redirectWithToast(request, `${groupsPath}#mine`, "groupSuggested");
      },
      { failure: { intent, groupId: null } },
    );

  const verifyOrCount = (intent: "verify" | "count") => {
    const groupId = typeof formData.get("groupId") === "string" ? String(formData.get("groupId")) : null;
    return submitForm(
      formData,
      intent === "verify" ? verifyGroupSchema : memberCountSchema,
      async (value) => {
        if (value.intent === "verify") {
          await verifyGroup({ actor: user, groupId: value.groupId, proofNote: value.proofNote });
        } else {
          await updateMemberCount({
            actor: user,
            groupId: value.groupId,
            memberCount: value.memberCount,
            countedOn: value.countedOn,
          });
        }
        return redirectWithToast(
          request,
          `${groupsPath}#group-${value.groupId}`,
          value.intent === "verify" ? "groupVerified" : "memberCountSaved",
        );
      },
      { failure: { intent, groupId } },
    );
  };

  const unverify = (intent: "unverify") => {
    const groupId = String(formData.get("groupId") ?? "");
    return handleAction(
      async () => {
        await unverifyGroup({ actor: user, groupId });
        return redirectWithToast(request, `${groupsPath}#group-${groupId}`, "groupUnverified");
      },
      { failure: { intent, groupId } },
    );
  };

  return actOnIntent(formData, { suggest, verify: verifyOrCount, count: verifyOrCount, unverify }, () =>
    data({ intent: null, groupId: null, error: "groups:form.errors.intent" }, { status: 400 }),
  );
}

export default function GroupsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("groups");
  const actionData = useActionData<typeof action>();
  const { groups, filters, areas, admin } = loaderData;
  const suggestResult = actionData?.intent === "suggest" && "result" in actionData ? actionData.result : null;
  const adminResultFor = (groupId: string) =>
    actionData && actionData.groupId === groupId && "result" in actionData && actionData.intent
      ? { intent: actionData.intent, result: actionData.result }
      : null;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <PageHeader title={t("page.title")} description={t("page.intro")} />

      <FilterPanel id="group-filters-title" title={t("filters.title")}>
        <FilterSelects filters={filters} areas={areas} filtered={loaderData.filtered} />
      </FilterPanel>

      <ListSection
        id="groups-list-title"
        title={t("page.listTitle")}
        count={t("page.count", { count: groups.length })}
        countTestId="group-count"
      >
        {groups.length ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="group-list">
            {groups.map((group) => (
              <li key={group.id} className="flex">
                <div className="flex w-full flex-col">
                  <GroupCard group={group}>
                    {loaderData.signedIn && !loaderData.ownIds.includes(group.id) ? (
                      <Suspense>
                        <ReportControl kind="group" itemId={group.id} signedIn own={false} />
                      </Suspense>
                    ) : null}
                    {admin?.details[group.id] ? (
                      <Suspense>
                        <GroupAdminTools
                          groupId={group.id}
                          today={admin.today}
                          details={admin.details[group.id]}
                          lastResult={adminResultFor(group.id)}
                        />
                      </Suspense>
                    ) : null}
                  </GroupCard>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyList
            testId="groups-empty"
            icon={Users}
            title={loaderData.anyPublished ? t("empty.filteredTitle") : t("empty.title")}
            text={loaderData.anyPublished ? t("empty.filteredText") : t("empty.text")}
          >
            {loaderData.filtered ? (
              <LocalizedLink to="/groups" className="btn-secondary mt-4">
                {t("filters.clear")}
              </LocalizedLink>
            ) : null}
          </EmptyList>
        )}
      </ListSection>

      {loaderData.mine.length ? (
        <PageSection id="mine" title={t("mine.title")} framed testId="my-groups">
          <ul className="space-y-2">
            {loaderData.mine.map((group) => (
              <li key={group.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{group.name}</span>
                <StatusBadge tone="warning">
                  <Clock className="mr-1 size-3.5" aria-hidden="true" />
                  {t("mine.waiting")}
                </StatusBadge>
                <span className="text-slate-600">
                  {t(
                    group.statusReason === "suggested" || group.statusReason === "dead-link"
                      ? `mine.reasons.${group.statusReason}`
                      : "mine.reasons.other",
                  )}
                </span>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      <PageSection id="suggest" title={t("suggest.title")} framed testId="suggest-group">
        <p className="text-sm text-slate-600">{t("suggest.intro")}</p>
        {loaderData.canSuggest ? (
          <Suspense>
            <SuggestGroupForm areas={areas} lastResult={suggestResult} />
          </Suspense>
        ) : !loaderData.signedIn && hasPage("auth") ? (
          <LocalizedLink to="/auth?redirectTo=%2Fgroups%23suggest" className="btn-primary">
            {t("suggest.signIn")}
          </LocalizedLink>
        ) : null}
      </PageSection>
    </div>
  );
}
