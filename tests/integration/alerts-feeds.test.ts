import { spawnSync } from "node:child_process";
import type { Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { beforeAll, describe, expect, it } from "vitest";
import { alertWallTime, endAlert, publishAlert, updateAlert } from "#app/features/alerts/alerts.server";
import type { Actor } from "#app/lib/authorization";
import { grantPermission } from "#app/platform/accounts/grants.server";
import * as listPage from "#app/routes/_public/alerts";
import * as alertPage from "#app/routes/_public/alerts/$id";
import * as adminDesk from "#app/routes/admin/alerts";
import * as api from "#app/routes/api/v1/alerts";
import * as capMessage from "#app/routes/api/v1/alerts/$id/cap/$revision";
import * as capIndex from "#app/routes/api/v1/alerts/cap";
import * as dashboardDesk from "#app/routes/dashboard/alert-desk";
import * as rss from "#app/routes/resources/alerts.rss";
import { createTestUser, signInCookie } from "#tests/factories/accounts";
import { alertInput } from "#tests/factories/alerts";
import { getRequest, loadPage, postForm, testContext } from "#tests/factories/route-calls";

// The feeds read by programs (CAP 1.2 parsed with an XML parser and checked for the standard's
// required elements, order and values; RSS through Python's feedparser; the JSON API), the public
// pages in both languages, and the publishing desk's guard and forms.

let admin: Actor;
let adminCookie: string;
let posterCookie: string;
let plainCookie: string;
let alertId: number;

function children(element: Element, name: string): Element[] {
  return element.children.filter((node): node is Element => node.type === "tag" && node.name === name);
}
function text(element: Element, name: string): string {
  const [child] = children(element, name);
  const node = child?.children[0];
  return node && node.type === "text" ? node.data : "";
}
function capAlert(xml: string): Element {
  const document = parseDocument(xml, { xmlMode: true });
  const root = document.children.find((node): node is Element => node.type === "tag");
  if (!root) throw new Error("no root element");
  return root;
}

const capDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const headerOrder = [
  "identifier",
  "sender",
  "sent",
  "status",
  "msgType",
  "source",
  "scope",
  "restriction",
  "addresses",
  "code",
  "note",
  "references",
  "incidents",
  "info",
];
const infoOrder = [
  "language",
  "category",
  "event",
  "responseType",
  "urgency",
  "severity",
  "certainty",
  "audience",
  "eventCode",
  "effective",
  "onset",
  "expires",
  "senderName",
  "headline",
  "description",
  "instruction",
  "web",
  "contact",
  "parameter",
  "resource",
  "area",
];

function expectInOrder(element: Element, order: string[]) {
  const names = element.children.filter((node): node is Element => node.type === "tag").map((node) => node.name);
  const positions = names.map((name) => order.indexOf(name));
  expect(
    positions.every((position) => position >= 0),
    `unknown element in ${names.join(",")}`,
  ).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

async function cap(id: number, revision: number) {
  const response = (await capMessage.loader({
    request: getRequest(`/api/v1/alerts/${id}/cap/${revision}`),
    params: { id: String(id), revision: String(revision) },
    context: testContext(),
  } as never)) as Response;
  return { status: response.status, type: response.headers.get("Content-Type"), xml: await response.text() };
}

beforeAll(async () => {
  const adminUser = await createTestUser({ roles: ["admin"], firstName: "Ana" });
  admin = { id: adminUser.id, role: "admin" };
  const poster = await createTestUser({ firstName: "Poster" });
  await grantPermission({
    actor: admin,
    userId: poster.id,
    permission: "post:alert:any",
    scope: { type: "area", id: "brasilito" },
    audit: { action: "alert.poster.grant" },
  });
  const plain = await createTestUser({ firstName: "Vera" });
  adminCookie = await signInCookie(adminUser.email);
  posterCookie = await signInCookie(poster.email);
  plainCookie = await signInCookie(plain.email);
  const published = await publishAlert({ actor: admin, input: alertInput({ kind: "red-tide", severity: "warning" }) });
  alertId = published.id;
  await updateAlert({
    actor: admin,
    alertId,
    input: alertInput({ kind: "red-tide", severity: "emergency" }),
    note: { noteEn: "Now an emergency", noteEs: "Ahora es una emergencia" },
  });
});

describe("CAP 1.2", () => {
  it("publishes the first revision as an Alert with the required elements and both languages", async () => {
    const { status, type, xml } = await cap(alertId, 1);
    expect(status).toBe(200);
    expect(type).toContain("application/cap+xml");
    const alert = capAlert(xml);
    expect(alert.name).toBe("alert");
    expect(alert.attribs.xmlns).toBe("urn:oasis:names:tc:emergency:cap:1.2");
    expectInOrder(alert, headerOrder);
    expect(text(alert, "identifier")).toMatch(/^[^\s,<&]+$/);
    expect(text(alert, "sender")).toMatch(/^[^\s,<&]+$/);
    expect(text(alert, "sent")).toMatch(capDateTime);
    expect(text(alert, "status")).toBe("Actual");
    expect(text(alert, "msgType")).toBe("Alert");
    expect(text(alert, "scope")).toBe("Public");
    expect(children(alert, "references")).toEqual([]);
    const infos = children(alert, "info");
    expect(infos.map((info) => text(info, "language"))).toEqual(["en-US", "es-CR"]);
    for (const info of infos) {
      expectInOrder(info, infoOrder);
      expect(text(info, "category")).toBe("Env");
      expect(text(info, "event")).not.toBe("");
      expect(["Immediate", "Expected", "Future", "Past", "Unknown"]).toContain(text(info, "urgency"));
      expect(["Extreme", "Severe", "Moderate", "Minor", "Unknown"]).toContain(text(info, "severity"));
      expect(["Observed", "Likely", "Possible", "Unlikely", "Unknown"]).toContain(text(info, "certainty"));
      for (const name of ["effective", "onset", "expires"]) expect(text(info, name)).toMatch(capDateTime);
      const [area] = children(info, "area");
      expect(text(area, "areaDesc")).not.toBe("");
    }
    expect(text(infos[1], "event")).toBe("Marea roja");
    expect(text(infos[1], "headline")).toBe("Marea roja en Playa Flamingo");
  });

  it("publishes an update as an Update referencing the earlier message, and the end as an all-clear", async () => {
    const first = capAlert((await cap(alertId, 1)).xml);
    const second = capAlert((await cap(alertId, 2)).xml);
    expect(text(second, "msgType")).toBe("Update");
    expect(text(second, "references")).toBe(
      `${text(first, "sender")},${text(first, "identifier")},${text(first, "sent")}`,
    );
    expect(text(children(second, "info")[0], "severity")).toBe("Extreme");
    expect(text(children(second, "info")[1], "description")).toContain("Ahora es una emergencia");
    await endAlert({ actor: admin, alertId, note: { noteEn: "Water is clear", noteEs: "El agua está limpia" } });
    const third = capAlert((await cap(alertId, 3)).xml);
    expect(text(third, "msgType")).toBe("Update");
    expect(text(third, "references").split(" ")).toHaveLength(2);
    for (const info of children(third, "info")) {
      expect(text(info, "responseType")).toBe("AllClear");
      expect(text(info, "urgency")).toBe("Past");
    }
    expect((await cap(alertId, 4)).status).toBe(404);
    expect((await cap(999_999, 1)).status).toBe(404);
  });

  it("lists the current messages in an Atom index", async () => {
    const live = await publishAlert({ actor: admin, input: alertInput({ kind: "power", areas: ["huacas"] }) });
    const response = (await capIndex.loader({
      request: getRequest("/api/v1/alerts/cap"),
      params: {},
      context: testContext(),
    } as never)) as Response;
    const xml = await response.text();
    expect(xml).toContain(`/api/v1/alerts/${live.id}/cap/1`);
    expect(xml).not.toContain(`/api/v1/alerts/${alertId}/cap/`);
  });
});

describe("RSS and JSON", () => {
  it("parses cleanly in feedparser, in both languages", async () => {
    await publishAlert({
      actor: admin,
      input: alertInput({
        kind: "road",
        areas: ["brasilito"],
        titleEn: "Road closed & detour",
        titleEs: "Calle cerrada <desvío>",
      }),
    });
    for (const path of ["/alerts.rss", "/es/alerts.rss"]) {
      const response = (await rss.loader({
        request: getRequest(path),
        params: {},
        context: testContext(),
      } as never)) as Response;
      expect(response.headers.get("Content-Type")).toContain("application/rss+xml");
      const python = spawnSync(
        "/usr/bin/python3",
        [
          "-c",
          [
            "import sys, feedparser",
            "feed = feedparser.parse(sys.stdin.buffer.read())",
            "print(feed.version, len(feed.entries), feed.get('bozo_exception', ''))",
            "ok = not feed.bozo and feed.version.startswith('rss') and feed.entries",
            "ok = ok and all(e.get('title') and e.get('link') and e.get('id') for e in feed.entries)",
            "sys.exit(0 if ok else 1)",
          ].join("\n"),
        ],
        { input: Buffer.from(await response.text()), encoding: "utf8" },
      );
      expect(python.status, `${path}: ${python.stdout}${python.stderr}`).toBe(0);
    }
  });

  it("answers the alerts in force in both languages, filtered, never the ended ones", async () => {
    const result = await loadPage(api, "/api/v1/alerts?kind=road&lang=xx");
    expect(result.status).toBe(200);
    expect(result.data.alerts.length).toBeGreaterThan(0);
    for (const alert of result.data.alerts) {
      expect(alert.kind).toBe("road");
      expect(alert.title.en && alert.title.es).toBeTruthy();
    }
    const all = await loadPage(api, "/api/v1/alerts");
    expect(all.data.alerts.map((alert: { id: number }) => alert.id)).not.toContain(alertId);
  });
});

describe("the pages", () => {
  it("lists with filters from the URL, in both languages, and shows an ended alert's page saying so", async () => {
    const en = await loadPage(listPage, "/alerts?kind=road&severity=bogus");
    expect(en.data.filters).toMatchObject({ kind: "road", severity: "" });
    expect(en.data.alerts.every((alert: { kind: string }) => alert.kind === "road")).toBe(true);
    const es = await loadPage(listPage, "/es/alerts");
    expect(es.data.head.title).toBe("Alertas locales");
    const page = await loadPage(alertPage, `/es/alerts/${alertId}`, null, { id: String(alertId) });
    expect(page.data.alert.state).toBe("ended");
    expect(page.data.alert.title).toBe("Marea roja en Playa Flamingo");
    expect(page.data.updates.map((update: { change: string }) => update.change)).toEqual([
      "ended",
      "updated",
      "published",
    ]);
    expect(page.data.updates[0].note).toBe("El agua está limpia");
    const missing = await loadPage(alertPage, "/alerts/abc", null, { id: "abc" });
    expect(missing.status).toBe(404);
  });
});

describe("the publishing desk", () => {
  it("opens for admins and area posters, and sends anyone else to the dashboard", async () => {
    expect((await loadPage(adminDesk, "/admin/alerts", adminCookie)).status).toBe(200);
    const poster = await loadPage(dashboardDesk, "/dashboard/alert-desk", posterCookie);
    expect(poster.status).toBe(200);
    expect(poster.data.allowedAreas).toEqual(["brasilito"]);
    const plain = await loadPage(dashboardDesk, "/dashboard/alert-desk", plainCookie);
    expect(plain.location).toBe("/dashboard");
    const signedOut = await loadPage(dashboardDesk, "/dashboard/alert-desk");
    expect(signedOut.location).toContain("/auth");
  });

  it("publishes through the form, keeps typed values on bad input and refuses another area", async () => {
    const fields = {
      intent: "publish",
      kind: "water",
      severity: "advisory",
      areas: "brasilito",
      titleEn: "Water cut in Brasilito",
      titleEs: "Corte de agua en Brasilito",
      sourceName: "AyA",
      expiresAt: alertWallTime(new Date(Date.now() + 24 * 3_600_000)),
    };
    const ok = await postForm(dashboardDesk, "/dashboard/alert-desk", fields, posterCookie);
    expect(ok.status, JSON.stringify(ok.data)).toBe(302);
    const bad = await postForm(
      dashboardDesk,
      "/es/dashboard/alert-desk",
      { ...fields, titleEs: "", expiresAt: "mañana" },
      posterCookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.titleEs).toEqual(["alerts:form.errors.titleRequired"]);
    expect(bad.data.result.error.expiresAt).toEqual(["alerts:form.errors.time"]);
    expect(bad.data.result.initialValue.titleEn).toBe("Water cut in Brasilito");
    const elsewhere = await postForm(
      dashboardDesk,
      "/dashboard/alert-desk",
      { ...fields, areas: "huacas" },
      posterCookie,
    );
    expect(elsewhere.status).toBe(403);
  });
});
