import { expect, request as playwrightRequest, test } from "@playwright/test";
import {
  DATA_DELETION_WARNING_DAYS,
  DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION,
  RECORDING_RETENTION_DAYS,
} from "../common/retention";
import { confirmEmailFromOutbox, expectAccessible, newAccount, screenshot, toastText } from "./helpers";

/**
 * The Terms kept, in Chromium: the Terms dialog names the retention periods (common/retention.ts),
 * and the platform administrator keeps an ended workspace's data until a chosen day from the
 * Users tab.
 */

/** admin.spec.ts and maintenance.spec.ts sign up the same administrator; whichever runs first creates it. */
const ADMIN = { username: "e2e_admin", email: "e2e-admin@example.com", password: "e2e-admin-password" };
const DAY_MS = 86_400_000;

test("the Terms dialog names the periods recordings and a workspace's data are kept", async ({ page }) => {
  // The platform's first account becomes its administrator: make sure that is not this person.
  await page.request.post("/api/auth/signup", { data: { ...ADMIN, fullName: "Ada Admin" } });
  await page.context().clearCookies();
  const person = newAccount("terms");
  const created = await page.request.post("/api/auth/signup", { data: { ...person, planType: "personal" } });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(dialog).toBeVisible();
  const terms = dialog.getByRole("region", { name: "Terms text" });
  await expect(terms).toContainText(
    `Call recordings and voicemail audio are kept for ${RECORDING_RETENTION_DAYS} days and then deleted`,
  );
  await expect(terms).toContainText(
    `for as long as your subscription lasts plus ${DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION} days, then delete it`,
  );
  await expect(terms).toContainText(`told by email ${DATA_DELETION_WARNING_DAYS} days before`);
  await screenshot(page, "terms-retention");
});

test("the administrator keeps an ended workspace's data until a day: click, choose, see the day", async ({
  page,
  baseURL,
}) => {
  const testInfo = test.info();
  await page.request.post("/api/auth/signup", { data: { ...ADMIN, fullName: "Ada Admin" } });
  await confirmEmailFromOutbox(page.request, ADMIN.email);
  const signedIn = await page.request.post("/api/auth/login", {
    data: { login: ADMIN.email, password: ADMIN.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });

  // A person whose trial they ended: their workspace's data goes 30 days from now.
  const target = newAccount("kept");
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const created = await api.post("/api/auth/signup", { data: { ...target, planType: "personal" } });
    expect(created.status(), await created.text()).toBe(201);
    const cancelled = await api.post("/api/subscription/cancel");
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  } finally {
    await api.dispose();
  }

  await page.goto("/admin");
  await page.getByLabel("Search users").fill(target.username);
  const row = page.getByTestId(`admin-user-${target.username}`);
  await expect(row).toBeVisible();
  const deletesOn = new Date(Date.now() + DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION * DAY_MS);
  const shown = (at: Date, timeZone?: string) =>
    at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
  // The day as the administrator's workspace reads it (New York unless changed); UTC around midnight.
  const days = [shown(deletesOn, "America/New_York"), shown(deletesOn, "UTC")];
  await expect(row.getByText(/^Data deleted /)).toHaveText(new RegExp(`^Data deleted (${days.join("|")})$`));

  await row.getByRole("button", { name: `Keep data of ${target.username}` }).click();
  const dialog = page.getByRole("dialog", { name: `Keep ${target.username}'s data` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Their subscription ended");
  const keepUntil = new Date(Date.now() + 90 * DAY_MS);
  const day = keepUntil.toISOString().slice(0, 10);
  await dialog.getByLabel("Keep data until").fill(day);
  await expectAccessible(page, testInfo, "admin-keep-data");
  await screenshot(page, "admin-keep-data");
  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.endsWith("/keep-data-until") && response.request().method() === "PUT",
  );
  await dialog.getByRole("button", { name: "Keep Data" }).click();
  expect((await saved).ok()).toBe(true);
  await expect(toastText(page, "Data Kept")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    row.getByText(`Data kept until ${shown(new Date(`${day}T12:00:00.000Z`), "UTC")}`),
  ).toBeVisible();

  // The audit log says who kept it, until when.
  const log = await page.request.get("/api/admin/audit-log?action=user.data-kept");
  const entries = (await log.json()).entries as { details: { username: string; keepDataUntil: string } }[];
  expect(entries.find((entry) => entry.details.username === target.username)?.details.keepDataUntil).toBe(
    day,
  );

  // A day already gone is refused in the dialog, with the server's reason.
  await row.getByRole("button", { name: `Keep data of ${target.username}` }).click();
  await dialog.getByLabel("Keep data until").fill(new Date(Date.now() - DAY_MS).toISOString().slice(0, 10));
  await dialog.getByRole("button", { name: "Keep Data" }).click();
  await expect(dialog.getByText(/Choose a day after today/)).toBeVisible();
  await dialog.getByRole("button", { name: "Stop Keeping" }).click();
  await expect(toastText(page, "Extension Ended")).toBeVisible();
  await expect(row.getByText(/^Data deleted /)).toBeVisible();
});
