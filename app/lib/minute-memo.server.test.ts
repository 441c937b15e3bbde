import { describe, expect, it } from "vitest";
import { minuteMemo } from "./minute-memo.server";

describe("minuteMemo", () => {
  const at = (time: string) => new Date(`2026-11-24T${time}Z`);

  it("answers a key once per minute, and again in the next minute or under another key", async () => {
    const memo = minuteMemo<number>();
    let calls = 0;
    const compute = async () => ++calls;
    expect(await memo("en:v1", at("10:00:05"), compute)).toBe(1);
    expect(await memo("en:v1", at("10:00:59"), compute)).toBe(1);
    expect(await memo("en:v2", at("10:00:59"), compute)).toBe(2);
    expect(await memo("en:v1", at("10:01:00"), compute)).toBe(3);
  });

  it("forgets a failure, so the next caller computes again", async () => {
    const memo = minuteMemo<string>();
    await expect(memo("k", at("10:00:00"), async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await memo("k", at("10:00:01"), async () => "back")).toBe("back");
  });

  it("keeps at most its capacity of keys", async () => {
    const memo = minuteMemo<number>(2);
    let calls = 0;
    const compute = async () => ++calls;
    await memo("a", at("10:00:00"), compute);
    await memo("b", at("10:00:00"), compute);
    await memo("c", at("10:00:00"), compute);
    // The third key cleared the first two.
    expect(await memo("a", at("10:00:00"), compute)).toBe(4);
  });
});
