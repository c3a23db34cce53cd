import { expect, test } from "@playwright/test";
import {
  expectAccessible,
  newAccount,
  screenshot,
  signUpAndAcceptTerms,
  signUpThroughScreens,
} from "./helpers";

/**
 * Referrals in Chromium: the referrer's link from Settings, a stranger signing up through it in
 * a browser of their own, and once the newcomer pays, both credited one month of their plan.
 */
test("a sign-up through a referral link is recorded, and its first payment credits both", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/settings");
  const card = page.locator("#referrals");
  await expect(card.getByRole("heading", { name: "Referrals" })).toBeVisible();
  const link = await card.getByLabel("Your referral link").inputValue();
  expect(link).toMatch(/\/signup\?ref=[A-Za-z0-9]{10}$/);
  await expect(card.getByText("Nobody has signed up through your link yet.")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, "referrals-empty");

  // A stranger opens the link in a browser of their own and signs up.
  const context = await browser.newContext({ baseURL });
  const stranger = await context.newPage();
  const { pathname, search } = new URL(link);
  await stranger.goto(`${pathname}${search}`);
  await expect(
    stranger.getByRole("note").filter({ hasText: "You were invited with a referral link" }),
  ).toBeVisible();
  await screenshot(stranger, "referral-signup");
  const newcomer = newAccount("referred");
  const claimed = stranger.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/referrals/claim",
  );
  await signUpThroughScreens(stranger, newcomer);
  expect((await claimed).status()).toBe(200);

  await page.reload();
  const signups = card.getByRole("list", { name: "Sign-ups through your link" });
  await expect(signups.getByText("Waiting for their first payment")).toBeVisible();
  await expect(signups.getByText(/^re….*@example\.com$/)).toBeVisible();

  // The newcomer pays for Pro (their trial ended first): both are credited once.
  expect((await stranger.request.post("/api/subscription/cancel")).status()).toBe(200);
  const checkout = await stranger.request.post("/api/subscription/checkout", { data: { planId: "pro" } });
  const sessionId = String(((await checkout.json()) as { sessionUrl: string }).sessionUrl)
    .split("/")
    .pop();
  expect((await stranger.request.post(`/api/checkout/${sessionId}/confirm`)).status()).toBe(200);
  await expect
    .poll(async () => {
      await page.reload();
      return card.getByTestId("referral-credit").textContent();
    })
    .toMatch(/Credit earned: \$[1-9]/);
  await expect(signups.getByText(/^Rewarded \$/)).toBeVisible();
  await expect(card.getByRole("list", { name: "Your credits" })).toContainText(
    "for a workspace you referred",
  );
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, "referrals-rewarded");
  await expectAccessible(page, testInfo, "referrals");

  await stranger.goto("/settings");
  await expect(stranger.locator("#referrals").getByRole("list", { name: "Your credits" })).toContainText(
    "for joining through a referral",
  );
  await context.close();
});
