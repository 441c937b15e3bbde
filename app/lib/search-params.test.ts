import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readSearchParams, searchParam } from "./search-params";

const url = (query: string) => new URLSearchParams(query);

describe("readSearchParams", () => {
  it("reads a request, a URL or the parameters themselves", () => {
    const shape = { q: searchParam.text() };
    expect(readSearchParams(new Request("https://example.test/x?q=a"), shape)).toEqual({ q: "a" });
    expect(readSearchParams(new URL("https://example.test/x?q=b"), shape)).toEqual({ q: "b" });
    expect(readSearchParams(url("q=c"), shape)).toEqual({ q: "c" });
  });

  it("reads the first of repeated values, as URLSearchParams.get does", () => {
    expect(readSearchParams(url("q=first&q=second"), { q: searchParam.text() })).toEqual({ q: "first" });
    expect(readSearchParams(url("q=&q=second"), { q: searchParam.nullable() })).toEqual({ q: "" });
  });

  it("gives each schema's default for missing and refused values, and never throws", () => {
    const shape = {
      status: z.enum(["open", "closed"]).default("open"),
      days: z.coerce
        .number()
        .pipe(z.literal([7, 30, 90]))
        .default(30),
      area: z
        .string()
        .regex(/^[a-z-]{1,20}$/)
        .optional(),
    };
    expect(readSearchParams(url(""), shape)).toEqual({ status: "open", days: 30, area: undefined });
    expect(readSearchParams(url("status=closed&days=7&area=tamarindo"), shape)).toEqual({
      status: "closed",
      days: 7,
      area: "tamarindo",
    });
    for (const hostile of ["", "%00", "<script>", "x".repeat(5000), "9".repeat(400), "__proto__", "-1", "NaN"]) {
      const query = new URLSearchParams({ status: hostile, days: hostile, area: hostile });
      expect(readSearchParams(query, shape)).toEqual({ status: "open", days: 30, area: undefined });
    }
  });

  it("does not let one bad value spoil the others", () => {
    const shape = { status: searchParam.oneOf(["a", "b"], "a"), page: searchParam.page() };
    expect(readSearchParams(url("status=bogus&page=90"), shape)).toEqual({ status: "a", page: 90 });
  });

  it("reads an empty value as missing when asked", () => {
    const shape = { topic: z.enum(["surf", "yoga"]).optional(), q: searchParam.text({ fallback: "none" }) };
    expect(readSearchParams(url("topic=&q="), shape)).toEqual({ topic: undefined, q: "" });
    expect(readSearchParams(url("topic=&q="), shape, { emptyIsMissing: true })).toEqual({
      topic: undefined,
      q: "none",
    });
  });

  it("only reads the names of the shape", () => {
    expect(readSearchParams(url("a=1&b=2&constructor=x"), { a: searchParam.text() })).toEqual({ a: "1" });
  });
});

describe("searchParam", () => {
  it("nullable: the value as sent, null when missing", () => {
    const shape = { v: searchParam.nullable() };
    expect(readSearchParams(url(""), shape)).toEqual({ v: null });
    expect(readSearchParams(url("v="), shape)).toEqual({ v: "" });
    expect(readSearchParams(url("v=%20a%20"), shape)).toEqual({ v: " a " });
  });

  it("text: a fallback when missing, trimmed and cut when asked", () => {
    expect(readSearchParams(url(""), { v: searchParam.text() })).toEqual({ v: "" });
    expect(readSearchParams(url(""), { v: searchParam.text({ fallback: "default" }) })).toEqual({ v: "default" });
    expect(readSearchParams(url("v="), { v: searchParam.text({ fallback: "default" }) })).toEqual({ v: "" });
    expect(readSearchParams(url("v=abcdef"), { v: searchParam.text({ max: 3 }) })).toEqual({ v: "abc" });
    expect(readSearchParams(url("v=%20%20abcdef"), { v: searchParam.text({ trim: true, max: 3 }) })).toEqual({
      v: "abc",
    });
    expect(readSearchParams(url("v=%20%20abcdef"), { v: searchParam.text({ max: 3 }) })).toEqual({ v: "  a" });
  });

  it("oneOf: a listed value, or the fallback", () => {
    const statuses = ["pending", "approved"] as const;
    expect(readSearchParams(url("s=approved"), { s: searchParam.oneOf(statuses, "pending") })).toEqual({
      s: "approved",
    });
    for (const query of ["", "s=", "s=APPROVED", "s=approved%20", "s=toString", "s=constructor"]) {
      expect(readSearchParams(url(query), { s: searchParam.oneOf(statuses, "pending") })).toEqual({ s: "pending" });
      expect(readSearchParams(url(query), { s: searchParam.oneOf(statuses) })).toEqual({ s: undefined });
      expect(readSearchParams(url(query), { s: searchParam.oneOf(statuses, null) })).toEqual({ s: null });
    }
  });

  it("redirectPath: a same-site path, or nothing", () => {
    const read = (query: string) => readSearchParams(url(query), { to: searchParam.redirectPath() }).to;
    expect(read("to=%2Fdashboard%3Ftab%3D1")).toBe("/dashboard?tab=1");
    for (const query of ["", "to=", "to=https://evil.example", "to=//evil.example", "to=/%2e//evil.example"]) {
      expect(read(query)).toBe("");
    }
  });

  it("matching: a value the pattern accepts (cut first when asked), undefined otherwise", () => {
    const shape = { id: searchParam.matching(/^[a-z0-9-]{1,5}$/, { max: 5 }) };
    expect(readSearchParams(url("id=ab-1"), shape).id).toBe("ab-1");
    expect(readSearchParams(url("id=abcdefgh"), shape).id).toBe("abcde");
    expect(readSearchParams(url("id=AB"), shape).id).toBeUndefined();
    expect(readSearchParams(url("id="), shape).id).toBeUndefined();
    expect(readSearchParams(url(""), shape).id).toBeUndefined();
    expect(readSearchParams(url("id=a%0Ab"), { id: searchParam.matching(/^\w+$/) }).id).toBeUndefined();
  });

  it("flag: true only for the exact value", () => {
    expect(readSearchParams(url("sent=1"), { sent: searchParam.flag() })).toEqual({ sent: true });
    for (const query of ["", "sent=", "sent=true", "sent=01", "sent=1%20"]) {
      expect(readSearchParams(url(query), { sent: searchParam.flag() })).toEqual({ sent: false });
    }
    expect(readSearchParams(url("mode=signup"), { mode: searchParam.flag("signup") })).toEqual({ mode: true });
  });

  it("int: Number.parseInt's reading, then the page's own rule", () => {
    const read = (query: string) => readSearchParams(url(query), { n: searchParam.int((n) => n || 1) }).n;
    expect(read("")).toBe(1);
    expect(read("n=")).toBe(1);
    expect(read("n=abc")).toBe(1);
    expect(read("n=0")).toBe(1);
    expect(read("n=3abc")).toBe(3);
    expect(read("n=-4")).toBe(-4);
    expect(read("n=%207")).toBe(7);
  });

  it("page: 1 to 10 000, 1 for anything malformed", () => {
    const read = (query: string) => readSearchParams(url(query), { page: searchParam.page() }).page;
    const pageOf = (value: string) => read(new URLSearchParams({ page: value }).toString());
    expect(read("")).toBe(1);
    expect(pageOf("2")).toBe(2);
    expect(pageOf("2.9")).toBe(2);
    expect(pageOf("0")).toBe(1);
    expect(pageOf("-3")).toBe(1);
    expect(pageOf("abc")).toBe(1);
    expect(pageOf("")).toBe(1);
    expect(pageOf("99999")).toBe(10_000);
    expect(pageOf("9".repeat(400))).toBe(1);
  });
});
