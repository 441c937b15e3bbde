import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { isStoredRole, type StoredRole } from "#app/lib/authorization";
import { createTestUser, getTestUser, sessionCookieFor } from "#tests/factories/accounts";
import { makeEstablished } from "#tests/factories/moderation";
import { readPayload } from "./payload";

// Test server only (see testOnlyRoutes in app/routes.ts): creates a confirmed user with the roles
// asked for, through the same factory the integration tests use, and with `signIn` a session set
// as this response's cookie (or signs in an existing user, by id), so a browser test starts signed in without going through the form.
const body = z.object({
  roles: z.array(z.custom<StoredRole>(isStoredRole, "unknown role")).default([]),
  firstName: z.string().min(1).max(60).optional(),
  lastName: z.string().min(1).max(60).optional(),
  email: z.email().optional(),
  preferredLanguage: z.enum(["en", "es"]).optional(),
  signIn: z.boolean().default(false),
  /** A member rather than a new account (older, with published activity): moderation tests. */
  established: z.boolean().default(false),
  /** Signs in this existing user instead of creating one. */
  userId: z.string().min(1).optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const read = await readPayload(request, body);
  if ("refusal" in read) return read.refusal;
  const { signIn, userId, established, ...userOptions } = read.options;
  const user = userId ? await getTestUser(userId) : await createTestUser(userOptions);
  if (!user) return Response.json({ error: "no such user" }, { status: 404 });
  if (established) await makeEstablished(user.id);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (signIn) headers.append("Set-Cookie", `${await sessionCookieFor(user.id)}; Path=/; HttpOnly; SameSite=Lax`);
  return Response.json(user, { status: 201, headers });
}
