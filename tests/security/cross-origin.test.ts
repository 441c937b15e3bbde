import { describe, expect, it } from "vitest";
import { getSessionUser } from "#app/web/session.server";
import { createSignedInUser } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { startTestServer } from "./support/server";

// React Router refuses a cross-origin POST to a page's action, but sign-out is a resource route
// (no page), and another site's form could sign our visitors out. Same for the click counter.

const server = startTestServer();

async function signedIn(cookie: string) {
  return (await getSessionUser(new Request("http://localhost/", { headers: { cookie } }))) !== null;
}

function signOut(cookie: string, headers: Record<string, string>) {
  return server.request("/auth/sign-out", {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "",
  });
}

describe("cross-origin POSTs to resource routes", () => {
  it("sign-out from another site is refused and the session lives on", async () => {
    const user = await createSignedInUser();
    for (const origin of ["https://evil.example", "null", `${server.origin}.evil.example`]) {
      const response = await signOut(user.cookie, { origin });
      await response.arrayBuffer();
      expect(response.status, origin).toBe(403);
      expect(response.headers.getSetCookie().join(";")).not.toContain("playa.session_token=;");
    }
    const sneaky = await signOut(user.cookie, { "sec-fetch-site": "cross-site" });
    await sneaky.arrayBuffer();
    expect(sneaky.status).toBe(403);
    expect(await signedIn(user.cookie)).toBe(true);
  });

  it("sign-out from our own pages (or a client sending no Origin) still works", async () => {
    const user = await createSignedInUser();
    const response = await signOut(user.cookie, { origin: server.origin });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    expect(await signedIn(user.cookie)).toBe(false);

    const other = await createSignedInUser();
    const bare = await signOut(other.cookie, {});
    await bare.arrayBuffer();
    expect(bare.status).toBe(302);
    expect(await signedIn(other.cookie)).toBe(false);
  });

  it("click counts from another site are refused", async () => {
    const business = await createBusiness();
    const post = (origin: string) =>
      server.request(`/api/v1/businesses/${business.slug}/events`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: "kind=website",
      });
    const foreign = await post("https://evil.example");
    await foreign.arrayBuffer();
    expect(foreign.status).toBe(403);
    const own = await post(server.origin);
    await own.arrayBuffer();
    expect(own.status).toBe(204);
  });
});
