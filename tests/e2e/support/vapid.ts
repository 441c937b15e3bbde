// The browser tests' VAPID key pair: made once with `npx web-push generate-vapid-keys` for the test
// server only (playwright.config.ts hands it in); it signs nothing outside this machine's tests.
export const e2eVapidKeys = {
  publicKey: "BBp_icSeEiM5a2he3AjbhTwT-bJ1yXsvoe9eWtt06906MEEOgP1aa94aW76_Aa2tBSEb8cDCunemPvsf7cGRYhU",
  privateKey: "R4Pr_W7nSwADUd1BAEtMYurEl5t24miMT9aub1HbbUM",
} as const;
