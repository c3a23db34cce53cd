import { type APIRequestContext, devices, expect, type Page, test } from "@playwright/test";
import { type Account, acceptTerms, newAccount } from "./helpers";

/**
 * Every way in: whichever button a visitor uses, signing in lands on the
 * dashboard and signing up lands on the terms, without a reload. The accounts signed in to are
 * made through the API from a separate request context, so the page starts signed out.
 */

async function existingAccount(request: APIRequestContext, { acceptedTerms = true } = {}): Promise<Account> {
  const account = newAccount("in");
  const signup = await request.post("/api/auth/signup", {
    data: {
      username: account.username,
      email: account.email,
      password: account.password,
      fullName: account.fullName,
    },
  });
  expect(signup.status()).toBe(201);
  if (acceptedTerms) {
    const accepted = await request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
    expect(accepted.ok()).toBe(true);
  }
  // Leave the request context signed out for the next account.
  await request.post("/api/auth/logout");
  return account;
}

const welcomeDialog = (page: Page) => page.getByRole("dialog", { name: "Welcome to AI Platform" });

async function signInThroughDialog(page: Page, account: Account, login = account.email): Promise<void> {
  const dialog = welcomeDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email or username").fill(login);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(dialog).toBeHidden();
}

async function signUpThroughDialog(page: Page): Promise<Account> {
  const account = newAccount("up");
  const dialog = welcomeDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: "Sign Up" }).click();
  await dialog.getByLabel("Full Name").fill(account.fullName);
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(dialog).toBeHidden();
  return account;
}

async function signUpOnSignupPage(page: Page): Promise<Account> {
  const account = newAccount("page");
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: /Create Personal account/ }).click();
  return account;
}

/** The app itself, not the landing page: the dashboard heading, today's figures and a navigation. */
async function expectDashboard(page: Page, navigation: "Main" | "Mobile" | "App"): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: navigation })).toBeVisible();
  await expect(page.getByRole("region", { name: "Today" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Terms and Conditions" })).toHaveCount(0);
}

/** A new account sees the terms first; accepting them shows the dashboard. */
async function expectTermsThenDashboard(page: Page, navigation: "Main" | "Mobile" | "App"): Promise<void> {
  await acceptTerms(page);
  await expectDashboard(page, navigation);
}

test.describe("desktop", () => {
  test("the landing page's Sign In button signs in to the dashboard", async ({ page, request }) => {
    const account = await existingAccount(request);
    await page.goto("/");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await signInThroughDialog(page, account);
    await expectDashboard(page, "Main");
    await expect(page.getByRole("banner").getByTestId("header-user-name")).toHaveText(account.fullName);
  });

  test("the header's Sign In dialog signs in from any screen and stays on it", async ({ page, request }) => {
    const account = await existingAccount(request);
    await page.goto("/call-history");
    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
    await signInThroughDialog(page, account, account.username);
    // The screen asked for is the one shown once signed in.
    await expect(page).toHaveURL(/\/call-history$/);
    await expect(
      page.getByRole("main").getByRole("heading", { name: "Call History", level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Dashboard", exact: true })
      .click();
    await expectDashboard(page, "Main");
  });

  test("an account that has not accepted the terms sees them right after signing in", async ({
    page,
    request,
  }) => {
    const account = await existingAccount(request, { acceptedTerms: false });
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
    await signInThroughDialog(page, account);
    await expectTermsThenDashboard(page, "Main");
  });

  test("the header dialog's Sign Up tab shows the terms, then the dashboard", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
    const account = await signUpThroughDialog(page);
    await expectTermsThenDashboard(page, "Main");
    await expect(page.getByRole("banner").getByTestId("header-user-name")).toHaveText(account.fullName);
  });

  test("the landing dialog's Sign Up tab shows the terms, then the dashboard", async ({ page }) => {
    await page.goto("/appointments");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await signUpThroughDialog(page);
    await acceptTerms(page);
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(
      page.getByRole("main").getByRole("heading", { name: "Appointments", level: 1 }),
    ).toBeVisible();
  });

  test("the landing page's Sign Up button leads to /signup, then the terms and the dashboard", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Sign Up", exact: true }).click();
    await signUpOnSignupPage(page);
    await expectTermsThenDashboard(page, "Main");
  });

  test("the quick sign-up's business link leads to /signup, which signs up", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
    await welcomeDialog(page).getByRole("tab", { name: "Sign Up" }).click();
    await welcomeDialog(page).getByRole("link", { name: "Choose the business plan" }).click();
    await expect(welcomeDialog(page)).toBeHidden();
    await signUpOnSignupPage(page);
    await expectTermsThenDashboard(page, "Main");
  });

  test("/signup opened directly signs up; its Sign in link signs in", async ({ page, request }) => {
    await page.goto("/signup");
    await signUpOnSignupPage(page);
    await expectTermsThenDashboard(page, "Main");

    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    await expect(
      page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }),
    ).toBeVisible();
    const account = await existingAccount(request);
    await page.goto("/signup");
    await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await signInThroughDialog(page, account);
    await expectDashboard(page, "Main");
  });

  test("signing out and in as someone else shows the new account, not the old one", async ({
    page,
    request,
  }) => {
    const first = await existingAccount(request);
    const second = await existingAccount(request);
    await page.goto("/");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await signInThroughDialog(page, first);
    await expectDashboard(page, "Main");
    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await signInThroughDialog(page, second);
    await expectDashboard(page, "Main");
    await expect(page.getByRole("banner").getByTestId("header-user-name")).toHaveText(second.fullName);
  });
});

test.describe("narrow window", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the landing page signs in and signs up", async ({ page, request }) => {
    const account = await existingAccount(request);
    await page.goto("/");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await signInThroughDialog(page, account);
    await expectDashboard(page, "Mobile");

    await page.context().clearCookies();
    await page.goto("/");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await signUpThroughDialog(page);
    await expectTermsThenDashboard(page, "Mobile");
  });
});

test.describe("phone", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use(pixel);

  test("the landing page signs in and signs up", async ({ page, request }) => {
    const account = await existingAccount(request);
    await page.goto("/");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await signInThroughDialog(page, account);
    await expectDashboard(page, "App");

    await page.context().clearCookies();
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Sign Up", exact: true }).click();
    await signUpOnSignupPage(page);
    await expectTermsThenDashboard(page, "App");
  });
});
