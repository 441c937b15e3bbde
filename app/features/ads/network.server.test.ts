import { describe, expect, it } from "vitest";
import { adNetwork, adNetworkOrigins } from "./network.server";

describe("the ad network's configuration", () => {
  it("is off unless both the script and the publisher id are set", () => {
    expect(adNetwork({})).toBeNull();
    expect(adNetwork({ AD_NETWORK_SCRIPT_URL: "https://ads.example.com/tag.js" })).toBeNull();
    expect(adNetwork({ AD_PUBLISHER_ID: "ca-pub-123" })).toBeNull();
    expect(adNetworkOrigins({ AD_NETWORK_ORIGINS: "https://frames.example.com" })).toEqual([]);
  });

  it("loads the script with the publisher id and allows only its origins and the listed ones", () => {
    const config = {
      AD_NETWORK_SCRIPT_URL: "https://ads.example.com/tag.js?v=2",
      AD_PUBLISHER_ID: "ca-pub-123",
      AD_NETWORK_ORIGINS: "https://frames.example.com/path, javascript:alert(1), not a url,https://ads.example.com",
    };
    expect(adNetwork(config)).toEqual({
      src: "https://ads.example.com/tag.js?v=2&client=ca-pub-123",
      publisherId: "ca-pub-123",
    });
    expect(adNetworkOrigins(config)).toEqual(["https://ads.example.com", "https://frames.example.com"]);
  });
});
