import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  callingPlaceNow,
  expectAccessible,
  recordAiVoiceConsent,
  screenshot,
  signUpAndAcceptTerms,
  toastText,
} from "./helpers";

/**
 * /subscription, the local checkout page and /business-plan in Chromium: plans and usage from the
 * server as one ladder, a plan chosen during the trial (the trial keeps its days and the plan is
 * charged when it ends) that changes what the server allows, cancel, the free plan, a reached
 * limit, the error toasts, and a production server with no payments set up.
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

/** "June 3, 2026": the account's trial end, as the screens write days. */
async function trialEndDay(page: Page): Promise<string> {
  const [sub, user] = await Promise.all([
    api<{ subscription: { currentPeriodEnd: string } }>(page, "/api/subscription"),
    api<{ timezone: string }>(page, "/api/user"),
  ]);
  return new Date(sub.body.subscription.currentPeriodEnd).toLocaleDateString("en-US", {
    timeZone: user.body.timezone,
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}

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

test("shows the plan, usage bars counted from real calls, every plan as one ladder, and the comparison table", async ({
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

  // One ladder, least to most: each plan costs more than the one before and includes more.
  const ladder = page.getByRole("list", { name: "Plans from least to most" }).getByRole("listitem");
  await expect(ladder.getByRole("heading", { level: 3 })).toHaveText([
    "Free",
    "Basic",
    /^Personal\s*Your plan$/,
    "Pro",
    "Premium",
    "Business",
  ]);
  for (const [id, price, below] of [
    ["free", "$0", null],
    ["basic", "$9.99", "Free"],
    ["personal", "$29", "Basic"],
    ["pro", "$39", "Personal"],
    ["premium", "$79", "Pro"],
    ["business", "$149", "Premium"],
  ] as const) {
    const card = page.getByTestId(`plan-${id}`);
    await expect(card).toContainText(`${price}/month`);
    if (below) await expect(card).toContainText(`Everything in ${below}, plus:`);
  }
  await expect(page.getByTestId("plan-pro")).toContainText("Most Popular");
  await expect(page.getByTestId("plan-personal")).toContainText("Your plan");
  await expect(page.getByTestId("plan-personal").getByRole("button")).toHaveText(
    "Keep Personal after the trial",
  );
  // What choosing a plan does to the trial, said before choosing.
  const end = await trialEndDay(page);
  await expect(page.getByTestId("trial-note")).toHaveText(
    `Your trial continues until ${end}. Choosing a plan now keeps it: the plan applies straight away and you'll be charged its monthly price on ${end}, not before. Cancel before then and you pay nothing.`,
  );
  await expect(page.getByTestId("plan-pro-trial")).toHaveText(
    `$0 today: first charge on ${end.replace(/, \d{4}$/, "")}, when your trial ends`,
  );
  const table = page.getByRole("table", { name: "Features of each plan" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Feature",
    "Free",
    "Basic",
    "Your planPersonal",
    "Pro",
    "Premium",
    "Business",
  ]);
  await expect(table.getByRole("row", { name: /Price a month/ }).getByRole("cell")).toHaveText([
    "Free",
    "$9.99",
    "$29",
    "$39",
    "$79",
    "$149",
  ]);
  await expect(table.getByRole("row", { name: /Call minutes a month/ }).getByRole("cell")).toHaveText([
    "60",
    "300",
    "500",
    "1,000",
    "Unlimited",
    "Unlimited",
  ]);
  await expect(page.getByRole("region", { name: "Advanced Analytics" })).toBeVisible();

  await screenshot(page, "subscription");
  await expectAccessible(page, testInfo, "subscription");
});

test("a plan chosen during the trial keeps the trial, is charged at its end, and changes what the server allows; then cancel", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  const end = await trialEndDay(page);

  // Business features: not on the personal plan.
  await page.goto("/business-plan");
  await expect(page.getByRole("heading", { level: 1, name: "Business Plan Required" })).toBeVisible();
  await expect(
    page.getByText("CSV import and bulk calling are part of the Pro, Premium and Business plans."),
  ).toBeVisible();
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
  // The trial goes on: nothing today, $39 when it ends.
  await expect(page.getByTestId("checkout-amount")).toHaveText("$0");
  await expect(page.getByTestId("checkout-then")).toHaveText(`$39 a month from ${end}, cancel any time`);
  await expect(page.getByTestId("checkout-trial")).toHaveText(
    `You keep your trial: the Pro plan applies as soon as you confirm, and you'll be charged $39 on ${end}. Cancel before then and you pay nothing.`,
  );
  await expect(page.getByText("no card is charged")).toBeVisible();
  await screenshot(page, "checkout");
  await expectAccessible(page, testInfo, "checkout");
  await page.getByRole("button", { name: "Confirm Pro, $0 today" }).click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(
    toastText(
      page,
      `You're on the Pro plan now. Your trial continues until ${end}; you'll be charged $39 on ${end}.`,
    ),
  ).toBeVisible();
  await expect(page.getByTestId("current-plan-name")).toHaveText("Pro Plan");
  await expect(page.getByTestId("subscription-status")).toHaveText("Trial");
  await expect(page.getByTestId("current-plan-period")).toHaveText(
    `Trial until ${end}; you'll be charged $39 on ${end}, then every month. Paid through the built-in test checkout.`,
  );
  await expect(page.getByTestId("trial-note")).toContainText(
    `Your Pro trial continues until ${end}; you'll be charged $39 on ${end}. Switching plans keeps the trial`,
  );
  await expect(page.getByTestId("plan-pro").getByRole("button")).toHaveText("Current Plan");
  await expect(page.getByTestId("plan-pro")).toContainText("Your plan");
  await screenshot(page, "subscription-trial-upgraded");
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
  await expect(page.getByText("Line 3, Name: Name is required")).toBeVisible();

  await page.getByRole("button", { name: "Start Bulk Calls" }).click();
  await expect(toastText(page, "Please enter phone numbers to call")).toBeVisible();
  // The assistant calls only numbers whose AI-voice consent is on file, inside the callee's hours:
  // a place where it is daytime now.
  const place = callingPlaceNow();
  await recordAiVoiceConsent(page.request, [place.e164("3344")]);
  await page.getByLabel("Phone numbers").fill(`${place.typed("3344")}\n\n  12  \n`);
  await page.getByRole("button", { name: "Start Bulk Calls (2)" }).click();
  await expect(toastText(page, "1 call placed, 1 could not be placed.")).toBeVisible();
  await expect(page.getByText("Please enter a valid phone number (at least 10 digits)")).toBeVisible();
  await screenshot(page, "business-plan");
  await expectAccessible(page, testInfo, "business-plan");

  // Cancel: the trial runs to its end on Pro, and nothing is charged.
  await openSubscription(page);
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel your Pro trial?" });
  await expect(dialog).toContainText(
    `Your Pro trial continues until ${end}, then moves to the Free plan. You won't be charged.`,
  );
  await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    toastText(page, `Your Pro trial continues until ${end}, then moves to Free. You won't be charged.`),
  ).toBeVisible();
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

test("outside a trial, a plan is charged at once and renews monthly", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await api(page, "/api/subscription/cancel", { method: "POST" });
  await openSubscription(page);
  await expect(page.getByTestId("trial-note")).toHaveCount(0);
  await expect(page.getByTestId("plan-basic-trial")).toHaveCount(0);
  await page.getByRole("button", { name: /Choose Basic/ }).click();
  await expect(page.getByTestId("checkout-amount")).toHaveText("$9.99");
  await page.getByRole("button", { name: "Confirm and Pay $9.99" }).click();
  await expect(toastText(page, "You're on the Basic plan now.")).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  await expect(page.getByTestId("current-plan-period")).toContainText("$9.99 a month. Renews on");
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

/** A port nobody is listening on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A production server of this test's own, from the same build the suite's server runs (the
 * suite's server asks for the test checkout by name; this one is configured per test).
 */
async function startProductionServer(port: number, dataDir: string, env: Record<string, string>) {
  const inherited = { ...process.env };
  for (const name of ["PAYMENTS_PROVIDER", "STRIPE_SECRET_KEY", "DATABASE_URL"]) delete inherited[name];
  const child = spawn(process.execPath, [path.resolve("dist/server/main.js")], {
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start:\n${output}`);
    const ok = await fetch(`http://localhost:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const ownServer = test.extend<object, { ownPort: number }>({
  ownPort: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture uses from this pattern.
    async ({}, use) => {
      await use(await freePort());
    },
    { scope: "worker" },
  ],
  baseURL: async ({ ownPort }, use) => {
    await use(`http://localhost:${ownPort}`);
  },
});

/** A production server sold every plan through the built-in test checkout. */
ownServer(
  "a production server without payments set up says so wherever a plan would be bought",
  async ({ page, ownPort }, testInfo) => {
    test.setTimeout(180_000);
    const notSetUp =
      "Payments are not set up on this server yet, so nothing can be paid here. Ask the platform administrator to connect Stripe.";
    const dataDir = "test-results/e2e-data-no-payments";
    await rm(dataDir, { recursive: true, force: true });

    // An operator tries the test checkout out first, by name: it works, with a warning at start.
    let server = await startProductionServer(ownPort, dataDir, { PAYMENTS_PROVIDER: "local" });
    let orderUrl = "";
    try {
      await expect
        .poll(server.output)
        .toMatch(
          /PAYMENTS_PROVIDER=local in production: every plan is sold through the built-in test checkout and no card is charged/,
        );
      await signUpAndAcceptTerms(page);
      await openSubscription(page);
      await page.getByRole("button", { name: /Choose Premium/ }).click();
      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
      orderUrl = page.url();
    } finally {
      await server.stop();
    }

    // Restarted as production starts by default: neither Stripe nor the test checkout.
    server = await startProductionServer(ownPort, dataDir, {});
    try {
      await expect.poll(server.output).toMatch(/Payments are not configured: paid plans cannot be bought/);
      const notice = page.getByRole("note", { name: "Payments are not set up" });

      // The order left from before cannot be confirmed, and says why.
      await page.goto(orderUrl);
      await expect(page.getByRole("heading", { name: "Premium plan" })).toBeVisible();
      await expect(notice).toContainText(notSetUp);
      await expect(page.getByRole("button", { name: /Confirm/ })).toHaveCount(0);
      await expect(page.getByText("no card is charged")).toHaveCount(0);
      await screenshot(page, "checkout-no-payments");
      await expectAccessible(page, testInfo, "checkout-no-payments");

      // The plans: a notice instead of buttons that could only fail; Free still works.
      await openSubscription(page);
      await expect(page.getByRole("region", { name: "Plans" }).getByRole("note")).toContainText(notSetUp);
      // The Advanced Analytics section says the same where its upgrade button was.
      await expect(page.getByRole("region", { name: "Advanced Analytics" }).getByRole("note")).toContainText(
        notSetUp,
      );
      for (const id of ["basic", "pro", "premium", "business"]) {
        const card = page.getByTestId(`plan-${id}`);
        await expect(card).toContainText("Not available on this server yet");
        await expect(card.getByRole("button")).toHaveCount(0);
      }
      await expect(page.getByTestId("plan-free").getByRole("button")).toHaveText("Switch to Free");
      await expect(page.getByTestId("trial-note")).toHaveCount(0);
      const refused = await api<{ message: string }>(page, "/api/subscription/checkout", {
        method: "POST",
        body: { planId: "premium" },
      });
      expect(refused).toEqual({ status: 503, body: { message: notSetUp } });
      await screenshot(page, "subscription-no-payments");
      await expectAccessible(page, testInfo, "subscription-no-payments");

      // Business features: the notice where the upgrade button was.
      await page.goto("/business-plan");
      await expect(page.getByRole("heading", { level: 1, name: "Business Plan Required" })).toBeVisible();
      await expect(notice).toContainText(notSetUp);
      await expect(page.getByRole("link", { name: "Upgrade Plan" })).toHaveCount(0);
      await screenshot(page, "business-plan-no-payments");
      await expectAccessible(page, testInfo, "business-plan-no-payments");
    } finally {
      await server.stop();
    }
  },
);
