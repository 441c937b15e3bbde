import { describe, expect, it } from "vitest";
import { applyPageCaching } from "#app/lib/cache-control.server";
import { loader as rootLoader } from "#app/root";
import { answerEdit } from "#app/routes/dashboard/business/load-editable.server";
import { readFlash, redirectWithToast, toastHeaders } from "#app/web/flash.server";
import { getRequest, testContext } from "#tests/factories/route-calls";

// A completed action's toast goes to the next page in the signed flash cookie: set by the action's
// redirect, read once by the root loader (which clears it), never trusted when tampered with.

/** The cookie a browser would send back for a response's Set-Cookie ("name=value"). */
function cookieFrom(headers: Headers): string {
  const flash = headers.getSetCookie().find((cookie) => cookie.startsWith("playa.flash="));
  if (!flash) throw new Error("no flash cookie was set");
  return flash.split(";")[0];
}

async function rootData(cookie?: string) {
  const result = (await rootLoader({
    request: getRequest("/dashboard", cookie),
    params: {},
    context: testContext(),
  } as never)) as unknown as { data: { toasts: { id: string; name: string }[] }; init: ResponseInit | null };
  return { toasts: result.data.toasts, headers: new Headers(result.init?.headers) };
}

describe("flash toasts", () => {
  it("carries an edit's toast from the action's redirect to the next page, once", async () => {
    const request = new Request("http://localhost/dashboard/business/0b0d4d7e-4f1a-4a55-9f0a-3c0b8f1d2e11/hours?x=1", {
      method: "POST",
    });
    const response = await answerEdit(request, { body: { intent: "hours", ok: true }, status: 200 });
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/dashboard/business/0b0d4d7e-4f1a-4a55-9f0a-3c0b8f1d2e11/hours?x=1");
    const cookie = cookieFrom(redirect.headers);
    expect(cookie).not.toContain("hoursSaved"); // signed and encoded, not readable text to tamper with

    const next = await rootData(cookie);
    expect(next.toasts.map((toast) => toast.name)).toEqual(["hoursSaved"]);
    const cleared = next.headers.getSetCookie().find((value) => value.startsWith("playa.flash="));
    expect(cleared).toMatch(/Max-Age=0/);

    // The browser dropped the cleared cookie: the page after shows nothing again.
    expect((await rootData()).toasts).toEqual([]);
  });

  it("answers a refused edit with the form's errors and no toast", async () => {
    const request = new Request("http://localhost/dashboard/business/x/hours", { method: "POST" });
    const response = (await answerEdit(request, { body: { intent: "hours", ok: false }, status: 400 })) as unknown as {
      init: ResponseInit | null;
    };
    expect(response.init?.status).toBe(400);
    expect(new Headers(response.init?.headers).getSetCookie()).toEqual([]);
  });

  it("queues toasts not shown yet ahead of a new one", async () => {
    const first = await redirectWithToast(getRequest("/a"), "/b", "photoAdded");
    const second = await toastHeaders(getRequest("/b", cookieFrom(first.headers)), "coverChanged");
    const { toasts } = await readFlash(getRequest("/c", cookieFrom(second)));
    expect(toasts.map((toast) => toast.name)).toEqual(["photoAdded", "coverChanged"]);
    expect(new Set(toasts.map((toast) => toast.id)).size).toBe(2);
  });

  it("ignores a forged or tampered flash, and clears it", async () => {
    const forged = Buffer.from(JSON.stringify([{ id: "x", name: "saved" }])).toString("base64");
    for (const cookie of [
      `playa.flash=${encodeURIComponent(forged)}`,
      `playa.flash=${encodeURIComponent(forged)}.bad`,
    ]) {
      const { toasts, headers } = await readFlash(getRequest("/", cookie));
      expect(toasts).toEqual([]);
      expect(headers?.getSetCookie()[0]).toMatch(/^playa\.flash=;.*Max-Age=0/);
    }
    expect(await readFlash(getRequest("/"))).toEqual({ toasts: [], headers: null });
  });

  it("makes a page that shows a flash private and unstored, even for an anonymous visitor", () => {
    const headers = new Headers();
    applyPageCaching(getRequest("/", "playa.flash=abc"), 200, headers);
    expect(headers.get("cache-control")).toBe("private, no-store");
    const plain = new Headers();
    applyPageCaching(getRequest("/"), 200, plain);
    expect(plain.get("cache-control")).toMatch(/^public/);
  });
});
