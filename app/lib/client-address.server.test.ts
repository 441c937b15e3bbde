import { describe, expect, it } from "vitest";
import { addressForLimits } from "./client-address.server";

describe("addressForLimits", () => {
  it("counts a whole IPv6 /64 as one visitor, however the address is written", () => {
    const group = "2001:db8:1:2::";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd",
      "2001:DB8:1:2:0:0:0:9",
      "2001:db8:1:2::1%eth0",
    ])
      expect(addressForLimits(address), address).toBe(group);
    expect(addressForLimits("2001:db8:1:3::1")).toBe("2001:db8:1:3::");
    expect(addressForLimits("::1")).toBe("0:0:0:0::");
    expect(addressForLimits("fe80::1")).toBe("fe80:0:0:0::");
  });

  it("keeps IPv4, also when written as IPv6, and leaves anything else alone", () => {
    expect(addressForLimits("203.0.113.9")).toBe("203.0.113.9");
    expect(addressForLimits("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressForLimits("::ffff:cb00:7109")).toBe("203.0.113.9");
    expect(addressForLimits("unknown")).toBe("unknown");
    expect(addressForLimits("")).toBe("");
  });
});
