import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, newAccount, screenshot, toastText } from "./helpers";

/**
 * /business-plan's CSV import with a file too large to import in the request: the
 * server answers 202 and imports it as a job; the card follows the job's progress and, when it
 * ends, shows the imported count and the refused rows as the importer words them.
 */

/** A business workspace signed up with the page's own cookies. */
async function businessOwner(page: Page): Promise<void> {
  const account = newAccount("bizimport");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Import Test Co" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok()).toBe(true);
}

/** 3,000 rows (more than the server imports in the request), every 500th without a name. */
function largeCsv(): string {
  const lines = ["Name,Phone,Email"];
  for (let i = 0; i < 3_000; i++)
    lines.push(`${i % 500 === 499 ? "" : `Person ${i}`},555${String(7000000 + i)},p${i}@example.com`);
  return `${lines.join("\n")}\n`;
}

test("business plan: a large pasted import is followed as a job to its counts and refused rows", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await businessOwner(page);
  await page.goto("/business-plan");
  await expect(page.getByRole("heading", { level: 1, name: "Business Features" })).toBeVisible();

  await page.getByLabel("Or paste CSV data").fill(largeCsv());
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/contacts/import"));
  await page.getByRole("button", { name: "Import Contacts" }).click();
  expect((await answered).status()).toBe(202);
  await expect(
    toastText(page, "3,000 rows are being imported in the background; you can keep working."),
  ).toBeVisible();
  // While the job runs the button waits and a progress bar says how far it is.
  await expect(page.getByRole("button", { name: "Importing..." })).toBeDisabled();
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await expect(page.getByTestId("import-progress")).toContainText("3,000 rows");
  await screenshot(page, "business-import-running");

  await expect(toastText(page, "Imported 2,994 contacts, 6 rows skipped.")).toBeVisible({ timeout: 120_000 });
  const result = page.getByRole("status").filter({ hasText: "contacts imported" });
  await expect(result).toContainText("2,994 contacts imported.");
  await expect(result).toContainText("Line 501, Name: Name is required");
  await expect(result).toContainText("Line 3001, Name: Name is required");
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Import Contacts" })).toBeEnabled();
  await screenshot(page, "business-import-done");
  await expectAccessible(page, testInfo, "business-import-done");

  // The contacts are there for the rest of the app.
  const listed = await page.request.get("/api/contacts?search=person%201234");
  expect(listed.headers()["x-total-count"]).toBe("1");
});
