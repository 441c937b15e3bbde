import { describe, expect, it } from "vitest";
import { actOnIntent, formIntent } from "./intents";

function form(entries: [string, string | Blob][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

const handlers = {
  pin: (intent: "pin" | "unpin") => ({ pinned: intent === "pin" }),
  unpin: (intent: "pin" | "unpin") => ({ pinned: intent === "pin" }),
  reply: () => "replied",
};
const otherwise = (intent: string) => ({ unknown: intent });

describe("formIntent", () => {
  it('is the field\'s text, "" when there is none, the first of several', () => {
    expect(formIntent(form([["intent", "pin"]]))).toBe("pin");
    expect(formIntent(form([]))).toBe("");
    expect(formIntent(form([["intent", ""]]))).toBe("");
    expect(
      formIntent(
        form([
          ["intent", "unpin"],
          ["intent", "pin"],
        ]),
      ),
    ).toBe("unpin");
  });
});

describe("actOnIntent", () => {
  it("calls the named handler with its intent", () => {
    expect(actOnIntent(form([["intent", "pin"]]), handlers, otherwise)).toEqual({ pinned: true });
    expect(actOnIntent(form([["intent", "unpin"]]), handlers, otherwise)).toEqual({ pinned: false });
    expect(actOnIntent(form([["intent", "reply"]]), handlers, otherwise)).toBe("replied");
  });

  it("answers anything else with otherwise, never with a name every object has", () => {
    for (const intent of ["", "PIN", "pin ", "delete", "constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(actOnIntent(form([["intent", intent]]), handlers, otherwise)).toEqual({ unknown: intent });
    }
    expect(actOnIntent(form([]), handlers, otherwise)).toEqual({ unknown: "" });
    expect(actOnIntent(form([["intent", new Blob(["pin"])]]), handlers, otherwise)).toEqual({
      unknown: "[object File]",
    });
  });

  it("passes a handler's promise through", async () => {
    const answer = actOnIntent(form([["intent", "save"]]), { save: async () => "saved" }, () => "unknown");
    await expect(answer).resolves.toBe("saved");
  });
});
