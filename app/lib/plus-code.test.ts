import { describe, expect, it } from "vitest";
import { plusCode } from "./plus-code";

describe("plusCode", () => {
  it("encodes known coordinates to their Plus Code", () => {
    // Worked out by hand from the published algorithm (base-20 digit pairs, latitude first).
    expect(plusCode({ latitude: 1.2867, longitude: 103.8545 })?.full).toBe("6PH57VP3+MR");
    expect(plusCode({ latitude: 10.4333, longitude: -85.7903 })?.full).toBe("762PC6M5+8V");
  });

  it("gives a short code relative to Playa Flamingo for a nearby place", () => {
    // Brasilito, a few kilometres south.
    const code = plusCode({ latitude: 10.408, longitude: -85.7958 });
    expect(code?.full).toBe("762PC653+6M");
    expect(code?.short).toBe("C653+6M");
    expect(code?.local).toBe("C653+6M Playa Flamingo");
  });

  it("gives no short code far from Playa Flamingo", () => {
    // San José is well over a hundred kilometres away: its town name would mislead.
    const code = plusCode({ latitude: 9.9281, longitude: -84.0907 });
    expect(code?.full).toMatch(/^[23456789CFGHJMPQRVWX]{8}\+[23456789CFGHJMPQRVWX]{2}$/);
    expect(code?.short).toBeNull();
    expect(code?.local).toBeNull();
  });

  it("is null without coordinates", () => {
    expect(plusCode({ latitude: null, longitude: -85.79 })).toBeNull();
    expect(plusCode({ latitude: 10.43, longitude: null })).toBeNull();
  });
});
