import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  linkFromOutbox,
  newAccount,
  screenshot,
  signUpAndAcceptTerms,
  toastText,
} from "./helpers";

/**
 * The links account emails carry. The test server sends no email (no SMTP_URL), so each message
 * is an .eml file in its outbox, where these tests pick the link up as a person would from their
 * inbox: a forgotten password chosen anew, and an address confirmed from Settings.
 */

async function noSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(wide, "the page scrolls sideways").toBe(false);
}

test("a forgotten password: the sign-in dialog's link, the same answer for any address, the emailed link signs in with the new password", async ({
  page,
  browser,
}, testInfo) => {
  const account = newAccount("forgot");
  const api = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const created = await api.request.post("/api/auth/signup", {
    data: { username: account.username, email: account.email, password: account.password },
  });
  expect(created.status()).toBe(201);
  await api.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  await api.close();

  await page.goto("/");
  await page.getByRole("button", { name: "Sign In" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Welcome to AI Platform" });
  await dialog.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();

  // A mistyped address is caught before anything is sent.
  await page.getByLabel("Email").fill("not an address");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email").fill(account.email.toUpperCase());
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  const answer = page.getByTestId("reset-requested");
  await expect(answer).toContainText("If an account uses that email");
  await expectAccessible(page, testInfo, "/forgot-password");
  await noSidewaysScroll(page);
  await screenshot(page, `forgot-password-${testInfo.project.name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await screenshot(page, "forgot-password-390");

  await page.goto(await linkFromOutbox(account.email, "/reset-password"));
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a fresh password 42");
  await page.getByLabel("New password again").fill("a different one 42");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByText("The two passwords are not the same")).toBeVisible();
  await page.getByLabel("New password again").fill("a fresh password 42");
  await expectAccessible(page, testInfo, "/reset-password");
  await noSidewaysScroll(page);
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(toastText(page, "You are signed in with your new password.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The link worked once: opened again, it says so and offers a new one.
  const used = await linkFromOutbox(account.email, "/reset-password");
  await page.context().clearCookies();
  await page.goto(used);
  await page.getByLabel("New password", { exact: true }).fill("yet another password");
  await page.getByLabel("New password again").fill("yet another password");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByRole("alert")).toContainText("This link has expired or was already used");
  await expect(page.getByRole("link", { name: "Send me a new link" })).toBeVisible();
  await screenshot(page, `reset-password-used-${testInfo.project.name}`);

  // The new password signs in; the old one does not.
  const old = await page.request.post("/api/auth/login", {
    data: { login: account.username, password: account.password },
  });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post("/api/auth/login", {
    data: { login: account.username, password: "a fresh password 42" },
  });
  expect(fresh.status()).toBe(200);
});

test("Settings shows an unconfirmed email, and the emailed link confirms it", async ({ page }, testInfo) => {
  const account = await signUpAndAcceptTerms(page);
  await page.goto("/settings");
  const status = page.getByTestId("email-status");
  await expect(status).toContainText(`${account.email} is not confirmed yet`);
  // The sign-up's link went a moment ago: asking again at once is refused with the reason.
  await status.getByRole("button", { name: "Send Link Again" }).click();
  await expect(toastText(page, /We sent a link a moment ago/)).toBeVisible();
  await screenshot(page, `settings-email-unconfirmed-${testInfo.project.name}`);

  await page.goto(await linkFromOutbox(account.email, "/confirm-email"));
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your email" })).toBeVisible();
  await expectAccessible(page, testInfo, "/confirm-email");
  await noSidewaysScroll(page);
  await page.getByRole("button", { name: "Confirm My Email Address" }).click();
  await expect(toastText(page, `${account.email} is confirmed. Welcome!`)).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByTestId("email-status")).toContainText(`${account.email} is confirmed.`);

  // A link that is not (or no longer) valid says what to do.
  await page.goto("/confirm-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await page.getByRole("button", { name: "Confirm My Email Address" }).click();
  await expect(page.getByRole("alert")).toContainText("This link has expired or was already used");
});
