import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sinpeTransfers } from "#app/features/billing/schema";
import { setSinpeNumberForTests } from "#app/features/billing/sinpe.server";
import { setStripeSettingsForTests } from "#app/features/billing/stripe.server";
import type { Actor } from "#app/lib/authorization";
import { getDb } from "#app/lib/db.server";
import { clearRateLimitersForTests } from "#app/lib/rate-limit.server";
import { setExchangeRate } from "#app/platform/site/site-config.server";
import * as adminSubscriptions from "#app/routes/admin/subscriptions";
import * as subscriptionPage from "#app/routes/dashboard/subscription";
import * as receipt from "#app/routes/resources/billing/sinpe-receipt/$transferId";
import * as uploads from "#app/routes/resources/uploads/$";
import { createSignedInUser } from "#tests/factories/accounts";
import { postSubscriptionPage } from "#tests/factories/billing";
import { createBusiness } from "#tests/factories/directory";
import { callRoute, loadPage } from "#tests/factories/route-calls";

// The photo of a SINPE Móvil receipt: optional on the reference form, stored re-encoded under
// private/, shown to the transfer's owner and to admins (the queue links it), and to nobody else:
// not another owner, not a guest, not the public /uploads route.

let admin: Awaited<ReturnType<typeof createSignedInUser>>;

async function png() {
  return new Uint8Array(
    await sharp({ create: { width: 40, height: 60, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer(),
  );
}

function submit(cookie: string, transferId: number, reference: string, file: File | null) {
  const body = new FormData();
  body.append("intent", "sinpe-reference");
  body.append("transferId", String(transferId));
  body.append("reference", reference);
  if (file) body.append("receipt", file);
  return callRoute(
    subscriptionPage,
    "action",
    new Request("http://localhost/dashboard/subscription", { method: "POST", headers: { cookie }, body }),
  );
}

async function startedTransfer() {
  const owner = await createSignedInUser({ roles: ["business_owner"] });
  const business = await createBusiness({ name: `Receipt Cafe ${owner.id.slice(0, 6)}`, owner: owner.id });
  const started = await postSubscriptionPage(
    { intent: "sinpe", planId: "premium", businessId: business.id, interval: "month" },
    owner.cookie,
  );
  expect(started.status).toBe(302);
  const [transfer] = await getDb()
    .select()
    .from(sinpeTransfers)
    .where(eq(sinpeTransfers.businessId, business.id))
    .orderBy(desc(sinpeTransfers.id));
  return { owner, business, transfer };
}

function viewReceipt(cookie: string | null, transferId: number | string) {
  return loadPage(receipt, `/billing/sinpe-receipt/${transferId}`, cookie, {
    transferId: String(transferId),
  });
}

beforeAll(async () => {
  clearRateLimitersForTests();
  setStripeSettingsForTests(null);
  setSinpeNumberForTests("88887777");
  admin = await createSignedInUser({ roles: ["admin"] });
  const asAdmin: Actor = { id: admin.id, role: "admin" };
  await setExchangeRate({ actor: asAdmin, crcPerUsd: 505.5, on: "2026-11-20" });
});

afterAll(() => {
  setSinpeNumberForTests(undefined);
  setStripeSettingsForTests(undefined);
});

describe("a SINPE Móvil receipt photo", () => {
  it("is stored privately with the reference; its owner and admins see it, nobody else", async () => {
    const { owner, transfer } = await startedTransfer();
    const answer = await submit(
      owner.cookie,
      transfer.id,
      "FT 2611 0042",
      new File([await png()], "captura.png", { type: "image/png" }),
    );
    expect(answer.status).toBe(302);
    const [row] = await getDb().select().from(sinpeTransfers).where(eq(sinpeTransfers.id, transfer.id));
    expect(row.status).toBe("submitted");
    expect(row.bankReference).toBe("FT26110042");
    expect(row.receiptPhotoKey).toMatch(/^private\/sinpe\/[0-9a-f]{32}\.webp$/);

    const mine = await viewReceipt(owner.cookie, transfer.id);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/webp");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect((await viewReceipt(admin.cookie, transfer.id)).status).toBe(200);

    const stranger = await createSignedInUser({ roles: ["business_owner"] });
    expect((await viewReceipt(stranger.cookie, transfer.id)).status).toBe(404);
    expect((await viewReceipt(null, transfer.id)).status).toBe(404);
    expect((await viewReceipt(owner.cookie, "abc")).status).toBe(404);
    // The public uploads route never serves it, even to someone who has the key.
    const key = row.receiptPhotoKey as string;
    const open = await loadPage(uploads, `/uploads/${key}`, null, { "*": key });
    expect(open.status).toBe(404);

    // The owner's page and the admin's queue link it.
    const page = await loadPage(subscriptionPage, "/dashboard/subscription", owner.cookie);
    expect(page.data.transfers).toEqual([expect.objectContaining({ id: transfer.id, hasReceiptPhoto: true })]);
    const queue = await loadPage(adminSubscriptions, "/admin/subscriptions", admin.cookie);
    expect(queue.data.transfers).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: transfer.id, hasReceiptPhoto: true })]),
    );
  });

  it("is optional, and a file that is not an image is refused at the field with the reference kept", async () => {
    const { owner, transfer } = await startedTransfer();
    const refused = await submit(
      owner.cookie,
      transfer.id,
      "FT77889900",
      new File(["not an image"], "receipt.txt", { type: "text/plain" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      transferId: transfer.id,
      reference: "FT77889900",
      error: expect.stringContaining("billing:errors.receipt.type"),
    });
    const [unchanged] = await getDb().select().from(sinpeTransfers).where(eq(sinpeTransfers.id, transfer.id));
    expect(unchanged.status).toBe("awaiting");
    expect(unchanged.receiptPhotoKey).toBeNull();

    expect((await submit(owner.cookie, transfer.id, "FT77889900", null)).status).toBe(302);
    const [row] = await getDb().select().from(sinpeTransfers).where(eq(sinpeTransfers.id, transfer.id));
    expect(row.status).toBe("submitted");
    expect(row.receiptPhotoKey).toBeNull();
    expect((await viewReceipt(owner.cookie, transfer.id)).status).toBe(404);
  });

  it("another owner cannot attach a photo to someone else's transfer", async () => {
    const { transfer } = await startedTransfer();
    const intruder = await createSignedInUser({ roles: ["business_owner"] });
    const answer = await submit(
      intruder.cookie,
      transfer.id,
      "FT11223344",
      new File([await png()], "captura.png", { type: "image/png" }),
    );
    expect(answer.status).toBe(404);
    const [row] = await getDb().select().from(sinpeTransfers).where(eq(sinpeTransfers.id, transfer.id));
    expect(row.receiptPhotoKey).toBeNull();
    expect(row.bankReference).toBeNull();
  });
});
