import { expect, type Page, test } from "@playwright/test";
import {
  acceptTerms,
  callingPlaceNow,
  expectAccessible,
  newAccount,
  recordAiVoiceConsent,
  screenshot,
  signUpAndAcceptTerms,
  toastText,
} from "./helpers";

/**
 * Enterprise calling in Chromium: /enterprise's four plans and the
 * contact-sales form (its errors, then the stored enquiry's confirmation); /enterprise-dashboard's
 * four tabs against the server: live calls that appear while Live and stay frozen while Paused
 * until Refresh, campaigns started for chosen contacts, analytics for 24h/7d/30d from the calls
 * made, and Call Controls' bulk call with a purpose. Screenshots at desktop and phone width.
 */

/** A business workspace (bulk calling included) signed up through the page's own session. */
async function signUpBusiness(page: Page, company = "Northwind Calling") {
  const account = newAccount("ent");
  await page.goto("/");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: company } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto("/enterprise-dashboard");
  await acceptTerms(page);
  return account;
}

/** A simulated call through the API; ended after the caller's words unless `live`. */
async function simulatedCall(page: Page, phoneNumber: string, words?: string, live = false) {
  const started = await page.request.post("/api/calls/simulate", { data: { phoneNumber } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  if (words) {
    const heard = await page.request.post(`/api/calls/${id}/process-audio`, { data: { text: words } });
    expect(heard.ok(), await heard.text()).toBe(true);
  }
  if (!live) {
    const ended = await page.request.patch(`/api/calls/${id}`, { data: { isActive: false } });
    expect(ended.ok(), await ended.text()).toBe(true);
  }
  return id;
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name });

test("/enterprise: the four plans and the contact-sales form", async ({ page }, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/enterprise");
  await expect(page.getByRole("heading", { level: 1, name: "Enterprise" })).toBeVisible();
  const plans = page.getByRole("list", { name: "Enterprise plans" });
  for (const [id, name, price, calls] of [
    ["enterprise_starter", "Starter", "$300", "100 concurrent calls"],
    ["enterprise_pro", "Pro", "$800", "500 concurrent calls"],
    ["enterprise_scale", "Scale", "$1,500", "1,000 concurrent calls"],
    ["enterprise_ultimate", "Ultimate", "$2,000", "Unlimited concurrent calls"],
  ] as const) {
    const card = plans.getByTestId(`enterprise-plan-${id}`);
    await expect(card.getByRole("heading", { name })).toBeVisible();
    await expect(card.getByText(price)).toBeVisible();
    await expect(card.getByText(calls)).toBeVisible();
  }
  await expect(plans.getByTestId("enterprise-plan-enterprise_pro").getByText("Most Popular")).toBeVisible();
  await screenshot(page, "enterprise-plans");
  await expectAccessible(page, testInfo, "enterprise");

  // Scale's button opens the form with Scale chosen and the person's details filled in.
  await page.getByRole("button", { name: "Contact sales about Scale" }).click();
  const dialog = page.getByRole("dialog", { name: "Contact Sales" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Plan")).toHaveValue("enterprise_scale");
  await expect(dialog.getByLabel("Work email")).not.toHaveValue("");

  // The error path: no name, a bad email, a short phone number, each said under its field.
  await dialog.getByLabel("Name").fill("");
  await dialog.getByLabel("Work email").fill("morgan at example");
  await dialog.getByLabel("Phone (optional)").fill("555-12");
  await dialog.getByLabel("Company").fill("Northwind Call Centers");
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(dialog.getByText("Please enter your name")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid phone number (at least 10 digits)")).toBeVisible();
  await screenshot(page, "enterprise-contact-sales-errors");
  // A corrected field stops saying what was wrong with it.
  await dialog.getByLabel("Name").fill("Morgan Lee");
  await expect(dialog.getByText("Please enter your name")).toBeHidden();

  await dialog.getByLabel("Work email").fill("morgan@example.com");
  await dialog.getByLabel("Phone (optional)").fill("(555) 201-4000");
  await dialog.getByLabel("Concurrent calls (optional)").fill("650");
  await dialog.getByLabel("Message (optional)").fill("Three call centers moving over in the spring.");
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Request Sent")).toBeVisible();
  const confirmation = page
    .locator("main")
    .getByRole("status")
    .filter({ hasText: "Our sales team will contact you" });
  await expect(confirmation).toBeVisible();
  await screenshot(page, "enterprise-contact-sales-sent");

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("heading", { level: 1, name: "Enterprise" })).toBeVisible();
  await screenshot(page, "enterprise-plans-phone");
});

test("/enterprise: the owner buys Enterprise Starter through the checkout, and the plan is theirs", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/enterprise");
  await page.getByRole("button", { name: "Buy Starter" }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Enterprise Starter").first()).toBeVisible();
  await screenshot(page, "enterprise-checkout");
  await expectAccessible(page, testInfo, "enterprise-checkout");
  await page.getByRole("button", { name: /^Confirm/ }).click();
  await expect(page).toHaveURL(/\/subscription/);
  const mine = (await (await page.request.get("/api/subscription")).json()) as {
    subscription: { planType: string };
  };
  expect(mine.subscription.planType).toBe("enterprise_starter");
  // Back on /enterprise the card says it is the workspace's plan, with nothing left to buy there.
  await page.goto("/enterprise");
  const card = page.getByTestId("enterprise-plan-enterprise_starter");
  await expect(card.getByText("Your plan")).toBeVisible();
  await expect(card.getByRole("button", { name: "Buy Starter" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Buy Pro" })).toBeVisible();
  await screenshot(page, "enterprise-plan-bought");
});

test("/enterprise-dashboard: live calls, campaigns, analytics and call controls", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signUpBusiness(page);
  await expect(page.getByRole("heading", { level: 1, name: "Enterprise Dashboard" })).toBeVisible();

  // Live Calls: a call in progress appears at the next poll, without a click.
  await expect(page.getByTestId("stat-active-calls")).toHaveText("0");
  const firstLive = await simulatedCall(page, "+15552016001", undefined, true);
  const table = page.getByRole("table", { name: "Calls in progress" });
  await expect(table.getByText("+15552016001")).toBeVisible({ timeout: 12_000 });
  await expect(page.getByTestId("stat-active-calls")).toHaveText("1");
  await screenshot(page, "enterprise-dashboard-live");
  await expectAccessible(page, testInfo, "enterprise-dashboard-live");

  // Paused: the call ends on the server, but the screen keeps what it showed...
  await page.getByRole("button", { name: "Live: press to pause" }).click();
  await expect(page.getByRole("button", { name: "Paused: press to go live" })).toBeVisible();
  const ended = await page.request.patch(`/api/calls/${firstLive}`, { data: { isActive: false } });
  expect(ended.ok()).toBe(true);
  await page.waitForTimeout(7_000);
  await expect(table.getByText("+15552016001")).toBeVisible();
  await expect(page.getByText("Paused: press Live or Refresh to update")).toBeVisible();
  await screenshot(page, "enterprise-dashboard-paused");
  // ...until Refresh.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("No calls in progress right now.")).toBeVisible();
  await expect(page.getByTestId("stat-active-calls")).toHaveText("0");
  // Live again: a new call shows up by itself.
  await page.getByRole("button", { name: "Paused: press to go live" }).click();
  const secondLive = await simulatedCall(page, "+15552016002", undefined, true);
  await expect(page.getByRole("table", { name: "Calls in progress" }).getByText("+15552016002")).toBeVisible({
    timeout: 12_000,
  });
  await page.request.patch(`/api/calls/${secondLive}`, { data: { isActive: false } });

  // Analytics: the calls made, by range and classification.
  await simulatedCall(page, "+15552016003", "I'd like to book an appointment for Tuesday at 3pm");
  await simulatedCall(page, "+15552016004", "Congratulations you have won a free cruise, press one now");
  await tab(page, "Analytics").click();
  await expect(page.getByRole("button", { name: "Last 24 hours" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("stat-total-calls")).toHaveText("4", { timeout: 12_000 });
  // The engine classified the calls: the appointment request booked one, the prize was spam.
  const byClass = page.getByRole("list", { name: "Calls by classification" });
  await expect(byClass.getByRole("listitem").filter({ hasText: "Spam" })).toContainText("1");
  await expect(byClass.getByRole("listitem").filter({ hasText: "Appointment" })).toContainText("1");
  await expect(page.getByTestId("stat-appointments-scheduled")).toHaveText("1");
  await page.getByRole("button", { name: "Last 7 days" }).click();
  await expect(page.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("stat-total-calls")).toHaveText("4");
  await page.getByRole("button", { name: "Last 30 days" }).click();
  await expect(page.getByTestId("stat-total-calls")).toHaveText("4");
  await screenshot(page, "enterprise-dashboard-analytics");

  // Call Controls: the bulk call's two checks, then the calls placed.
  await tab(page, "Call Controls").click();
  await page.getByRole("button", { name: /Start Bulk Call/ }).click();
  await expect(toastText(page, "No Numbers")).toBeVisible();
  // Numbers where it is inside the calling hours now, whose people agreed to calls from the AI
  // assistant: the dial gate lets them through.
  const place = callingPlaceNow();
  await recordAiVoiceConsent(page.request, [place.e164("6101"), place.e164("6102")]);
  await page.getByLabel("Phone numbers").fill(`${place.typed("6101")}\n\n${place.e164("6102")}\n12`);
  await page.getByRole("button", { name: "Start Bulk Call (3)" }).click();
  await expect(page.getByText("Please enter the purpose of the calls")).toBeVisible();
  await page.getByLabel("Call purpose").fill("Confirm your installation window");
  await page.getByRole("button", { name: "Start Bulk Call (3)" }).click();
  await expect(page.getByTestId("bulk-successful")).toHaveText("2 successful, 1 failed", { timeout: 60_000 });
  await expect(page.getByText("Please enter a valid phone number (at least 10 digits)")).toBeVisible();
  await expect(toastText(page, "Bulk Calls Placed")).toBeVisible();
  await screenshot(page, "enterprise-dashboard-call-controls");

  // Campaigns: contacts chosen become a started dialer campaign's leads.
  for (const [name, phoneNumber] of [
    ["Avery Quinn", "+12125550141"],
    ["Blake Morgan", "+12125550142"],
  ]) {
    const res = await page.request.post("/api/contacts", { data: { name, phoneNumber, company: "Acme" } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await tab(page, "Campaigns").click();
  await page.getByRole("button", { name: "Start Campaign" }).click();
  await expect(page.getByText("Choose at least one contact for the campaign")).toBeVisible();
  await page.getByLabel("Campaign type").selectOption("follow_up");
  await page.getByLabel("Search contacts").fill("Acme");
  await page.getByLabel("Avery Quinn").check();
  await page.getByLabel("Blake Morgan").check();
  await expect(page.getByText("2 chosen")).toBeVisible();
  await page.getByRole("button", { name: "Start Campaign (2)" }).click();
  await expect(toastText(page, "Campaign Started")).toBeVisible();
  await expect(
    page
      .locator("main")
      .getByRole("status")
      .filter({ hasText: /Follow-up .* with 2 leads/ }),
  ).toBeVisible();
  // The campaign's 2 leads, and the 2 leads on which the bulk call's consent was recorded.
  await expect(page.getByTestId("stat-total-leads")).toHaveText("4");
  await screenshot(page, "enterprise-dashboard-campaigns");
  await expectAccessible(page, testInfo, "enterprise-dashboard-campaigns");

  // Phone width: every tab still reads.
  await page.setViewportSize({ width: 375, height: 800 });
  await tab(page, "Live Calls").click();
  await screenshot(page, "enterprise-dashboard-live-phone");
  await tab(page, "Analytics").click();
  await screenshot(page, "enterprise-dashboard-analytics-phone");
});

test("/enterprise-dashboard: a plan without bulk calling is told which plans include it", async ({
  page,
}) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/enterprise-dashboard?tab=controls");
  const card = page.getByRole("region", { name: "Bulk calling needs another plan" });
  await expect(card).toContainText("Bulk calling is part of the Pro, Premium and Business plans.");
  await expect(card).toContainText("You are on the Personal plan.");
  await expect(card.getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute("href", "/subscription");
  await screenshot(page, "enterprise-dashboard-bulk-refused");
});
