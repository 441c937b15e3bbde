import { beforeAll, describe, expect, it } from "vitest";
import * as groupsPage from "#app/routes/_public/groups";
import * as adminForums from "#app/routes/admin/forums";
import * as adminSubscriptions from "#app/routes/admin/subscriptions";
import * as adminUser from "#app/routes/admin/users/$userId";
import * as forumPost from "#app/routes/community/forums/post/$id";
import * as manageBookings from "#app/routes/dashboard/bookings/$businessId";
import * as manageEvent from "#app/routes/dashboard/events/$eventId";
import * as properties from "#app/routes/dashboard/properties";
import * as settings from "#app/routes/dashboard/settings";
import { createTestUser, sessionCookieFor } from "#tests/factories/accounts";
import { createForumCategory, createForumDiscussion } from "#tests/factories/community";
import { createBusiness } from "#tests/factories/directory";
import { createMember } from "#tests/factories/moderation";
import { postRequest, run, testContext } from "#tests/factories/route-calls";

// Every action that dispatches on a form's `intent` answers anything it has no handler for the way
// it always has: a missing intent, an unknown one, and the names every object has.

type Action = (args: never) => unknown;

function post(action: Action, path: string, fields: Record<string, string>, cookie: string, params = {}) {
  return run(() => action({ request: postRequest(path, fields, cookie), params, context: testContext() } as never));
}

const strangers: Record<string, string>[] = [
  {},
  { intent: "" },
  { intent: "bogus" },
  { intent: "constructor" },
  { intent: "toString" },
  { intent: "__proto__" },
];
const intentOf = (fields: Record<string, string>) => fields.intent ?? "";

let admin: string;
let member: string;
let owner: { id: string; cookie: string };

beforeAll(async () => {
  admin = await sessionCookieFor((await createTestUser({ roles: ["admin"] })).id);
  member = await sessionCookieFor((await createMember()).id);
  const made = await createTestUser({ roles: ["business_owner"] });
  owner = { id: made.id, cookie: await sessionCookieFor(made.id) };
});

describe("an intent no handler is named for", () => {
  it("a forum thread: 400 with the intent, the item and community:errors.unknownAction", async () => {
    const category = await createForumCategory({ slug: "intents" });
    const author = await createMember();
    const thread = await createForumDiscussion({ author, categoryId: category.id });
    for (const fields of strangers) {
      const result = await post(forumPost.action, `/forums/post/${thread.id}`, { ...fields, id: "abc" }, member, {
        id: thread.id,
      });
      expect(result.status).toBe(400);
      expect(result.data).toEqual({
        intent: intentOf(fields),
        targetId: "abc",
        error: "community:errors.unknownAction",
      });
    }
  });

  it("the forum admin: 400 with the intent, the id and community:errors.unknownAction, whatever the id", async () => {
    for (const fields of strangers) {
      for (const id of ["", "not-a-uuid", "5b0f7f4e-3f6a-4d8e-9c1a-2b3c4d5e6f70"]) {
        const result = await post(adminForums.action, "/admin/forums", { ...fields, id }, admin);
        expect(result.status).toBe(400);
        expect(result.data).toEqual({ intent: intentOf(fields), id, error: "community:errors.unknownAction" });
      }
    }
  });

  it("the groups page: 400 with groups:form.errors.intent and nothing else", async () => {
    for (const fields of strangers) {
      const result = await post(groupsPage.action, "/groups", { ...fields, groupId: "x" }, member);
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ intent: null, groupId: null, error: "groups:form.errors.intent" });
    }
  });

  it("a listing's bookings: 400 with the intent and bookings:errors.intent", async () => {
    const business = await createBusiness({ owner: owner.id, premium: true });
    for (const fields of strangers) {
      const result = await post(manageBookings.action, `/dashboard/bookings/${business.id}`, fields, owner.cookie, {
        businessId: business.id,
      });
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ intent: intentOf(fields), target: "", error: "bookings:errors.intent" });
    }
  });

  it("an account in the admin: 400 with accounts:auth.errors.generic", async () => {
    const someone = await createTestUser();
    for (const fields of strangers) {
      const result = await post(adminUser.action, `/admin/users/${someone.id}`, fields, admin, { userId: someone.id });
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ error: "accounts:auth.errors.generic" });
    }
  });

  it("an owner's properties: 400 with realestate:form.errors.intent", async () => {
    for (const fields of strangers) {
      const result = await post(
        properties.action,
        "/dashboard/properties",
        { ...fields, propertyId: "p" },
        owner.cookie,
      );
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ propertyId: null, error: "realestate:form.errors.intent" });
    }
  });

  it("an event's management page: 400 with events:form.errors.intent", async () => {
    const eventId = "5b0f7f4e-3f6a-4d8e-9c1a-2b3c4d5e6f70";
    for (const fields of strangers) {
      const result = await post(manageEvent.action, `/dashboard/events/${eventId}`, fields, member, { eventId });
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ intent: null, result: null, error: "events:form.errors.intent" });
    }
  });

  it("the subscriptions admin: 400 with billing:errors.intent on no form", async () => {
    for (const fields of [...strangers, { intent: "grants" }, { intent: "x".repeat(30) }]) {
      const result = await post(adminSubscriptions.action, "/admin/subscriptions", fields, admin);
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ error: "billing:errors.intent", form: "", values: {} });
    }
  });

  it("the settings page: 400 with no intent and no result", async () => {
    for (const fields of strangers) {
      const result = await post(settings.action, "/dashboard/settings", fields, member);
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ intent: null, result: undefined, done: false });
    }
  });
});
