import { describe, expect, it } from "vitest";
import { AppError } from "#app/lib/errors";
import { defineWrite } from "#app/platform/writes/define-write.server";

// defineWrite replaces async functions: a refusal must reach the caller as a rejected promise, as
// it did before (a caller's .catch, or a test's helper that awaits the promise it is handed).

describe("defineWrite", () => {
  it("refuses a missing permission with a rejected promise, before any transaction", async () => {
    let ran = false;
    const write = defineWrite({ permission: "update:group:any", contentKinds: [] }, async () => {
      ran = true;
    });
    let returned: Promise<unknown> | undefined;
    expect(() => {
      returned = write({ actor: null });
    }).not.toThrow();
    await expect(returned).rejects.toBeInstanceOf(AppError);
    await expect(write({ actor: null })).rejects.toMatchObject({ code: "unauthorized" });
    expect(ran).toBe(false);
  });

  it("takes options without an actor (a guest's link, a user's own account)", async () => {
    const write = defineWrite({ contentKinds: [] }, async (options: { token: string }) => options.token.length);
    expect(write.effects.contentKinds).toEqual([]);
    expect(typeof write).toBe("function");
  });
});
