import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * /subscription, the local checkout page and /business-plan in Chromium: plans and usage from the
 * server, a plan change through the local checkout that changes what the server allows, cancel,
 * the free plan, a reached limit, and the error toasts.
 */

const api = <T>(page: Page, path: string, init?: { method?: string; body?: unknown }) =>
  page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init?.method ?? "GET",
        headers: init?.body === undefined ? {} : { "content-type": "application/json" },
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, body: response.status === 204 ? null : await response.json() };
    },
    { path, init },
  ) as Promise<{ status: number; body: T }>;

async function openSubscription(page: Page) {
  await page.getByRole("link", { name: "Subscription" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
}

/** A screened call, start to end, through the engine. */
async function screenedCall(page: Page) {
  const call = await api<{ id: string }>(page, "/api/calls/simulate", {
    method: "POST",
    body: { phoneNumber: "+15551234567" },
  });
  await api(page, `/api/calls/${call.body.id}/process-audio`, {
    method: "POST",
    body: { text: "Hey, my internet has been down since this morning." },
  });
  await api(page, `/api/calls/${call.body.id}`, { method: "PATCH", body: { isActive: false } });
}

test("shows the plan, usage bars counted from real calls, the plan cards and the comparison table", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await screenedCall(page);
  await openSubscription(page);

  await expect(page.getByTestId("current-plan-name")).toHaveText("Personal Plan");
  await expect(page.getByTestId("subscription-status")).toHaveText("Trial");
  await expect(page.getByText(/Free trial until/)).toBeVisible();
  await expect(page.getByTestId("usage-monthlyMinutes")).toContainText("1 / 500 (0%)");
  await expect(page.getByTestId("usage-callScreeningLimit")).toContainText("1 / Unlimited");
  await expect(page.getByTestId("usage-transcriptionLimit")).toContainText("0 / Unlimited");
  await expect(page.getByRole("progressbar", { name: "Call Minutes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();

  for (const [id, price] of [
    ["free", "$0"],
    ["basic", "$9.99"],
    ["pro", "$19.99"],
    ["premium", "$49.99"],
    ["personal", "$29"],
    ["business", "$149"],
  ] as const) {
    await expect(page.getByTestId(`plan-${id}`)).toContainText(`${price}/month`);
  }
  await expect(page.getByTestId("plan-pro")).toContainText("Most Popular");
  await expect(page.getByTestId("plan-personal").getByRole("button")).toHaveText(
    "Keep Personal after the trial",
  );
  const table = page.getByRole("table", { name: "Features of each plan" });
  await expect(table.getByRole("row", { name: /Call minutes a month/ }).getByRole("cell")).toHaveText([
    "60",
    "300",
    "1,000",
    "Unlimited",
    "500",
    "Unlimited",
  ]);
  await expect(page.getByRole("region", { name: "Advanced Analytics" })).toBeVisible();

  await screenshot(page, "subscription");
  await expectAccessible(page, testInfo, "subscription");
});

test("a plan change through the local checkout changes what the server allows; then cancel", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);

  // Business features: not on the personal plan.
  await page.goto("/business-plan");
  await expect(page.getByRole("heading", { level: 1, name: "Business Plan Required" })).toBeVisible();
  const refused = await api<{ message: string }>(page, "/api/contacts/import", {
    method: "POST",
    body: { csvData: "Name\nAnn" },
  });
  expect(refused.status).toBe(402);
  await screenshot(page, "business-plan-required");
  await expectAccessible(page, testInfo, "business-plan-required");
  await page.getByRole("link", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // Choose Pro: the browser goes to the session address, the local order page.
  await page
    .getByTestId("plan-pro")
    .getByRole("button", { name: /Choose Pro/ })
    .click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Pro plan" })).toBeVisible();
  await expect(page.getByTestId("checkout-amount")).toHaveText("$19.99");
  await expect(page.getByText("no card is charged")).toBeVisible();
  await screenshot(page, "checkout");
  await expectAccessible(page, testInfo, "checkout");
  await page.getByRole("button", { name: "Confirm and Pay $19.99" }).click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(toastText(page, "You're on the Pro plan now.")).toBeVisible();
  await expect(page.getByTestId("current-plan-name")).toHaveText("Pro Plan");
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  await expect(page.getByText(/Renews on/)).toBeVisible();
  await expect(page.getByTestId("plan-pro").getByRole("button")).toHaveText("Current Plan");
  await expect(page.getByRole("heading", { name: "Usage History" })).toBeVisible();

  // Business features now open, and work.
  await page.goto("/business-plan");
  await expect(page.getByRole("heading", { level: 1, name: "Business Features" })).toBeVisible();
  await page.getByRole("button", { name: "Import Contacts" }).click();
  await expect(toastText(page, "Please upload a CSV file or paste CSV data")).toBeVisible();
  await page
    .getByLabel("Or paste CSV data")
    .fill("Name,Phone,Email\nAnn Lee,(555) 201-3344,ann@example.com\n,555,\n");
  await page.getByRole("button", { name: "Import Contacts" }).click();
  await expect(toastText(page, "Imported 1 contact, 1 row skipped.")).toBeVisible();
  await expect(page.getByText("Row 3: Name is required")).toBeVisible();

  await page.getByRole("button", { name: "Start Bulk Calls" }).click();
  await expect(toastText(page, "Please enter phone numbers to call")).toBeVisible();
  await page.getByLabel("Phone numbers").fill("(555) 201-3344\n\n  12  \n");
  await page.getByRole("button", { name: "Start Bulk Calls (2)" }).click();
  await expect(toastText(page, "1 call placed, 1 could not be placed.")).toBeVisible();
  await expect(page.getByText("Please enter a valid phone number (at least 10 digits)")).toBeVisible();
  await screenshot(page, "business-plan");
  await expectAccessible(page, testInfo, "business-plan");

  // Cancel: it stays Pro until the period's end.
  await openSubscription(page);
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel your Pro plan?" });
  await expect(dialog).toContainText("stays active until");
  await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, /Your Pro plan stays active until .*, then moves to Free\./)).toBeVisible();
  await expect(page.getByText("Cancels at period end")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel", exact: true })).toHaveCount(0);
  await expect(page.getByTestId("plan-free").getByRole("button")).toHaveText("Free when your plan ends");
  await screenshot(page, "subscription-cancelled");
  expect(
    (await api<{ subscription: { cancelAtPeriodEnd: boolean } }>(page, "/api/subscription")).body
      .subscription,
  ).toMatchObject({ cancelAtPeriodEnd: true });
});

test("the free plan: its button, its limits, and what happens when a limit is reached", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await openSubscription(page);
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel your Personal trial?" });
  await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
  await expect(toastText(page, "Your Personal trial has ended. You are on the Free plan now.")).toBeVisible();
  await expect(page.getByTestId("current-plan-name")).toHaveText("Free Plan");
  const freeButton = page.getByTestId("plan-free").getByRole("button");
  await expect(freeButton).toHaveText("You're already on the free plan");
  await expect(freeButton).toBeDisabled();
  await expect(page.getByTestId("usage-callScreeningLimit")).toContainText("0 / 30 (0%)");

  // Use up the 30 screened calls, for real.
  for (let i = 0; i < 30; i++) {
    const call = await api<{ id: string }>(page, "/api/calls/simulate", {
      method: "POST",
      body: { phoneNumber: "+15551234567" },
    });
    await api(page, `/api/calls/${call.body.id}`, { method: "PATCH", body: { isActive: false } });
  }
  await page.reload();
  await expect(page.getByTestId("usage-callScreeningLimit")).toContainText("30 / 30 (100%)");
  const alert = page.getByRole("alert").filter({ hasText: "You have used all the screened calls" });
  await expect(alert).toContainText(
    "New calls are not screened: callers hear that you can't take calls right now",
  );
  await screenshot(page, "subscription-limit");

  // The next call: the caller hears the limit reply; the call is not screened or counted.
  const refused = await api<{ isActive: boolean; transcript: string }>(page, "/api/calls/simulate", {
    method: "POST",
    body: { phoneNumber: "+15551234567" },
  });
  expect(refused.body.isActive).toBe(false);
  expect(refused.body.transcript).toContain("can't take calls through this line right now");
  expect(refused.body.transcript).toContain("System: Not screened. You have used the 30 screened calls");
  // From the Active Calls screen the same: the call ends at once and the transcript says why.
  await page.goto("/active-calls");
  await page.getByRole("button", { name: "Start Call Simulation" }).click();
  await expect(page.getByText("Call Ended")).toBeVisible();
  await expect(page.getByText(/Not screened\. You have used the 30 screened calls/).first()).toBeVisible();
  await screenshot(page, "active-calls-limit");
  await page.goto("/call-history");
  await expect(page.getByText("Not screened: monthly limit reached").first()).toBeVisible();
});

test("checkout and cancel failures show the spec's toasts", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await openSubscription(page);

  await page.route("**/api/subscription/checkout", (route) =>
    route.fulfill({
      status: 502,
      contentType: "application/json",
      body: JSON.stringify({ message: "Failed to create checkout session. Please try again" }),
    }),
  );
  await page.getByTestId("plan-basic").getByRole("button").click();
  await expect(toastText(page, "Subscription Failed")).toBeVisible();
  await expect(toastText(page, "Failed to create checkout session. Please try again")).toBeVisible();

  await page.route("**/api/subscription/checkout", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByTestId("plan-premium").getByRole("button").click();
  await expect(toastText(page, "Failed to start subscription")).toBeVisible();

  await page.route("**/api/subscription/cancel", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel Subscription" }).click();
  await expect(
    page
      .getByRole("region", { name: /Notifications/, includeHidden: true })
      .getByText("Failed to cancel subscription. Please try again.")
      .first(),
  ).toBeVisible();
});

test("leaving the checkout without paying changes nothing", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await openSubscription(page);
  await page.getByTestId("plan-premium").getByRole("button").click();
  await expect(page).toHaveURL(/\/checkout\//);
  const orderUrl = page.url();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(toastText(page, "Checkout Cancelled")).toBeVisible();
  await expect(page.getByTestId("current-plan-name")).toHaveText("Personal Plan");

  await page.goto(orderUrl.replace(/[0-9a-f-]{36}$/, "00000000-0000-4000-8000-000000000000"));
  await expect(page.getByRole("heading", { name: "This checkout was not found" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("subscription, settings and business features fit the screen", async ({ page }, testInfo) => {
    await signUpAndAcceptTerms(page);
    for (const [path, name] of [
      ["/subscription", "subscription-phone"],
      ["/settings", "settings-phone"],
      ["/business-plan", "business-plan-phone"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await screenshot(page, name);
      await expectAccessible(page, testInfo, name);
    }
  });
});
