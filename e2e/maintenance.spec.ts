import { type APIRequestContext, expect, test } from "@playwright/test";
import { MAINTENANCE_BANNER, MAINTENANCE_MESSAGE } from "../common/admin";
import { confirmEmailFromOutbox, expectAccessible, screenshot, signUpAndAcceptTerms } from "./helpers";

/** Matches ADMIN_EMAILS in playwright.config.ts. */
const ADMIN_EMAIL = "e2e-admin@example.com";
const ADMIN_PASSWORD = "e2e-admin-password";

/** The platform administrator, signed in in its own cookie jar (created on first use). */
async function signInAdmin(request: APIRequestContext): Promise<void> {
  await request.post("/api/auth/signup", {
    data: { username: "e2e_admin", email: ADMIN_EMAIL, password: ADMIN_PASSWORD, fullName: "Ada Admin" },
  });
  await confirmEmailFromOutbox(request, ADMIN_EMAIL);
  const signedIn = await request.post("/api/auth/login", {
    data: { login: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
}

async function setMaintenance(request: APIRequestContext, on: boolean): Promise<void> {
  const saved = await request.post("/api/admin/config", { data: { systemMaintenanceMode: on } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test("maintenance mode: a signed-in person sees the maintenance page until it is off; the administrator works on", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  await signUpAndAcceptTerms(page);
  try {
    await setMaintenance(admin, true);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Down for maintenance" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: MAINTENANCE_MESSAGE })).toBeVisible();
    await screenshot(page, "maintenance-page");
    await expectAccessible(page, testInfo, "maintenance page");
    // Asked again while it is still on: the page stays.
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Down for maintenance" })).toBeVisible();
    // The administrator is not held.
    expect((await admin.get("/api/admin/config")).ok()).toBe(true);

    await setMaintenance(admin, false);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Down for maintenance" })).toBeHidden();
    await expect(page.getByRole("region", { name: "Today" })).toBeVisible();
  } finally {
    // Never leave the shared server in maintenance for the specs after this one.
    await setMaintenance(admin, false);
    await admin.dispose();
  }
});

test("maintenance mode: Sign out leaves the page for the sign-in screen, where an administrator can sign in", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  await signUpAndAcceptTerms(page);
  try {
    await setMaintenance(admin, true);
    await page.reload();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { name: "Down for maintenance" })).toBeHidden();
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Welcome to AI Platform" });
    await dialog.getByLabel("Email or username").fill(ADMIN_EMAIL);
    await dialog.getByLabel("Password").fill(ADMIN_PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).last().click();
    const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
    await expect(page.getByRole("region", { name: "Today" }).or(terms)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Down for maintenance" })).toBeHidden();
    // The administrator works on, told the mode is still on.
    await expect(page.getByText(MAINTENANCE_BANNER)).toBeVisible();
    await screenshot(page, "maintenance-banner");
  } finally {
    await setMaintenance(admin, false);
    await admin.dispose();
  }
});
