import { z } from "#app/lib/form-schema";

// The admin's exchange-rate form (site configuration), shared by Conform and the action.
// Messages are i18n keys translated where they are shown.

const e = (key: string) => `guides:admin.rate.errors.${key}`;

export const exchangeRateSchema = z.object({
  crcPerUsd: z
    .string({ error: e("rateRequired") })
    .trim()
    .transform((value) => value.replace(",", "."))
    .refine((value) => /^\d{1,5}(\.\d{1,4})?$/.test(value) && Number(value) > 0, { error: e("rateInvalid") })
    .transform(Number),
  on: z
    .string({ error: e("dateRequired") })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: e("dateInvalid"),
    }),
});
export type ExchangeRateInput = z.infer<typeof exchangeRateSchema>;
