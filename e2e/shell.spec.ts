import { devices, expect, test } from "@playwright/test";
import { catchDialledLinks, expectAccessible, newAccount, screenshot, signUpAndAcceptTerms } from "./helpers";

const SIDEBAR = [
  ["Dashboard", "/"],
  ["Active Calls", "/active-calls"],
  ["Call History", "/call-history"],
  ["Appointments", "/appointments"],
  ["AI Agents", "/ai-agents"],
  ["Agent Manager", "/agent-manager"],
  ["Conversation Flow", "/conversation-flow"],
  ["Lead Manager", "/lead-manager"],
  ["Lead Generation", "/leads"],
  ["Email Marketing", "/email-marketing"],
  ["Autodialer", "/autodialer"],
  ["Test Preview", "/test-preview"],
  ["Virtual business phone service", "/grasshopper"],
  ["AI Studio", "/ai-studio"],
  ["Subscription", "/subscription"],
  ["Settings", "/settings"],
] as const;

test("a visitor signs up, accepts the terms, walks the sidebar, signs out and back in", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "AI Platform", level: 1 })).toBeVisible();
  await screenshot(page, "landing");
  await expectAccessible(page, testInfo, "landing");

  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await screenshot(page, "signup");
  await expectAccessible(page, testInfo, "signup");

  const account = newAccount();
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: /Create Personal account/ }).click();

  const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(terms).toBeVisible();
  await expect(terms).toContainText("at least 18 years old");
  await expect(terms).toContainText("90 days");
  await screenshot(page, "terms");
  const accept = terms.getByRole("button", { name: "Accept and Continue" });
  await expect(accept).toBeDisabled();
  const boxes = await terms.getByRole("checkbox").all();
  expect(boxes).toHaveLength(3);
  await boxes[0]!.check();
  await boxes[1]!.check();
  await expect(accept).toBeDisabled();
  await boxes[2]!.check();
  await expect(accept).toBeEnabled();
  await accept.click();
  await expect(terms).toBeHidden();

  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole("banner");
  await expect(header.getByTestId("header-user-name")).toHaveText(account.fullName);
  await expect(header).toContainText(account.email);
  await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await screenshot(page, "dashboard-desktop");

  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [label, path] of SIDEBAR) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}$`));
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  }
  // The highlight rule: a path that starts with an item's route lights it, except for "/"; where
  // two items match (Conversation Flow and Conversation Cards), only the more specific is lit.
  await page.goto("/conversation-flow-simple");
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.getByRole("link", { name: "Conversation Cards", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
  // Where two items match, only the more specific is lit.
  await page.goto("/autodialer/console");
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.getByRole("link", { name: "Agent Console", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectAccessible(page, testInfo, "shell");

  // Every route of the spec renders a screen, not the 404 page.
  for (const path of [
    "/contacts",
    "/contact-manager",
    "/business-plan",
    "/enterprise",
    "/enterprise-dashboard",
    "/call-system-test",
    "/ai-scripts",
    "/viasat-payment",
    "/email-wizard",
    "/admin",
    "/call-test",
    "/real-voice-calls",
    "/voice-call-demo",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toHaveCount(0);
  }

  await page.goto("/no-such-page");
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  await screenshot(page, "not-found");

  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.goto("/call-history");
  await expect(page.getByRole("heading", { name: "AI Platform", level: 1 })).toBeVisible();

  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome to AI Platform" });
  await expect(dialog).toContainText("Sign in to your account or create a new one");
  await dialog.getByLabel("Email or username").fill(account.email);
  await dialog.getByLabel("Password").fill("wrong-password");
  await dialog.getByRole("button", { name: "Sign In" }).last().click();
  await expect(page.getByText("Incorrect username, email or password", { exact: true })).toBeVisible();
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("banner").getByTestId("header-user-name")).toHaveText(account.fullName);
  // Terms were accepted once; they are not asked again.
  await expect(page.getByRole("dialog", { name: "Terms and Conditions" })).toHaveCount(0);
});

test("business sign-up needs the company name and stores it", async ({ page }) => {
  await page.goto("/signup");
  await page.getByRole("button", { name: /Business/ }).click();
  await expect(page.getByLabel("Company name")).toBeVisible();
  const account = newAccount("biz");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: /Create Business account/ }).click();
  await expect(page.getByText("Please provide your company information").first()).toBeVisible();
  await page.getByLabel("Company name").fill("Rivera Plumbing");
  await page.getByLabel("Industry").selectOption("construction");
  await screenshot(page, "signup-business");
  await page.getByRole("button", { name: /Create Business account/ }).click();
  await expect(page.getByRole("dialog", { name: "Terms and Conditions" })).toBeVisible();
  const user = await page.evaluate(() => fetch("/api/user").then((r) => r.json()));
  expect(user).toMatchObject({
    planType: "business",
    companyName: "Rivera Plumbing",
    industry: "construction",
  });
});

test("declining the terms shows that they must be accepted", async ({ page }) => {
  await page.goto("/signup");
  const account = newAccount("decline");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: /Create Personal account/ }).click();
  const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
  await terms.getByRole("button", { name: "Decline" }).click();
  await expect(terms.getByRole("alert")).toHaveText(
    "You must accept the Terms and Conditions to use AI Platform.",
  );
  await page.keyboard.press("Escape");
  await expect(terms).toBeVisible();
});

test("the account survives a reload and the sign-up validation messages show", async ({ page }) => {
  await page.goto("/signup");
  await page.getByRole("button", { name: /Create Personal account/ }).click();
  await expect(page.getByText("Please fill in all required fields").first()).toBeVisible();
  const account = await signUpAndAcceptTerms(page);
  await page.reload();
  await expect(page.getByRole("banner").getByTestId("header-user-name")).toHaveText(account.fullName);
});

test("resizing across the breakpoint switches the layout and keeps what is on the screen", async ({
  page,
}) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/appointments");
  await page.getByRole("button", { name: "New Appointment" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Appointment" });
  await dialog.getByLabel("Title").fill("Kept across the resize");

  // (The open dialog hides the page from the accessibility tree, so the bars are found by CSS.)
  const mobileBar = page.locator('nav[aria-label="Mobile"]');
  const sidebar = page.locator('nav[aria-label="Main"]');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(mobileBar).toBeAttached();
  await expect(sidebar).toHaveCount(0);
  await expect(dialog.getByLabel("Title")).toHaveValue("Kept across the resize");

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(mobileBar).toHaveCount(0);
  await expect(sidebar).toBeAttached();
  await expect(dialog.getByLabel("Title")).toHaveValue("Kept across the resize");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test.describe("narrow screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the six-tab bottom bar navigates and highlights on exact match", async ({ page }, testInfo) => {
    await signUpAndAcceptTerms(page);
    const bar = page.getByRole("navigation", { name: "Mobile" });
    await expect(bar.getByRole("link")).toHaveCount(6);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    for (const [label, path] of [
      ["Calls", "/active-calls"],
      ["History", "/call-history"],
      ["Schedule", "/appointments"],
      ["Agents", "/ai-agents"],
      ["Manager", "/agent-manager"],
      ["Home", "/"],
    ] as const) {
      await bar.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(bar.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    }
    await page.goto("/active-calls/123");
    await expect(bar.getByRole("link", { name: "Calls" })).not.toHaveAttribute("aria-current", "page");
    await page.goto("/");
    await screenshot(page, "dashboard-mobile");
    await expectAccessible(page, testInfo, "mobile");
    // Desktop-only routes are not part of the mobile layout.
    await page.goto("/voice-call-demo");
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });
});

test.describe("phones", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use(pixel);

  test("the app-style layout has four tabs and a 911 button that asks first", async ({ page }, testInfo) => {
    const dialled = await catchDialledLinks(page);
    await signUpAndAcceptTerms(page);
    const bar = page.getByRole("navigation", { name: "App" });
    await expect(bar.getByRole("link")).toHaveCount(4);
    await expect(page.getByText("AI Call Assistant")).toBeVisible();
    await bar.getByRole("link", { name: "Contacts" }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await page.getByRole("button", { name: "Call 911" }).click();
    const confirm = page.getByRole("dialog", { name: "Call 911?" });
    await expect(confirm).toBeVisible();
    await screenshot(page, "app-layout-911");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/contacts$/);
    expect(await dialled()).toEqual([]);
    await page.getByRole("button", { name: "Call 911" }).click();
    await confirm.getByRole("button", { name: "Call 911 now" }).click();
    await expect(confirm).toBeHidden();
    expect(await dialled()).toEqual(["tel:911"]);
    await page.goto("/");
    await screenshot(page, "dashboard-app");
    await expectAccessible(page, testInfo, "app");
  });
});

test("the dashboard's System Status says what this server runs, not fixed text", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  const status = page.getByRole("list", { name: "System status" });
  await expect(status.getByRole("listitem")).toHaveCount(5);
  await expect(page.getByTestId("status-database")).toContainText("Database: Operational");
  await expect(page.getByTestId("status-ai")).toContainText("AI assistant: Operational");
  await expect(page.getByTestId("status-speech")).toContainText("Speech recognition");
  // The browser tests' server has no Twilio account and sells through the test checkout.
  await expect(page.getByTestId("status-telephony")).toContainText("Built-in simulator");
  await expect(page.getByTestId("status-payments")).toContainText("Payments: Limited");
  await expect(page.getByTestId("status-payments")).toContainText("no card is charged");
  // No lines about areas this product does not have.
  await expect(page.getByRole("main")).not.toContainText("Email Marketing Ready");
  await expect(page.getByRole("main")).not.toContainText("AI Agents Active");
  await screenshot(page, "dashboard-system-status");
  await expectAccessible(page, testInfo, "dashboard");
});
