import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { houseAdSchema } from "#app/features/ads/forms";
import { createHouseAd, updateHouseAd } from "#app/features/ads/house-ads.server";
import type { Actor } from "#app/lib/authorization";
import { handleFormAction } from "#app/lib/errors.server";
import { redirectWithToast } from "#app/web/flash.server";

const hideFields = ["imageEn", "imageEs"];

async function bytes(file: File | undefined) {
  return file ? new Uint8Array(await file.arrayBuffer()) : undefined;
}

/**
 * The save of the house-ad form, for the admin's and the owner's pages: a refused post answers 400
 * with the typed values kept; a saved one redirects to `to(id)` with its toast.
 */
export async function saveHouseAdForm(options: {
  request: Request;
  formData: FormData;
  actor: Actor;
  /** Editing this ad; absent: creating one. */
  adId?: string;
  /** The owner's listing for a new ad. */
  businessId?: string | null;
  to: (id: string) => string;
}) {
  const submission = parseWithZod(options.formData, { schema: houseAdSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  return handleFormAction(
    submission,
    async () => {
      const input = submission.value;
      const images = { en: await bytes(input.imageEn), es: await bytes(input.imageEs) };
      const saved = options.adId
        ? await updateHouseAd({ actor: options.actor, id: options.adId, input, images })
        : await createHouseAd({ actor: options.actor, input, businessId: options.businessId, images });
      return redirectWithToast(
        options.request,
        options.to(saved.id),
        saved.status === "pending" ? "adSubmitted" : "adSaved",
      );
    },
    { failure: {}, hideFields },
  );
}
