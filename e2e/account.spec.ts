import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  type Account,
  expectAccessible,
  newAccount,
  screenshot,
  signUpAndAcceptTerms,
  toastText,
} from "./helpers";

/**
 * Accounts in Chromium: changing the password in Settings signs out the other
 * browsers and keeps this one; signing up with an email that already has an account creates
 * nothing, does not say the email is taken, and offers signing in instead.
 */

/** A second browser (its own cookies) signed in to the account through the API. */
async function otherBrowser(browser: Browser, account: Account) {
  const context = await browser.newContext();
  const signedIn = await context.request.post("/api/auth/login", {
    data: { login: account.username, password: account.password },
  });
  expect(signedIn.status()).toBe(200);
  return context;
}

async function openSettings(page: Page) {
  await page.getByRole("link", { name: "Settings" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("changing the password in Settings signs out the other browsers and keeps this one", async ({
  page,
  browser,
}, testInfo) => {
  const account = await signUpAndAcceptTerms(page);
  const phone = await otherBrowser(browser, account);
  await openSettings(page);

  const current = page.getByLabel("Current password");
  const fresh = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  const submit = page.getByRole("button", { name: "Change Password" });
  await expect(submit).toBeVisible();

  // Mistakes are named next to the field they are about, before anything is sent.
  await current.fill(account.password);
  await fresh.fill("brand-new-password-9");
  await confirm.fill("brand-new-password-8");
  await submit.click();
  await expect(page.getByText("The new passwords do not match")).toBeVisible();
  await fresh.fill("short");
  await confirm.fill("short");
  await submit.click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();

  // A wrong current password: the server's message, under the field.
  await current.fill("not-my-password");
  await fresh.fill("brand-new-password-9");
  await confirm.fill("brand-new-password-9");
  await submit.click();
  await expect(page.getByText("Your current password is not correct")).toBeVisible();
  await expect(current).toBeFocused();

  await current.fill(account.password);
  await submit.click();
  await expect(toastText(page, "Password Changed")).toBeVisible();
  await expect(toastText(page, /signed out on 1 other device; you stay signed in here/)).toBeVisible();
  await expect(current).toHaveValue("");
  await screenshot(page, "account-password-changed");
  await expectAccessible(page, testInfo, "settings-password");

  // This browser is still signed in; the other one is not.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  expect((await phone.request.get("/api/user")).status()).toBe(401);
  await phone.close();

  // The old password no longer signs in, the new one does.
  const check = await browser.newContext();
  const old = await check.request.post("/api/auth/login", {
    data: { login: account.email, password: account.password },
  });
  expect(old.status()).toBe(401);
  const renewed = await check.request.post("/api/auth/login", {
    data: { login: account.email, password: "brand-new-password-9" },
  });
  expect(renewed.status()).toBe(200);
  await check.close();
});

test("signing up with an email that has an account creates nothing and offers signing in", async ({
  page,
  browser,
}, testInfo) => {
  const owner = newAccount("owner");
  const setup = await browser.newContext();
  const created = await setup.request.post("/api/auth/signup", {
    data: {
      username: owner.username,
      email: owner.email,
      password: owner.password,
      fullName: owner.fullName,
    },
  });
  expect(created.status()).toBe(201);
  await setup.close();

  const stranger = newAccount("again");
  await page.goto("/signup");
  await page.getByLabel("Username").fill(stranger.username);
  await page.getByLabel("Full Name").fill(stranger.fullName);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(stranger.password);
  await page.getByRole("button", { name: /Create Personal account/ }).click();

  const notice = page.getByRole("status").filter({ hasText: "No account was created" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    "If you already have an account, sign in with your email or username instead.",
  );
  await expect(page.getByText(/already (exists|registered|taken)|in use/i)).toHaveCount(0);
  await expect(toastText(page, "Account Created")).toHaveCount(0);
  await screenshot(page, "account-signup-existing-email");
  await expectAccessible(page, testInfo, "signup-existing-email");
  // Nobody was signed in.
  expect(await page.evaluate(async () => (await fetch("/api/user")).status)).toBe(401);

  // "Try a different email" puts the person back on the email field.
  await notice.getByRole("button", { name: "Try a different email" }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByLabel("Email")).toBeFocused();

  // Submitting again brings the notice back; "Sign in instead" opens the sign-in form with the email.
  await page.getByRole("button", { name: /Create Personal account/ }).click();
  await notice.getByRole("button", { name: "Sign in instead" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome to AI Platform" });
  await expect(dialog.getByLabel("Email or username")).toHaveValue(owner.email);
  await dialog.getByLabel("Password").fill(owner.password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate(async () => (await fetch("/api/user")).status)).toBe(200);
});

test("the quick sign-up in the header dialog answers the same way and switches to Sign In", async ({
  page,
  browser,
}) => {
  const owner = newAccount("quick");
  const setup = await browser.newContext();
  const created = await setup.request.post("/api/auth/signup", {
    data: {
      username: owner.username,
      email: owner.email,
      password: owner.password,
      fullName: owner.fullName,
    },
  });
  expect(created.status()).toBe(201);
  await setup.close();

  await page.goto("/");
  await page.getByRole("button", { name: "Sign In" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Welcome to AI Platform" });
  await dialog.getByRole("tab", { name: "Sign Up" }).click();
  await dialog.getByLabel("Full Name").fill("Someone Else");
  await dialog.getByLabel("Email").fill(owner.email.toUpperCase());
  await dialog.getByLabel("Password").fill("another-password-1");
  await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();

  const notice = dialog.getByRole("status");
  await expect(notice).toContainText("We couldn't create an account with these details.");
  await expect(toastText(page, "Account Created")).toHaveCount(0);
  await screenshot(page, "account-quick-signup-existing-email");
  await notice.getByRole("button", { name: "Sign in instead" }).click();
  await expect(dialog.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByLabel("Email or username")).toHaveValue(owner.email.toUpperCase());
  expect(await page.evaluate(async () => (await fetch("/api/user")).status)).toBe(401);
});
