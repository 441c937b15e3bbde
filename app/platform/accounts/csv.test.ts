import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, commas and line breaks inside quotes", () => {
    expect(parseCsv('email,name\r\n"a@b.test","Mora, Ana ""la jefa"""\n"x@y.test","two\nlines"')).toEqual([
      ["email", "name"],
      ["a@b.test", 'Mora, Ana "la jefa"'],
      ["x@y.test", "two\nlines"],
    ]);
  });

  it("drops a spreadsheet's BOM and keeps empty cells", () => {
    expect(parseCsv("\uFEFFa,b,c\n1,,3\n")).toEqual([
      ["a", "b", "c"],
      ["1", "", "3"],
    ]);
  });

  it("refuses an unterminated quoted field", () => {
    expect(() => parseCsv('a\n"never closed')).toThrow();
  });
});
