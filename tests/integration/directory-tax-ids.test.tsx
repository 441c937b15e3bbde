import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceStates } from "#app/compose/services.server";
import { decideClaim, markTaxIdVerified } from "#app/features/directory/claims.server";
import { lookUpTaxId } from "#app/features/directory/hacienda.server";
import { businessClaims, businessTaxRegistrations } from "#app/features/directory/schema";
import { getDb } from "#app/lib/db.server";
import { isAppError } from "#app/lib/errors";
import { auditLog } from "#app/platform/audit/schema";
import * as businessRoute from "#app/routes/_public/business/$slug";
import * as claimRoute from "#app/routes/_public/business/$slug/claim";
import * as adminClaims from "#app/routes/admin/claims";
import { createSignedInUser } from "#tests/factories/accounts";
import { createBusiness } from "#tests/factories/directory";
import { expectRedirectWithToast } from "#tests/factories/flash";
import { postForm, shown } from "#tests/factories/route-calls";
import { type RouteModule, renderRoute } from "#tests/support/render-route";

// Tax IDs on claims against a stand-in for Hacienda's public lookup on loopback (GET
// /fe/ae?identificacion=…, answering as Hacienda does): a known company, a known person, an ID it
// does not know (404) and one it never answers in time. The claim form checks the format in both
// languages; the admin's page shows the answer or "could not check", never failing; an approval
// Hacienda confirms gives the listing its mark, and an admin's mark by hand is audited.

const ids = {
  company: "3101123456",
  person: "112345678",
  unknown: "3101999999",
  slow: "3101555555",
  lapsed: "3102777777",
};
const asked: string[] = [];
const server: Server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const id = url.searchParams.get("identificacion") ?? "";
  if (url.pathname !== "/fe/ae") {
    response.writeHead(404).end();
    return;
  }
  asked.push(id);
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const taxpayer = (nombre: string, tipo: string, estado: string) => ({
    nombre,
    tipoIdentificacion: tipo,
    regimen: { codigo: 1, descripcion: "Régimen General" },
    situacion: { moroso: "NO", omiso: "NO", estado, administracionTributaria: "Guanacaste" },
    actividades: [{ estado: "A", tipo: "P", codigo: "551001", descripcion: "RESTAURANTES" }],
  });
  if (id === ids.company) return send(200, taxpayer("PIZZERIA EL HORNO DORADO SOCIEDAD ANONIMA", "02", "Inscrito"));
  if (id === ids.person) return send(200, taxpayer("MORA VARGAS ANA LUCIA", "01", "Inscrito"));
  if (id === ids.lapsed) return send(200, taxpayer("HELADERIA LA NUBE SRL", "02", "Desinscrito"));
  if (id === ids.slow) return; // never answers: the lookup's own timeout ends it
  send(404, { code: 404, status: "No encontrado" });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const haciendaUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.env.HACIENDA_API_URL = haciendaUrl;

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Person = Awaited<ReturnType<typeof createSignedInUser>>;
const adminActor = () => ({ id: admin.id, role: "admin" as const });
let admin: Person;
let ana: Person;

beforeAll(async () => {
  admin = await createSignedInUser({ roles: ["admin"] });
  ana = await createSignedInUser({ firstName: "Ana", lastName: "Mora Vargas" });
});

function claim(slug: string, fields: Record<string, string>, cookie: string, language: "en" | "es" = "en") {
  const prefix = language === "es" ? "/es" : "";
  return postForm(claimRoute, `${prefix}/business/${slug}/claim`, fields, cookie, { slug });
}

const claimFields = (taxId: string) => ({
  claimType: "business_owner",
  verificationMethod: "documents",
  contactDetails: "+506 8888 2222",
  additionalInfo: "",
  taxId,
});

async function claimOf(businessId: string, userId: string) {
  const [row] = await getDb()
    .select()
    .from(businessClaims)
    .where(and(eq(businessClaims.businessId, businessId), eq(businessClaims.userId, userId)));
  return row;
}

async function markOf(businessId: string) {
  const [row] = await getDb()
    .select()
    .from(businessTaxRegistrations)
    .where(eq(businessTaxRegistrations.businessId, businessId));
  return row ?? null;
}

/** The "registered business" mark's text as a reader gets it; null when the page has none. */
function badgeText(html: string): string | null {
  const badge = DomUtils.findOne(
    (el) => el.attribs["data-testid"] === "registered-business",
    parseDocument(html).children,
  );
  return badge ? DomUtils.textContent(badge).replace(/\s+/g, " ").trim() : null;
}

async function adminPage(status: "pending" | "approved", language: "en" | "es" = "en") {
  const prefix = language === "es" ? "/es" : "";
  return renderRoute(
    adminClaims as unknown as RouteModule,
    `${prefix}/admin/claims`,
    `${prefix}/admin/claims?status=${status}`,
    admin.cookie,
  );
}

/** The admin's claims desk posted as a browser would. */
const postAdminClaims = (fields: Record<string, string>, cookie: string) =>
  postForm(adminClaims, "/admin/claims", fields, cookie);

describe("the claim form's tax ID", () => {
  it("takes a cédula jurídica written with dashes and stores its digits", async () => {
    const business = await createBusiness({ name: "Soda Tax Uno" });
    const owner = await createSignedInUser();
    const sent = await claim(business.slug, claimFields("3-101-123456"), owner.cookie);
    expect(sent.status).toBe(302);
    expect((await claimOf(business.id, owner.id)).taxId).toBe("3101123456");
  });

  it.each(["en", "es"] as const)(
    "refuses a malformed ID in %s with the format message on the field, keeps what was typed and writes nothing",
    async (language) => {
      const business = await createBusiness({ name: `Soda Tax ${language}` });
      const owner = await createSignedInUser();
      const refused = await claim(business.slug, claimFields("3-101-12345"), owner.cookie, language);
      expect(refused.status).toBe(400);
      expect(refused.data.result.error.taxId).toEqual(["directory:errors.taxIdFormat"]);
      expect(refused.data.result.initialValue).toMatchObject({
        taxId: "3-101-12345",
        contactDetails: "+506 8888 2222",
      });
      expect(await shown(language, "directory:errors.taxIdFormat")).toContain(
        language === "es" ? "Escriba una cédula jurídica" : "Please enter a cédula jurídica",
      );
      expect(await claimOf(business.id, owner.id)).toBeUndefined();
    },
  );
});

describe("Hacienda's lookup on the admin's claims page", () => {
  it("shows the name and status Hacienda answers, says when it does not know the ID, and says it could not check when it does not answer in time", async () => {
    const horno = await createBusiness({ name: "Pizzería El Horno Dorado" });
    const unknown = await createBusiness({ name: "Taller Desconocido" });
    const slow = await createBusiness({ name: "Bar Lento" });
    for (const [business, taxId] of [
      [horno, "3-101-123456"],
      [unknown, "3-101-999999"],
      [slow, "3-101-555555"],
    ] as const) {
      const sent = await claim(business.slug, claimFields(taxId), ana.cookie);
      expect(sent.status).toBe(302);
    }
    const started = Date.now();
    const page = await adminPage("pending");
    expect(page.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(page.html).toContain("PIZZERIA EL HORNO DORADO SOCIEDAD ANONIMA");
    expect(page.html).toContain("Inscrito");
    expect(page.html).toContain("3-101-123456");
    expect(page.html).toContain("The name and status match");
    expect(page.html).toContain("Hacienda has no taxpayer with this ID.");
    expect(page.html).toContain("Could not check with Hacienda just now");

    // Answers are kept a while: the Spanish page asks Hacienda nothing again for the known IDs.
    const before = asked.filter((id) => id === ids.company || id === ids.unknown).length;
    const spanish = await adminPage("pending", "es");
    expect(spanish.html).toContain("Hacienda no tiene ningún contribuyente con esta cédula.");
    expect(spanish.html).toContain("No se pudo consultar a Hacienda");
    expect(asked.filter((id) => id === ids.company || id === ids.unknown).length).toBe(before);
  });

  it("without HACIENDA_API_URL asks nothing and says the admin checks by hand; the system page lists the variable", async () => {
    const before = asked.length;
    expect(await lookUpTaxId(ids.company, { baseUrl: null })).toEqual({ status: "notConfigured" });
    expect(asked.length).toBe(before);
    expect(serviceStates().find((service) => service.id === "taxLookup")).toEqual({
      id: "taxLookup",
      configured: true,
      variables: ["HACIENDA_API_URL"],
    });
  });
});

describe("the registered business mark", () => {
  it("approving a claim Hacienda confirms gives the listing the mark, on its page and as taxID in its JSON-LD", async () => {
    const business = await createBusiness({ name: "Pizzería El Horno Dorado" });
    const owner = await createSignedInUser();
    await claim(business.slug, claimFields("3101123456"), owner.cookie);
    const pending = await claimOf(business.id, owner.id);
    const approved = await postAdminClaims({ claimId: pending.id, decision: "approve", reason: "" }, admin.cookie);
    await expectRedirectWithToast(approved, "/admin/claims", "claimApproved");
    expect(await markOf(business.id)).toMatchObject({
      taxId: "3101123456",
      method: "hacienda",
      claimId: pending.id,
      registeredName: "PIZZERIA EL HORNO DORADO SOCIEDAD ANONIMA",
    });
    const [audit] = await getDb()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "business.claim.approve"), eq(auditLog.targetId, business.id)));
    expect(audit.details).toMatchObject({ taxId: "3-101-123456", taxIdVerifiedBy: "hacienda" });

    const en = await renderRoute(businessRoute as RouteModule, "/business/:slug", `/business/${business.slug}`);
    expect(badgeText(en.html)).toBe("Registered business · cédula jurídica 3-101-123456");
    expect(en.html).toContain('"taxID":"3-101-123456"');
    const es = await renderRoute(businessRoute as RouteModule, "/es/business/:slug", `/es/business/${business.slug}`);
    expect(badgeText(es.html)).toBe("Negocio inscrito · cédula jurídica 3-101-123456");
  });

  it("a cédula física Hacienda has under the claimant's name gives the mark without publishing the number", async () => {
    const business = await createBusiness({ name: "Cabinas de Ana" });
    await claim(business.slug, claimFields("1-1234-5678"), ana.cookie);
    const pending = await claimOf(business.id, ana.id);
    const outcome = await decideClaim({ claimId: pending.id, actor: adminActor(), decision: "approve", reason: "" });
    expect(outcome.registered).toBe(true);
    const page = await renderRoute(businessRoute as RouteModule, "/business/:slug", `/business/${business.slug}`);
    expect(badgeText(page.html)).toBe("Registered business");
    expect(page.html).not.toContain("112345678");
    expect(page.html).not.toContain("1-1234-5678");
    expect(page.html).not.toContain("taxID");
  });

  it("no mark when Hacienda does not confirm: unknown, lapsed, or not answering", async () => {
    for (const [name, taxId] of [
      ["Taller Sin Registro", ids.unknown],
      ["Heladería La Nube", ids.lapsed],
      ["Bar Sin Respuesta", ids.slow],
    ]) {
      const business = await createBusiness({ name });
      const owner = await createSignedInUser();
      await claim(business.slug, claimFields(taxId), owner.cookie);
      const pending = await claimOf(business.id, owner.id);
      const outcome = await decideClaim({ claimId: pending.id, actor: adminActor(), decision: "approve", reason: "" });
      expect(outcome.registered, name).toBe(false);
      expect(await markOf(business.id), name).toBeNull();
      expect((await claimOf(business.id, owner.id)).status).toBe("approved");
    }
  });

  it("an admin who checked by hand gives the mark from the approved claim, audited; nobody else can", async () => {
    const business = await createBusiness({ name: "Ferretería A Mano" });
    const owner = await createSignedInUser();
    await claim(business.slug, claimFields(ids.unknown), owner.cookie);
    const pending = await claimOf(business.id, owner.id);

    // Not before the claim is approved.
    const early = await postAdminClaims({ intent: "markTaxId", claimId: pending.id }, admin.cookie);
    expect(early.status).toBe(409);
    expect(early.data.error).toBe("directory:errors.taxIdNeedsApprovedClaim");
    await decideClaim({ claimId: pending.id, actor: adminActor(), decision: "approve", reason: "" });

    const approvedPage = await adminPage("approved");
    expect(approvedPage.html).toContain("Mark as registered business");

    // The claimant, now the listing's owner, cannot mark it; nor can a signed-in stranger through the page.
    await expect(
      markTaxIdVerified({ claimId: pending.id, actor: { id: owner.id, role: "business_owner" } }),
    ).rejects.toSatisfy((error) => isAppError(error) && error.code === "forbidden");
    const stranger = await createSignedInUser();
    const refused = await postAdminClaims({ intent: "markTaxId", claimId: pending.id }, stranger.cookie);
    expect([302, 403, 404]).toContain(refused.status);
    expect(await markOf(business.id)).toBeNull();

    const marked = await postAdminClaims({ intent: "markTaxId", claimId: pending.id }, admin.cookie);
    await expectRedirectWithToast(marked, "/admin/claims", "taxIdMarked");
    expect(await markOf(business.id)).toMatchObject({ taxId: ids.unknown, method: "manual", verifiedBy: admin.id });
    const audit = await getDb()
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "business.taxId.verify"), eq(auditLog.targetId, business.id)));
    expect(audit).toEqual([
      { actorId: admin.id, details: { claimId: pending.id, taxId: "3-101-999999", method: "manual" } },
    ]);
    const page = await renderRoute(businessRoute as RouteModule, "/business/:slug", `/business/${business.slug}`);
    expect(badgeText(page.html)).toBe("Registered business · cédula jurídica 3-101-999999");
  });
});
