import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { everyDayCloseField, everyDayOpenField, hoursDefaultValues, hoursSchema, sameEveryDayField } from "./forms";

// "Same hours every day": one pair of times the server applies to all seven days, so an owner
// open 8:00 to 17:00 all week types two times instead of fourteen, with or without JavaScript.

function post(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema: hoursSchema });
}

describe("the hours form's same-every-day pair", () => {
  it("ticked, stores the pair for all seven days and leaves the per-day fields aside", () => {
    const result = post({
      [sameEveryDayField]: "on",
      [everyDayOpenField]: "08:00",
      [everyDayCloseField]: "17:00",
      d3p0open: "09:00",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.periods).toEqual(
      Array.from({ length: 7 }, (_, weekday) => ({ weekday, opensAt: 480, closesAt: 1020 })),
    );
  });

  it("ticked with a time missing, refuses on that field and stores nothing", () => {
    const result = post({ [sameEveryDayField]: "on", [everyDayOpenField]: "08:00" });
    expect(result.status).toBe("error");
    if (result.status !== "error") return;
    expect(result.error?.[everyDayCloseField]).toEqual(["directory:errors.timePair"]);
  });

  it("not ticked, the pair is ignored and the days are read one by one as before", () => {
    const result = post({
      [everyDayOpenField]: "08:00",
      [everyDayCloseField]: "17:00",
      d1p0open: "10:00",
      d1p0close: "14:00",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.periods).toEqual([{ weekday: 1, opensAt: 600, closesAt: 840 }]);
  });

  it("the box starts unticked even for a week of one period, so editing a day is never set aside unasked", () => {
    const week = Array.from({ length: 7 }, (_, weekday) => ({ weekday, opensAt: 420, closesAt: 1320 }));
    const values = hoursDefaultValues(week);
    expect(values[sameEveryDayField]).toBeUndefined();
    expect(values.d0p0open).toBe("07:00");
  });
});
