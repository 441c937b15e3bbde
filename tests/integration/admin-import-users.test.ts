import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { auditLog } from "#app/platform/audit/schema";
import { emailOutbox } from "#app/platform/outbox/schema";
import { userRoles, users } from "#app/platform/people/schema";
import * as importRoute from "#app/routes/admin/import-users";
import { createSignedInUser, createTestUser } from "#tests/factories/accounts";
import { callRoute } from "#tests/factories/route-calls";
import { uniqueId } from "#tests/factories/unique";

function upload(csv: string, cookie: string | null, intent: "check" | "import" = "check", language = "") {
  const body = new FormData();
  body.set("intent", intent);
  if (intent === "check") body.set("file", new File([csv], "people.csv", { type: "text/csv" }));
  else body.set("csv", csv);
  return new Request(`http://localhost${language}/admin/import-users`, {
    method: "POST",
    body,
    headers: cookie ? { cookie } : {},
  });
}

const call = (request: Request) => callRoute(importRoute, "action", request);

describe("admin: import users", () => {
  it("is refused to anyone but an admin, and writes nothing", async () => {
    const email = `${uniqueId("nobody")}@example.test`;
    const csv = `email,first_name,last_name\n${email},Ana,Mora\n`;
    const anonymous = await call(upload(csv, null, "import"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
    for (const roles of [[], ["business_owner"]] as const) {
      const { cookie } = await createSignedInUser({ roles: [...roles] });
      const refused = await call(upload(csv, cookie, "import"));
      expect(refused).toMatchObject({ status: 302, location: "/dashboard" });
      const page = await callRoute(
        importRoute,
        "loader",
        new Request("http://localhost/admin/import-users", { headers: { cookie } }),
      );
      expect(page).toMatchObject({ status: 302, location: "/dashboard" });
    }
    expect(await getDb().select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("the dry run reports every row's problem and writes nothing", async () => {
    const { cookie } = await createSignedInUser({ roles: ["admin"] });
    const existing = await createTestUser();
    const fresh = `${uniqueId("fresh")}@example.test`;
    const csv = [
      "email,first_name,last_name,role,language",
      `${fresh},Ana,Mora,user,es`,
      "not-an-email,Luis,Soto,user,en",
      `${fresh.toUpperCase()},Ana,Again,user,en`,
      `${existing.email},Old,Account,user,en`,
      `${uniqueId("r")}@example.test,Eva,Rojas,superuser,en`,
      `${uniqueId("l")}@example.test,Eva,Rojas,user,fr`,
      `${uniqueId("n")}@example.test,,Rojas,user,en`,
      `${uniqueId("c")}@example.test,Eva`,
    ].join("\n");
    const before = await getDb().select().from(users);
    const result = await call(upload(csv, cookie));
    expect(result.status).toBe(400);
    const problems = result.data.plan.rows.map((row: { line: number; problems: string[] }) => [row.line, row.problems]);
    expect(problems).toEqual([
      [2, []],
      [3, ["badEmail"]],
      [4, ["duplicateInFile"]],
      [5, ["existingAccount"]],
      [6, ["unknownRole"]],
      [7, ["unknownLanguage"]],
      [8, ["missingName"]],
      [9, ["wrongColumnCount", "missingName"]],
    ]);
    expect(result.data.plan.ready).toBe(1);
    expect((await getDb().select().from(users)).length).toBe(before.length);
  });

  it("reports file-level problems: no email column, empty, not UTF-8 text", async () => {
    const { cookie } = await createSignedInUser({ roles: ["admin"] });
    expect((await call(upload("name,role\nAna,user\n", cookie))).data.plan.fileProblems).toEqual([
      "missingEmailColumn",
    ]);
    expect((await call(upload("email,first_name,last_name\n", cookie))).data.plan.fileProblems).toEqual(["empty"]);
    const binary = new FormData();
    binary.set("intent", "check");
    binary.set("file", new File([new Uint8Array([0xff, 0xfe, 0x00, 0xc3])], "x.csv"));
    const refused = await call(
      new Request("http://localhost/admin/import-users", { method: "POST", body: binary, headers: { cookie } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe("accounts:admin.importUsers.fileProblems.notCsv");
  });

  it("imports every row in one go: accounts, roles, an invitation each in the outbox, audit rows", async () => {
    const admin = await createSignedInUser({ roles: ["admin"] });
    const ana = `${uniqueId("ana")}@example.test`;
    const luis = `${uniqueId("luis")}@example.test`;
    const csv = `email,first_name,last_name,role,language\n${ana},Ana,Mora,business_owner,es\n"${luis}","Luis","Soto, Jr",,\n`;
    const checked = await call(upload(csv, admin.cookie));
    expect(checked.status).toBe(200);
    expect(checked.data.plan.ready).toBe(2);
    const imported = await call(upload(checked.data.csv, admin.cookie, "import"));
    expect(imported.status).toBe(200);
    expect(imported.data.created).toBe(2);

    const created = await getDb()
      .select()
      .from(users)
      .where(inArray(users.email, [ana, luis]));
    expect(created.map((user) => [user.email, user.lastName, user.preferredLanguage]).sort()).toEqual(
      [
        [ana, "Mora", "es"],
        [luis, "Soto, Jr", "en"],
      ].sort(),
    );
    const anaId = created.find((user) => user.email === ana)?.id as string;
    const roles = await getDb().select().from(userRoles).where(eq(userRoles.userId, anaId));
    expect(roles.map((role) => role.role)).toEqual(["business_owner"]);

    const mail = await getDb()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, [ana, luis]));
    expect(mail).toHaveLength(2);
    const anaMail = mail.find((entry) => entry.to === ana);
    expect(anaMail?.subject).toContain("invitación");
    expect(anaMail?.text).toMatch(/\/es\/auth\/reset-password\?token=[\w-]+/);

    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.targetId,
          created.map((user) => user.id),
        ),
      );
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["user.import", admin.id],
      ["user.import", admin.id],
    ]);
  });

  it("imports nothing when a row went bad between the check and the import", async () => {
    const { cookie } = await createSignedInUser({ roles: ["admin"] });
    const first = `${uniqueId("first")}@example.test`;
    const taken = `${uniqueId("taken")}@example.test`;
    const csv = `email,first_name,last_name\n${first},Ana,Mora\n${taken},Luis,Soto\n`;
    expect((await call(upload(csv, cookie))).status).toBe(200);
    await createTestUser({ email: taken });
    const result = await call(upload(csv, cookie, "import"));
    expect(result.status).toBe(400);
    expect(result.data.error).toBe("accounts:admin.importUsers.notImported");
    expect(await getDb().select().from(users).where(eq(users.email, first))).toEqual([]);
    expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, first))).toEqual([]);
  });
});
