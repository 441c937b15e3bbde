import { describe, expect, it } from "vitest";
import { imageDecodeStats } from "#app/lib/storage.server";
import { createTestUser, signInCookie } from "#tests/factories/accounts";
import { zeroPng } from "#tests/support/zero-png";
import { startTestServer } from "./support/server";

// Decompression bombs through the real form: one /classifieds/new post may carry six photos, each a
// small PNG declaring 7000×7000 (49 megapixels). They are refused from their headers, with the
// form's translated message, and nothing is decoded.

const server = startTestServer();

describe("image bombs through /classifieds/new", () => {
  it("six bombs in one post: a 400 with the form's message, no decode, the typed text kept", async () => {
    const seller = await createTestUser();
    const cookie = await signInCookie(seller.email);
    const form = new FormData();
    const fields = {
      title: "Snorkel set, barely used",
      description: "Mask, snorkel and fins, size M, used twice at Playa Conchal.",
      language: "en",
      category: "for-sale",
      price: "40",
      currency: "USD",
      area: "playa-flamingo",
      rules: "on",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    // Six different files (the same one twice is refused as a duplicate before anything else).
    for (let i = 0; i < 6; i += 1)
      form.append("photos", new Blob([zeroPng(7000, 7000 + i)], { type: "image/png" }), `bomb-${i}.png`);
    const peakBefore = imageDecodeStats().peak;
    const response = await server.request("/classifieds/new", {
      method: "POST",
      headers: { cookie, origin: server.origin, accept: "text/html" },
      body: form,
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toContain("more pixels than we accept");
    expect(html).toContain("Snorkel set, barely used");
    expect(imageDecodeStats()).toMatchObject({ active: 0, waiting: 0, peak: peakBefore });
  });
});
