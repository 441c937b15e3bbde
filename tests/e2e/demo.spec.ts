import { demoAccounts, signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// What a newcomer trying the demo meets as the demo owner (README "Demo accounts"), in both
// languages: signed in through the form, the dashboard's bookings show their listing's requests,
// some waiting for a decision, and the inbox shows visitors' messages, two of them unread; the
// listing's public page takes bookings. No admin work first: all of it comes from the seed.

const copy = {
  en: { manage: "Manage bookings", waiting: "3 requests waiting for your answer" },
  es: { manage: "Administrar reservas", waiting: "3 solicitudes esperando su respuesta" },
} as const;

for (const language of ["en", "es"] as const) {
  test(`[DEMO] the demo owner sees bookings and messages in the dashboard (${language})`, async ({ page }) => {
    const prefix = language === "es" ? "/es" : "";
    await signIn(page, demoAccounts.owner, { language });

    await page.goto(`${prefix}/dashboard/bookings`);
    const listings = page.getByTestId("booking-listings");
    await expect(listings).toContainText("Sushi Bahía");
    await expect(listings).toContainText(copy[language].waiting);
    await listings.getByRole("link", { name: copy[language].manage }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/bookings/[0-9a-f-]{36}$`));
    const requests = page.getByTestId("booking-requests");
    await expect(requests.getByTestId("booking-row")).toHaveCount(7);
    const pending = requests.getByTestId("booking-row").filter({ hasText: "Sofía Rojas" });
    await expect(pending.getByTestId("booking-confirm")).toBeVisible();
    await expect(page.getByTestId("booking-services")).toContainText(
      language === "es" ? "Mesa para cenar" : "Dinner table",
    );

    await page.goto(`${prefix}/dashboard/messages`);
    await expect(page.getByTestId("thread")).toHaveCount(3);
    await expect(page.getByTestId("thread-link").filter({ hasText: "Daniel Carter" })).toBeVisible();
    await expect(page.getByTestId("unread-badge")).toHaveCount(2);

    await page.goto(`${prefix}/business/sushi-bahia`);
    await expect(page.getByTestId("booking-form")).toBeVisible();
  });
}
