import { lazy, Suspense } from "react";
import { data, useActionData } from "react-router";
import { PageHeader } from "#app/components/ui/page-header";
import { createEvent, verifiedBusinessesOwnedBy } from "#app/features/events/events.server";
import { eventSchema } from "#app/features/events/forms";
import { localizePath } from "#app/lib/i18n";
import { getRequestTranslator } from "#app/lib/i18n.server";
import { metaFromHead } from "#app/lib/page-meta";
import { type TranslationsHandle, useTranslation } from "#app/lib/translations";
import { listVenueChoices } from "#app/platform/listings/event-venues.server";
import { listAreas } from "#app/platform/site/site-config.server";
import { redirectWithToast } from "#app/web/flash.server";
import { readFormData, submitForm } from "#app/web/form-action.server";
import { requireUser } from "#app/web/session.server";
import type { Route } from "./+types/new";

// /events/new: a signed-in person adds an event. It publishes at once or waits for a moderator
// (createEvent decides from the account's trust and the organising business).
export const handle = { i18n: ["events"], cache: false } satisfies TranslationsHandle & { cache: false };

const EventForm = lazy(() =>
  import("#app/components/events/event-form").then((module) => ({ default: module.EventForm })),
);

export const meta: Route.MetaFunction = (args) => metaFromHead(args);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { language, t } = await getRequestTranslator(request);
  const [areas, venues, ownBusinesses] = await Promise.all([
    listAreas(language),
    listVenueChoices(),
    verifiedBusinessesOwnedBy(user.id),
  ]);
  return {
    head: { title: t("events:meta.newTitle"), description: t("events:meta.newDescription"), noindex: true },
    areas: areas.map((area) => ({ slug: area.slug, name: area.name })),
    venues,
    ownBusinesses: ownBusinesses.map((business) => ({ id: business.id, name: business.name })),
    email: user.email,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { language } = await getRequestTranslator(request);
  const formData = await readFormData(request);
  if (!formData) return data({ result: null }, { status: 400 });
  return submitForm(
    formData,
    eventSchema,
    async (value) => {
      const created = await createEvent({ actor: user, input: value });
      return redirectWithToast(
        request,
        localizePath(`/events/${created.slug}`, language),
        created.status === "published" ? "eventPublished" : "eventPending",
      );
    },
    { failure: {} },
  );
}

export default function NewEventPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <PageHeader
        title={t("form.title")}
        description={t("form.intro")}
        back={{ to: "/events", label: t("page.title") }}
      />
      <Suspense>
        <EventForm
          areas={loaderData.areas}
          venues={loaderData.venues}
          ownBusinesses={loaderData.ownBusinesses}
          lastResult={actionData?.result}
          defaultValue={{ repeat: "none", currency: "USD", contactEmail: loaderData.email }}
          submitLabel={t("form.submit")}
          intent="create"
        />
      </Suspense>
    </div>
  );
}
