import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "#app/lib/errors";
import { readFormData, submitForm } from "./form-action.server";

const schema = z.object({ name: z.string({ error: "names:required" }).min(2, { error: "names:short" }) });

function form(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

describe("readFormData", () => {
  it("reads a posted form, and answers null for a body that is not one", async () => {
    const posted = new Request("https://example.test/", { method: "POST", body: new URLSearchParams({ a: "1" }) });
    expect((await readFormData(posted))?.get("a")).toBe("1");
    const json = new Request("https://example.test/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await readFormData(json)).toBeNull();
    const broken = new Request("https://example.test/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "not multipart",
    });
    expect(await readFormData(broken)).toBeNull();
  });
});

describe("submitForm", () => {
  it("runs with the parsed values", async () => {
    await expect(submitForm(form({ name: "Ana" }), schema, async (value) => `hello ${value.name}`)).resolves.toBe(
      "hello Ana",
    );
  });

  it("answers 400 with the failure and the form's reply when the fields do not pass, without running", async () => {
    let ran = false;
    const answer = (await submitForm(
      form({ name: "A" }),
      schema,
      async () => {
        ran = true;
      },
      { failure: { intent: "rename", id: "7" } },
    )) as { data: Record<string, unknown>; init: ResponseInit };
    expect(ran).toBe(false);
    expect(answer.init.status).toBe(400);
    expect(Object.keys(answer.data)).toEqual(["intent", "id", "result"]);
    expect(answer.data.result).toMatchObject({ status: "error", error: { name: ["names:short"] } });
  });

  it("answers an AppError on the form with its status", async () => {
    const answer = (await submitForm(form({ name: "Ana" }), schema, async () => {
      throw new AppError("conflict", "names:taken", { field: "name" });
    })) as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
    expect(answer.init.status).toBe(409);
    expect(answer.data.result.error.name).toEqual(["names:taken"]);
  });
});
