import { expect, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms } from "./helpers";

/**
 * Help and the Free plan's house ads in Chromium: a person writes to support (the form's error
 * path first), reads their request under Help; on the Free plan the dashboard and Call History
 * show the app's own offer or tip, counted in the month's usage, and a paid plan shows none.
 */

test("Help: a request to support is checked, sent and listed with what happens next", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
  await expect(page.getByText("You have not written to support yet.")).toBeVisible();
  const form = page.getByRole("form", { name: "Write to support" });
  await form.getByRole("button", { name: "Send to support" }).click();
  await expect(form.getByText("Please enter a subject")).toBeVisible();
  await expect(form.getByText("Please describe what you need")).toBeVisible();
  await screenshot(page, "help-errors");

  await form.getByLabel("Subject").fill("Calls ring through");
  await form.getByLabel("Message").fill("Since Monday my calls ring through without the assistant.");
  await form.getByRole("button", { name: "Send to support" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sent." })).toBeVisible();
  const mine = page
    .getByRole("list", { name: "Your requests" })
    .getByRole("listitem", { name: "Calls ring through" });
  await expect(mine).toBeVisible();
  await expect(mine.getByText("Waiting for a reply")).toBeVisible();
  await expect(form.getByLabel("Subject")).toHaveValue("");
  await screenshot(page, "help-sent");
  await expectAccessible(page, testInfo, "help");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(mine).toBeVisible();
  await screenshot(page, "help-phone");
});

test("the Free plan shows the app's own ads, counted; a paid plan none", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  // On the sign-up trial (a paid plan's features): no ad anywhere.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("house-ad")).toHaveCount(0);

  // The trial ended: the Free plan, whose ads are the app's own offers and tips.
  expect((await page.request.post("/api/subscription/cancel")).status()).toBe(200);
  await page.goto("/");
  const ad = page.getByRole("complementary", { name: "Ad from AI Platform" });
  await expect(ad).toBeVisible();
  await expect(ad.getByRole("link")).toHaveAttribute("href", /^\/[a-z-]+$/);
  await screenshot(page, "house-ad-dashboard");
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/subscription")).json()) as { usage: { adsViewed: number } })
          .usage.adsViewed,
    )
    .toBe(1);
  await page.goto("/call-history");
  await expect(page.getByRole("complementary", { name: "Ad from AI Platform" })).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/subscription")).json()) as { usage: { adsViewed: number } })
          .usage.adsViewed,
    )
    .toBe(2);
  await screenshot(page, "house-ad-call-history");
});
