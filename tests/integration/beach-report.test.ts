import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  canPostConditionReports,
  createConditionReport,
  createObservation,
  deleteConditionReport,
  deleteObservation,
  getBeachConditions,
  grantTrustedReporter,
  listTrustedReporters,
  revokeTrustedReporter,
} from "#app/features/beach/conditions.server";
import { addDays, addYears, localDateOf } from "#app/features/beach/local-day";
import { beachReports } from "#app/features/beach/schema";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { auditLog } from "#app/platform/audit/schema";
import * as page from "#app/routes/_public/beach-report";
import * as home from "#app/routes/_public/index";
import * as adminReporters from "#app/routes/admin/beach-reporters";
import * as api from "#app/routes/api/v1/beach-report";
import { createTestUser, signInCookie } from "#tests/factories/accounts";
import { expectRedirectWithToast } from "#tests/factories/flash";
import { callRoute, getRequest, postRequest, shown } from "#tests/factories/route-calls";

// Who may post condition reports (admins and trusted reporters), "I'm here" notes (anyone signed
// in), the 24-hour rule, hostile input through the real action, photos, and the JSON endpoint.

const dataDir = mkdtempSync(path.join(tmpdir(), "playa-beach-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type TestUser = Awaited<ReturnType<typeof createTestUser>>;
let admin: TestUser;
let trusted: TestUser;
let plain: TestUser;
let cookies: { admin: string; trusted: string; plain: string };
const actor = (user: TestUser, role: "user" | "admin" = "user") => ({ id: user.id, role });
const today = () => localDateOf(new Date(), "America/Costa_Rica");

beforeAll(async () => {
  clearRateLimitersForTests();
  admin = await createTestUser({ roles: ["admin"], firstName: "Ana" });
  trusted = await createTestUser({ firstName: "Tico" });
  plain = await createTestUser({ firstName: "Vera" });
  await grantTrustedReporter({ actor: actor(admin, "admin"), email: trusted.email });
  cookies = {
    admin: await signInCookie(admin.email),
    trusted: await signInCookie(trusted.email),
    plain: await signInCookie(plain.email),
  };
});

beforeEach(() => clearRateLimitersForTests());

const loaderCall = (mod: { loader: (args: never) => unknown }, request: Request) => callRoute(mod, "loader", request);
const actionCall = (mod: { action: (args: never) => unknown }, request: Request) => callRoute(mod, "action", request);

const validReport = {
  surfSize: "waist",
  surfQuality: "good",
  flag: "yellow",
  crowd: "quiet",
  note: "Glassy early, wind picking up",
} as const;

describe("[DOMAIN] who may post condition reports", () => {
  it("admins and trusted reporters may; plain users and visitors may not", async () => {
    expect(await canPostConditionReports(null)).toBe(false);
    expect(await canPostConditionReports(actor(plain))).toBe(false);
    expect(await canPostConditionReports(actor(trusted))).toBe(true);
    expect(await canPostConditionReports(actor(admin, "admin"))).toBe(true);
    const input = { ...validReport };
    const post = (who: ReturnType<typeof actor> | null) =>
      createConditionReport({ actor: who, beachSlug: "playa-potrero", input, temperatureUnit: "C", language: "en" });
    await expect(post(null)).rejects.toMatchObject({ code: "unauthorized" });
    await expect(post(actor(plain))).rejects.toMatchObject({
      code: "forbidden",
      messageKey: "common:errors.forbidden",
    });
    await expect(post(actor(trusted))).resolves.toMatchObject({ id: expect.any(Number) });
    await expect(post(actor(admin, "admin"))).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it("refuses a beach that does not exist", async () => {
    await expect(
      createConditionReport({
        actor: actor(trusted),
        beachSlug: "playa-nowhere",
        input: validReport,
        temperatureUnit: "C",
        language: "en",
      }),
    ).rejects.toMatchObject({ code: "invalid" });
  });

  it("only an admin marks trusted reporters, and each change is audit-logged", async () => {
    const candidate = await createTestUser();
    await expect(grantTrustedReporter({ actor: actor(plain), email: candidate.email })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(grantTrustedReporter({ actor: actor(trusted), email: candidate.email })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(listTrustedReporters({ actor: actor(plain) })).rejects.toMatchObject({ code: "forbidden" });

    await grantTrustedReporter({ actor: actor(admin, "admin"), email: `  ${candidate.email.toUpperCase()} ` });
    expect(await canPostConditionReports(actor(candidate))).toBe(true);
    await expect(grantTrustedReporter({ actor: actor(admin, "admin"), email: candidate.email })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(
      grantTrustedReporter({ actor: actor(admin, "admin"), email: "nobody@example.test" }),
    ).rejects.toMatchObject({ code: "not_found" });

    await revokeTrustedReporter({ actor: actor(admin, "admin"), userId: candidate.id });
    expect(await canPostConditionReports(actor(candidate))).toBe(false);
    await expect(revokeTrustedReporter({ actor: actor(admin, "admin"), userId: candidate.id })).rejects.toMatchObject({
      code: "not_found",
    });

    const rows = await getDb()
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, candidate.id)));
    expect(rows.map((row) => row.action).sort()).toEqual(["beach.reporter.grant", "beach.reporter.revoke"]);
    expect(rows.every((row) => row.actorId === admin.id)).toBe(true);
  });
});

describe("[DOMAIN] the 24-hour rule", () => {
  it("shows a report as current under 24 hours and as old after, never as current", async () => {
    const beachSlug = "playa-conchal";
    const now = new Date();
    const { id } = await createConditionReport({
      actor: actor(trusted),
      beachSlug,
      input: validReport,
      temperatureUnit: "C",
      language: "en",
    });
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);

    await getDb()
      .update(beachReports)
      .set({ createdAt: at(23.9) })
      .where(eq(beachReports.id, id));
    let conditions = await getBeachConditions({ beachSlug, now });
    expect(conditions.current?.id).toBe(id);
    expect(conditions.current?.isOld).toBe(false);
    expect(conditions.current?.author.name).toBe("Tico U.");

    await getDb()
      .update(beachReports)
      .set({ createdAt: at(24.1) })
      .where(eq(beachReports.id, id));
    conditions = await getBeachConditions({ beachSlug, now });
    expect(conditions.current).toBeNull();
    expect(conditions.earlier[0]).toMatchObject({ id, isOld: true });

    // A newer report becomes current and the old one stays marked old.
    const fresh = await createConditionReport({
      actor: actor(admin, "admin"),
      beachSlug,
      input: { crowd: "busy", note: "" },
      temperatureUnit: "C",
      language: "es",
    });
    conditions = await getBeachConditions({ beachSlug, now: new Date() });
    expect(conditions.current?.id).toBe(fresh.id);
    expect(conditions.earlier.find((report) => report.id === id)?.isOld).toBe(true);
  });

  it("the page says there is no current report and labels old ones", async () => {
    const result = await loaderCall(page, getRequest("/beach-report?beach=playa-conchal"));
    expect(result.status).toBe(200);
    const current = result.data.conditions.current;
    expect(current?.isOld ?? false).toBe(false);
    const old = result.data.conditions.earlier.find((report: { isOld: boolean }) => report.isOld);
    expect(old.age).toMatch(/h ago|day/);
  });
});

describe("[DOMAIN] I'm here notes and removal", () => {
  it("lets anyone signed in post a short unverified note, a few times an hour", async () => {
    await expect(
      createObservation({ actor: null, beachSlug: "playa-brasilito", note: "hi", language: "en" }),
    ).rejects.toMatchObject({ code: "unauthorized" });
    const posted = await createObservation({
      actor: actor(plain),
      beachSlug: "playa-brasilito",
      note: "Water is warm 🌊",
      language: "es",
    });
    const { observations } = await getBeachConditions({ beachSlug: "playa-brasilito" });
    expect(observations[0]).toMatchObject({
      id: posted.id,
      note: "Water is warm 🌊",
      noteLanguage: "es",
      author: { name: "Vera U." },
    });
    for (let i = 0; i < 5; i++)
      await createObservation({ actor: actor(plain), beachSlug: "playa-brasilito", note: `note ${i}`, language: "en" });
    await expect(
      createObservation({ actor: actor(plain), beachSlug: "playa-brasilito", note: "one more", language: "en" }),
    ).rejects.toMatchObject({
      code: "rate_limited",
    });
  });

  it("lets the author or an admin remove a post, audit-logging an admin's removal", async () => {
    const note = await createObservation({
      actor: actor(trusted),
      beachSlug: "playa-flamingo",
      note: "Red flag up",
      language: "en",
    });
    await expect(deleteObservation({ actor: actor(plain), id: note.id })).rejects.toMatchObject({ code: "forbidden" });
    await deleteObservation({ actor: actor(admin, "admin"), id: note.id });
    await expect(deleteObservation({ actor: actor(admin, "admin"), id: note.id })).rejects.toMatchObject({
      code: "not_found",
    });
    const [entry] = await getDb()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(note.id)));
    expect(entry?.action).toBe("beach.observation.delete");

    const report = await createConditionReport({
      actor: actor(trusted),
      beachSlug: "playa-flamingo",
      input: validReport,
      temperatureUnit: "C",
      language: "en",
    });
    await expect(deleteConditionReport({ actor: actor(plain), id: report.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    await deleteConditionReport({ actor: actor(trusted), id: report.id });
  });
});

async function jpegFile(name = "beach.jpg") {
  const bytes = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 240, g: 220, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

function multipart(pathname: string, fields: Record<string, string | File>, cookie: string) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return new Request(`http://localhost${pathname}`, { method: "POST", body, headers: { cookie } });
}

describe("[ROUTE] posting through the page", () => {
  it("sends a signed-out visitor to sign in", async () => {
    const result = await actionCall(
      page,
      postRequest("/beach-report?beach=playa-flamingo", { intent: "observation", note: "hola" }),
    );
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("refuses a report from a plain user with a message, not a 500", async () => {
    const result = await actionCall(
      page,
      postRequest("/beach-report?beach=playa-flamingo", { intent: "report", ...validReport }, cookies.plain),
    );
    expect(result.status).toBe(403);
    expect(await shown("en", result.data.result.error[""][0])).toBe("You don't have permission to do that.");
    const es = await actionCall(
      page,
      postRequest("/es/beach-report?beach=playa-flamingo", { intent: "report", ...validReport }, cookies.plain),
    );
    expect(await shown("es", es.data.result.error[""][0])).toBe("No tiene permiso para hacer eso.");
  });

  it("answers hostile input with field errors and keeps what was typed", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ surfSize: "'; DROP TABLE beach_reports; --" }, "surfSize", "beach:form.errors.choice"],
      [{ flag: "<script>alert(1)</script>" }, "flag", "beach:form.errors.choice"],
      [{ waterTemp: "warm" }, "waterTemp", "beach:form.errors.temperatureNumber"],
      [{ waterTemp: "200" }, "waterTemp", "beach:form.errors.temperatureRange"],
      [{ waterTemp: "Infinity" }, "waterTemp", "beach:form.errors.temperatureNumber"],
      [{ note: "🌊".repeat(1001) }, "note", "beach:form.errors.noteTooLong"],
      [{ note: "x".repeat(100_000) }, "note", "beach:form.errors.noteTooLong"],
      [{}, "surfSize", "beach:form.errors.nothingObserved"],
    ];
    for (const [fields, field, message] of cases) {
      const result = await actionCall(
        page,
        postRequest("/beach-report?beach=playa-flamingo", { intent: "report", ...fields }, cookies.trusted),
      );
      expect(result.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(result.data.result.error[field]).toContain(message);
      if (fields.note && fields.note.length < 5000) expect(result.data.result.initialValue.note).toBe(fields.note);
    }
  });

  it("stores HTML, SQL and emoji in a note as plain text", async () => {
    const note = `<img src=x onerror=alert(1)> '; DELETE FROM users; -- ¡Pura vida! 🐢`;
    const result = await actionCall(
      page,
      postRequest(
        "/beach-report?beach=playa-brasilito&units=imperial",
        { intent: "report", note, waterTemp: "84" },
        cookies.trusted,
      ),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/beach-report?beach=playa-brasilito&units=imperial#conditions");
    const { current } = await getBeachConditions({ beachSlug: "playa-brasilito" });
    expect(current?.note).toBe(note);
    // 84 °F, converted and stored in °C.
    expect(current?.waterTempC).toBeCloseTo(28.9, 1);
  });

  it("takes a photo, re-encodes it to WebP and shows it with the report", async () => {
    const result = await actionCall(
      page,
      multipart(
        "/es/beach-report?beach=playa-potrero",
        { intent: "report", ...validReport, photo: await jpegFile() },
        cookies.trusted,
      ),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/es/beach-report?beach=playa-potrero#conditions");
    const view = await loaderCall(page, getRequest("/es/beach-report?beach=playa-potrero", cookies.trusted));
    const current = view.data.conditions.current;
    expect(current.photoUrl).toMatch(/^\/uploads\/beach\/[0-9a-f]{32}\.webp$/);
    expect(current.authorName).toBe("Tico U.");
    expect(current.age).toBe("ahora mismo");
    expect(current.fields.map((field: { value: string }) => field.value)).toEqual(
      expect.arrayContaining(["A la cintura", "Buenas", "Amarilla"]),
    );
    const uploads = await import("#app/routes/resources/uploads/$");
    const file = (await uploads.loader({
      params: { "*": current.photoUrl.slice("/uploads/".length) },
    } as never)) as Response;
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe("webp");
  });

  it("refuses a file that is not an image, whatever its name, and writes nothing", async () => {
    const before = await getBeachConditions({ beachSlug: "playa-flamingo" });
    const fake = new File([new TextEncoder().encode("<html><script>alert(1)</script></html>")], "beach.jpg", {
      type: "image/jpeg",
    });
    const result = await actionCall(
      page,
      multipart(
        "/beach-report?beach=playa-flamingo",
        { intent: "report", ...validReport, photo: fake },
        cookies.trusted,
      ),
    );
    expect(result.status).toBe(400);
    expect(await shown("en", result.data.result.error.photo[0])).toBe("The photo must be a JPEG, PNG or WebP image.");
    expect(result.data.result.initialValue.note).toBe(validReport.note);
    const after = await getBeachConditions({ beachSlug: "playa-flamingo" });
    expect(after.current?.id).toBe(before.current?.id);
  });

  it("refuses a photo over 8 MB before reading it", async () => {
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const result = await actionCall(
      page,
      multipart(
        "/beach-report?beach=playa-flamingo",
        { intent: "report", ...validReport, photo: new File([big], "huge.jpg", { type: "image/jpeg" }) },
        cookies.trusted,
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error.photo).toEqual(["beach:form.errors.photo.size"]);
  });

  it("lets anyone signed in post an I'm here note and refuses an empty or long one", async () => {
    const empty = await actionCall(
      page,
      postRequest("/beach-report?beach=playa-flamingo", { intent: "observation", note: "   " }, cookies.plain),
    );
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.note).toEqual(["beach:form.errors.observationRequired"]);
    const long = await actionCall(
      page,
      postRequest(
        "/beach-report?beach=playa-flamingo",
        { intent: "observation", note: "a".repeat(281) },
        cookies.plain,
      ),
    );
    expect(long.data.result.error.note).toEqual(["beach:form.errors.observationTooLong"]);
    const ok = await actionCall(
      page,
      postRequest(
        "/beach-report?beach=playa-flamingo",
        { intent: "observation", note: "Lots of sargassum at the north end" },
        cookies.plain,
      ),
    );
    expect(ok.status).toBe(302);
    const view = await loaderCall(page, getRequest("/beach-report?beach=playa-flamingo", cookies.plain));
    expect(view.data.conditions.observations[0]).toMatchObject({
      note: "Lots of sargassum at the north end",
      authorName: "Vera U.",
    });
    expect(view.data.canReport).toBe(false);
  });

  it("answers a malformed intent or id with 400", async () => {
    const malformed: Record<string, string>[] = [
      { intent: "nope" },
      { intent: "deleteReport", id: "abc" },
      { intent: "deleteObservation", id: "-1" },
    ];
    for (const fields of malformed) {
      const result = await actionCall(page, postRequest("/beach-report?beach=playa-flamingo", fields, cookies.plain));
      expect(result.status).toBe(400);
    }
    const gone = await actionCall(
      page,
      postRequest("/beach-report?beach=playa-flamingo", { intent: "deleteReport", id: "999999" }, cookies.plain),
    );
    expect(gone.status).toBe(404);
  });
});

describe("[ROUTE] the page and the JSON endpoint for any date a year either side", () => {
  it("renders today for every beach, in both languages", async () => {
    for (const slug of ["playa-flamingo", "playa-potrero", "playa-brasilito", "playa-conchal"]) {
      const en = await loaderCall(page, getRequest(`/beach-report?beach=${slug}`));
      expect(en.status).toBe(200);
      expect(en.data.units).toBe("imperial");
      expect(en.data.tides.turns.length).toBeGreaterThanOrEqual(3);
      expect(en.data.tides.week).toHaveLength(7);
      expect(en.data.tides.attribution.join(" ")).toMatch(/not for navigation/);
    }
    const es = await loaderCall(page, getRequest("/es/beach-report"));
    expect(es.data.units).toBe("metric");
    expect(es.data.tides.turns[0].height).toMatch(/^-?\d+,\d m$/);
    expect(es.data.tides.sky.moonPhase).toMatch(/Luna|Cuarto|Gibosa/);
  });

  it("answers 400 with a clear message for a bad beach or date on the page", async () => {
    const cases = [
      ["/beach-report?beach=tamarindo", /We don't have a beach called “tamarindo”/],
      ["/beach-report?date=2026-02-30", /isn't a date/],
      [`/beach-report?date=${addDays(addYears(today(), 1), 1)}`, /outside that range/],
      ["/es/beach-report?date=ayer", /no es una fecha/],
    ] as const;
    for (const [url, message] of cases) {
      const result = await loaderCall(page, getRequest(url));
      expect(result.status, url).toBe(400);
      expect(result.data, url).toMatch(message);
    }
    // The message repeats what was asked for as text; React escapes it when it is shown.
    const script = await loaderCall(page, getRequest("/beach-report?beach=%3Cscript%3Ealert(1)%3C%2Fscript%3E"));
    expect(script.status).toBe(400);
    expect(script.data).toContain("“<script>alert(1)</script>”");
  });

  it("serves JSON for a date a year back and a year ahead, and refuses a day beyond", async () => {
    const first = addYears(today(), -1);
    const last = addYears(today(), 1);
    for (const date of [first, today(), last]) {
      const result = await loaderCall(api, getRequest(`/api/v1/beach-report?beach=playa-flamingo&date=${date}`));
      expect(result.status, date).toBe(200);
      expect(result.data.date).toBe(date);
      expect(result.data.tides.length).toBeGreaterThanOrEqual(3);
      expect(result.data.tides[0].time).toMatch(new RegExp(`^${date}T\\d\\d:\\d\\d:00-06:00$`));
      expect(result.data.station).toMatchObject({
        id: "noaa/TWC0349",
        reference: { id: "noaa/9684403" },
        notForNavigation: true,
      });
    }
    for (const [date, code] of [
      [addDays(first, -1), "date_out_of_range"],
      [addDays(last, 1), "date_out_of_range"],
      ["2026-13-01", "bad_date"],
      ["' OR 1=1 --", "bad_date"],
    ]) {
      const result = await loaderCall(
        api,
        getRequest(`/api/v1/beach-report?beach=playa-flamingo&date=${encodeURIComponent(date)}`),
      );
      expect(result.status, date).toBe(400);
      expect(result.data.error.code).toBe(code);
      expect(result.data.error.message.length).toBeGreaterThan(10);
    }
    const beach = await loaderCall(
      api,
      new Request("http://localhost/api/v1/beach-report?beach=nope", {
        headers: { "accept-language": "es-CR,es;q=0.9" },
      }),
    );
    expect(beach.status).toBe(400);
    expect(beach.data.error).toEqual({
      code: "unknown_beach",
      message: "No tenemos esa playa. Playas: playa-flamingo, playa-potrero, playa-brasilito, playa-conchal.",
    });
    // What was typed is never echoed back in the API's message.
    for (const [query, code] of [
      ["beach=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "unknown_beach"],
      ["beach=playa-flamingo&date=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "bad_date"],
    ]) {
      const echoed = await loaderCall(api, getRequest(`/api/v1/beach-report?${query}`));
      expect(echoed.status).toBe(400);
      expect(echoed.data.error.code).toBe(code);
      expect(echoed.data.error.message).not.toMatch(/script|img|onerror|alert/);
    }
  });

  it("makes each beach's report findable in site search, in either language", async () => {
    const { searchSite } = await import("#app/lib/search/index.server");
    const es = await searchSite({ query: "mareas Potrero", language: "es", kinds: ["beach"] });
    expect(es[0]).toMatchObject({ refId: "playa-potrero", url: "/es/beach-report?beach=playa-potrero" });
    const en = await searchSite({ query: "tides conchal", language: "en", kinds: ["beach"] });
    expect(en[0]).toMatchObject({ refId: "playa-conchal", url: "/beach-report?beach=playa-conchal" });
  });

  it("puts today's beach summary on the home page", async () => {
    const result = await loaderCall(home, getRequest("/es"));
    expect(result.data.beachSummary).toMatchObject({ beachName: "Playa Flamingo", beachSlug: "playa-flamingo" });
    expect(result.data.beachSummary.sun).toMatch(/^Sale el sol/);
  });
});

describe("[ROUTE] the beach reporters admin section", () => {
  it("is for admins only and marks a user as trusted", async () => {
    const user = await loaderCall(adminReporters, getRequest("/admin/beach-reporters", cookies.plain));
    expect(user.status).toBe(302);
    expect(user.location).toBe("/dashboard");
    const forged = await actionCall(
      adminReporters,
      postRequest("/admin/beach-reporters", { intent: "grant", email: plain.email }, cookies.trusted),
    );
    expect(forged.status).toBe(302);
    expect(await canPostConditionReports(actor(plain))).toBe(false);

    const listed = await loaderCall(adminReporters, getRequest("/admin/beach-reporters", cookies.admin));
    expect(listed.data.reporters.map((reporter: { email: string }) => reporter.email)).toContain(trusted.email);
    const bad = await actionCall(
      adminReporters,
      postRequest("/admin/beach-reporters", { intent: "grant", email: "not an email" }, cookies.admin),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.email).toEqual(["beach:admin.errors.emailInvalid"]);
    const granted = await actionCall(
      adminReporters,
      postRequest("/admin/beach-reporters", { intent: "grant", email: plain.email }, cookies.admin),
    );
    await expectRedirectWithToast(granted, "/admin/beach-reporters", "reporterAdded");
    expect(await canPostConditionReports(actor(plain))).toBe(true);
    const revoked = await actionCall(
      adminReporters,
      postRequest("/admin/beach-reporters", { intent: "revoke", userId: plain.id }, cookies.admin),
    );
    await expectRedirectWithToast(revoked, "/admin/beach-reporters", "reporterRemoved");
    expect(await canPostConditionReports(actor(plain))).toBe(false);
  });
});
