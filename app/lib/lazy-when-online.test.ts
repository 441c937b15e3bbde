import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryWhenOnline } from "./lazy-when-online";

describe("retryWhenOnline", () => {
  // Only the online event is used: a bare EventTarget stands in for the browser window.
  beforeEach(() => vi.stubGlobal("window", new EventTarget()));
  afterEach(() => vi.unstubAllGlobals());

  it("resolves at once when the chunk loads", async () => {
    await expect(retryWhenOnline(async () => "chunk")).resolves.toBe("chunk");
  });

  it("waits for the connection to come back, then asks again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"));
    load.mockResolvedValueOnce("chunk");
    let settled = false;
    const result = retryWhenOnline(load).then((value) => {
      settled = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event("online"));
    await expect(result).resolves.toBe("chunk");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
