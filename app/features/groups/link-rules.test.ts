import { describe, expect, it } from "vitest";
import { failuresBeforeDead, judgeAnswer, linkCheckIntervalMs, linkRetryDelayMs, nextLinkState } from "./link-rules";

const invite = "https://chat.whatsapp.com/AbCdEf123456";

describe("link check rules", () => {
  it("reads one answer", () => {
    expect(judgeAnswer({ status: 200, location: null }, invite)).toEqual({ result: "live" });
    expect(judgeAnswer({ status: 404, location: null }, invite)).toEqual({ result: "dead" });
    expect(judgeAnswer({ status: 410, location: null }, invite)).toEqual({ result: "dead" });
    expect(judgeAnswer({ status: 503, location: null }, invite)).toEqual({ result: "error" });
    expect(judgeAnswer({ status: 429, location: null }, invite)).toEqual({ result: "error" });
    expect(judgeAnswer({ status: 302, location: null }, invite)).toEqual({ result: "error" });
  });

  it("follows a redirect only to another invite link of a known host", () => {
    expect(judgeAnswer({ status: 301, location: "/invite/AbCdEf123456" }, invite)).toEqual({
      next: "https://chat.whatsapp.com/invite/AbCdEf123456",
    });
    expect(judgeAnswer({ status: 302, location: "https://t.me/+AbCdEf12" }, invite)).toEqual({
      next: "https://t.me/+AbCdEf12",
    });
    expect(judgeAnswer({ status: 302, location: "https://www.whatsapp.com/" }, invite)).toEqual({
      result: "redirected",
    });
    expect(judgeAnswer({ status: 302, location: "http://chat.whatsapp.com/AbCdEf123456" }, invite)).toEqual({
      result: "redirected",
    });
    expect(judgeAnswer({ status: 307, location: "https://evil.example/x" }, invite)).toEqual({ result: "redirected" });
  });

  it("flags a link dead after two failures in a row, retrying the first in an hour", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const first = nextLinkState("timeout", 0, now);
    expect(first).toEqual({ failures: 1, dead: false, nextCheckAt: new Date(now.getTime() + linkRetryDelayMs) });
    const second = nextLinkState("dead", first.failures, now);
    expect(second.dead).toBe(true);
    expect(second.failures).toBe(failuresBeforeDead);
    expect(nextLinkState("live", 1, now)).toEqual({
      failures: 0,
      dead: false,
      nextCheckAt: new Date(now.getTime() + linkCheckIntervalMs),
    });
  });
});
