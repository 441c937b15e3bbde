// Crafted input that used to reach the database or a parser and come back as a 500 (each one a
// logged error a monitor would page on). Every case must be refused with 400 or 415 instead.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestUser, signInCookie } from "#root/tests/factories/accounts";
import { createBusiness } from "#root/tests/factories/directory";
import { startTestServer } from "./support/server";

const server = startTestServer();
let userCookie = "";
let adminCookie = "";
let publicSlug = "";

beforeAll(async () => {
  userCookie = await signInCookie((await createTestUser()).email);
  adminCookie = await signInCookie((await createTestUser({ roles: ["admin"] })).email);
  publicSlug = (await createBusiness({ menu: [{ nameEn: "Casado" }], images: 1 })).slug;
});

function form(fields: Record<string, string>, cookie?: string): RequestInit {
  return {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.origin,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  };
}

async function statusOf(path: string, init?: RequestInit) {
  const response = await server.request(path, init);
  await response.arrayBuffer();
  return response.status;
}

describe("NUL bytes in route parameters", () => {
  it.each([
    "/business/abc%00def",
    "/es/business/abc%00def",
    "/business/abc%00def/claim",
    "/location/abc%00def",
    "/areas/abc%00def",
    "/category/abc%00def",
    "/basic/abc%00def",
  ])("GET %s is a 400", async (path) => {
    expect(await statusOf(path, { headers: { accept: "text/html" } })).toBe(400);
  });

  it("GET /admin/users/<id with NUL> as an admin is a 400", async () => {
    expect(await statusOf("/admin/users/abc%00def", { headers: { cookie: adminCookie } })).toBe(400);
  });

  it("a NUL in the query string is a 400", async () => {
    expect(await statusOf("/directory?q=abc%00def")).toBe(400);
    expect(await statusOf("/auth/reset-password?token=abc%00def")).toBe(400);
  });

  it("unpaired surrogates and malformed UTF-8 in the path are a 400", async () => {
    expect(await statusOf("/business/abc%ED%A0%80def")).toBe(400); // UTF-8 of a lone U+D800
    expect(await statusOf("/business/abc%C0%AEdef")).toBe(400); // overlong "."
    expect(await statusOf("/business/abc%E0%A4")).toBe(400); // truncated sequence
  });
});

describe("NUL bytes and unpaired surrogates in form fields", () => {
  // A NUL in a form field becomes U+FFFD before the route sees it, so the form itself answers with
  // its translated message and keeps what was typed; the database never sees the NUL.
  async function page(path: string, init: RequestInit) {
    const response = await server.request(path, init);
    return { status: response.status, type: response.headers.get("content-type") ?? "", html: await response.text() };
  }

  it("POST /auth/reset-password with token=abc\\0def is refused by the form (400)", async () => {
    const answer = await page(
      "/auth/reset-password",
      form({ token: "abc\u0000def", password: "a long new password 1" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.type).toContain("text/html");
  });

  it("POST /list-business with area=abc\\0def is refused by the form (400)", async () => {
    const fields = { name: "Crafted Café", category: "restaurant", area: "abc\u0000def", slug: "" };
    const answer = await page("/list-business", form(fields, userCookie));
    expect(answer.status).toBe(400);
    expect(answer.type).toContain("text/html");
  });

  it("a NUL typed into sign-up comes back as U+FFFD beside the field's message, the rest kept", async () => {
    const fields = {
      intent: "sign-up",
      firstName: "Ana\u0000",
      lastName: "Mora",
      email: "not-an-email",
      password: "x",
    };
    const answer = await page("/auth?mode=signup", form(fields));
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('value="Ana\uFFFD"');
    expect(answer.html).toContain('value="Mora"');
    expect(answer.html).not.toContain("\u0000");
  });

  it("a lone surrogate in a field (sent as its WTF-8 bytes %ED%A0%80) is a 400", async () => {
    const init = form({}, userCookie);
    init.body = "name=abc%ED%A0%80def&category=restaurant&area=playa-flamingo";
    expect(await statusOf("/list-business", init)).toBe(400);
  });

  it("a NUL in a multipart field or file name is neutralised too", async () => {
    const body = new FormData();
    body.append("token", "abc\u0000def");
    body.append("password", "a long new password 1");
    const answer = await page("/auth/reset-password", {
      method: "POST",
      headers: { origin: server.origin },
      body,
    });
    expect(answer.status).toBe(400);
    expect(answer.type).toContain("text/html");
  });
});

describe("form actions refuse bodies that are not forms", () => {
  const headers = (type?: string) => ({
    origin: server.origin,
    cookie: userCookie,
    ...(type ? { "content-type": type } : {}),
  });
  const deepJson = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;

  it.each([
    ["no Content-Type", undefined, "token=abc"],
    ["text/plain", "text/plain", "token=abc"],
    ["JSON", "application/json", JSON.stringify({ token: "abc", password: "x" })],
    ["100 000-deep nested JSON", "application/json", deepJson],
    ["XML", "application/xml", "<a>1</a>"],
  ])("%s is a 415", async (_name, type, body) => {
    expect(await statusOf("/auth/reset-password", { method: "POST", headers: headers(type), body })).toBe(415);
    expect(await statusOf("/list-business", { method: "POST", headers: headers(type), body })).toBe(415);
  });

  it.each([
    ["no boundary", "multipart/form-data", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
    ["unterminated", "multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
    ["garbage", "multipart/form-data; boundary=x", "this is not multipart at all"],
  ])("broken multipart (%s) is a 400", async (_name, type, body) => {
    expect(await statusOf("/list-business", { method: "POST", headers: headers(type), body })).toBe(400);
    expect(await statusOf("/auth/reset-password", { method: "POST", headers: headers(type), body })).toBe(400);
  });

  it("a form with malformed percent-encoding is a 400", async () => {
    const init = form({});
    init.body = "token=%E0%A4%A&password=x";
    expect(await statusOf("/auth/reset-password", init)).toBe(400);
  });
});

describe("click tracking", () => {
  it("a malformed Referer is a 400, not a 500", async () => {
    // fetch would drop a Referer it cannot parse, so this one goes out as raw HTTP.
    const response = await server.raw({
      method: "POST",
      path: `/api/v1/businesses/${publicSlug}/events`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: "http://[not-a-host/",
        origin: server.origin,
      },
      body: "kind=phone",
    });
    expect(response.status).toBe(400);
  });
});

describe("multipart body limits follow the route", () => {
  const multipart = (size: number) => {
    const boundary = "----limit-test";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="notes"\r\n\r\n${"x".repeat(size)}\r\n--${boundary}--\r\n`;
    return { body, type: `multipart/form-data; boundary=${boundary}` };
  };
  const post = (path: string, size: number) => {
    const { body, type } = multipart(size);
    return statusOf(path, {
      method: "POST",
      headers: { "content-type": type, origin: server.origin, cookie: userCookie },
      body,
    });
  };

  it("a route without uploads refuses multipart over 1 MB", async () => {
    expect(await post("/auth/reset-password", 2 * 1024 * 1024)).toBe(413);
    expect(await post("/es/auth/reset-password", 2 * 1024 * 1024)).toBe(413);
  });

  it("a route that takes photos accepts multipart up to 10 MB, and no more", async () => {
    const status = await post("/list-business", 2 * 1024 * 1024);
    expect(status).not.toBe(413);
    expect(status).toBeLessThan(500);
    expect(await post("/list-business", 11 * 1024 * 1024)).toBe(413);
  });

  it("so does its single-fetch data URL", async () => {
    const status = await post("/list-business.data", 2 * 1024 * 1024);
    expect(status).not.toBe(413);
    expect(status).toBeLessThan(500);
  });
});
