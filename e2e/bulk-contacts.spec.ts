import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, newAccount, screenshot, toastText } from "./helpers";

/**
 * Bulk work on /contact-manager and /contacts: rows ticked one by one, "select all N matching",
 * a tag on a few contacts done at once, a tag on 6,000 followed as a job with its progress, its
 * undo, and a saved segment made with its live count and shown in the list.
 */

/** A business workspace (unlimited contacts) signed up with the page's own cookies. */
async function businessOwner(page: Page): Promise<void> {
  const account = newAccount("bulk");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Bulk Test Co" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok()).toBe(true);
}

/**
 * `count` contacts through the CSV import (2,000 a request, each imported at once): numbers in
 * New York, Chicago, Los Angeles and Miami in turn, every tenth (from the second) tagged vip.
 */
async function importContacts(page: Page, count: number): Promise<void> {
  const areas = ["212", "312", "415", "305"];
  for (let start = 0; start < count; start += 2_000) {
    const lines = ["Name,Phone,Email,Tags"];
    for (let i = start; i < Math.min(count, start + 2_000); i++)
      lines.push(
        `Person ${String(i).padStart(5, "0")},+1${areas[i % 4]}555${String(i % 10_000).padStart(4, "0")},person${i}@example.com,${i % 10 === 1 ? "vip" : ""}`,
      );
    const res = await page.request.post("/api/contacts/import", { data: { csvData: lines.join("\n") } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

const list = (page: Page) => page.getByRole("list", { name: "Contacts" });
const bulkBar = (page: Page) => page.getByRole("region", { name: "Bulk actions" });
const status = (page: Page) => page.getByTestId("bulk-status");

test("select rows or all matching, tag, follow a job's progress, undo, and save a segment", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await businessOwner(page);
  await importContacts(page, 6_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto("/contact-manager");
  await expect(page.getByTestId("contact-count")).toHaveText("6,000 contacts");

  // Three rows ticked by hand, tagged in the request.
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("name");
  await expect(list(page).getByText("Person 00000", { exact: true })).toBeVisible();
  for (const name of ["Person 00001", "Person 00002", "Person 00003"])
    await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  await expect(page.getByTestId("selected-count")).toHaveText("3 contacts selected.");
  await bulkBar(page).getByRole("button", { name: "Tag", exact: true }).click();
  const tagDialog = page.getByRole("dialog", { name: "Tag contacts" });
  await expect(tagDialog.getByText("The tags are added to 3 contacts.")).toBeVisible();
  await tagDialog.getByRole("button", { name: "Add tags" }).click();
  await expect(tagDialog.getByText("Enter at least one tag")).toBeVisible();
  await tagDialog.getByLabel("Tags").fill("picked, first-three");
  await tagDialog.getByRole("button", { name: "Add tags" }).click();
  await expect(tagDialog).toBeHidden();
  await expect(status(page)).toContainText('Tagged 3 contacts "picked", "first-three".');
  await expect(
    list(page).getByRole("list", { name: "Tags of Person 00002" }).getByText("first-three"),
  ).toBeVisible();
  await expect(page.getByTestId("selected-count")).toBeHidden();

  // Every contact matching: 6,000, more than a request handles, so a job with its progress.
  await page.getByRole("checkbox", { name: "Select all shown" }).check();
  await expect(page.getByTestId("selected-count")).toHaveText("25 contacts selected.");
  await page.getByRole("button", { name: "Select all 6,000 contacts matching" }).click();
  await expect(page.getByTestId("selected-count")).toHaveText("All 6,000 contacts matching are selected.");
  await expect(page.getByRole("checkbox", { name: "Select Person 00010" })).toBeChecked();
  await screenshot(page, "bulk-contacts-all-selected-1440");
  await bulkBar(page).getByRole("button", { name: "Tag", exact: true }).click();
  await tagDialog.getByLabel("Tags").fill("spring");
  await tagDialog.getByRole("button", { name: "Add tags" }).click();
  await expect(toastText(page, /Working on it/)).toBeVisible();
  const progress = status(page).getByRole("progressbar", { name: "Bulk action progress" });
  await expect(progress).toBeVisible();
  await expect(status(page)).toContainText(/of 6,000 contacts/);
  await screenshot(page, "bulk-contacts-progress-1440");
  await expect(status(page)).toContainText('Tagged 6,000 contacts "spring".', { timeout: 120_000 });
  await expect(progress).toBeHidden();
  await expect(
    list(page).getByRole("list", { name: "Tags of Person 00024" }).getByText("spring"),
  ).toBeVisible();
  await expectAccessible(page, testInfo, "contact-manager-after-bulk");

  // Undo: a job again (6,000 changed), then every tag as it was.
  await status(page).getByRole("button", { name: 'Undo tag "spring"' }).click();
  await expect(status(page)).toContainText("Undone: 6,000 contacts put back as they were.", {
    timeout: 120_000,
  });
  await expect(list(page).getByRole("list", { name: "Tags of Person 00024" })).toHaveCount(0);
  await expect(
    list(page).getByRole("list", { name: "Tags of Person 00002" }).getByText("first-three"),
  ).toBeVisible();
  const undoneTags = await page.request.get("/api/contacts?tag=spring");
  expect(undoneTags.headers()["x-total-count"]).toBe("0");

  // A saved segment: VIPs in Chicago, counted live while it is made, then shown in the list.
  await page.getByRole("button", { name: "New segment" }).click();
  const segmentDialog = page.getByRole("dialog", { name: "New segment" });
  await segmentDialog.getByLabel("Name").fill("Chicago VIPs");
  await segmentDialog.getByLabel("Tags").fill("vip");
  await segmentDialog.getByRole("checkbox", { name: "Central (Chicago)" }).check();
  // VIPs are contacts 1, 11, 21...; Chicago numbers 1, 5, 9...: both, 1, 21, 41... (300 of 6,000).
  await expect(segmentDialog.getByTestId("segment-live-count")).toHaveText(
    "300 contacts match now (300 with a phone number, 300 with an email address).",
  );
  await screenshot(page, "bulk-contacts-segment-dialog-1440");
  await segmentDialog.getByRole("button", { name: "Create segment" }).click();
  await expect(segmentDialog).toBeHidden();
  const saved = page.getByRole("list", { name: "Saved segments" }).getByRole("listitem");
  await expect(saved.filter({ hasText: "Chicago VIPs" })).toContainText("300 contacts");
  await saved.filter({ hasText: "Chicago VIPs" }).getByRole("button", { name: "Show Chicago VIPs" }).click();
  await expect(page.getByTestId("contact-count")).toHaveText("300 contacts");
  await expect(page.getByRole("combobox", { name: "Segment" })).toHaveValue(/.+/);
  await screenshot(page, "bulk-contacts-segment-shown-1440");

  // The simple /contacts screen selects and acts the same way, at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/contacts");
  await page.getByRole("searchbox").fill("Person 05999");
  await expect(page.getByTestId("contact-count")).toHaveText("1 contact");
  await page.getByRole("checkbox", { name: "Select Person 05999" }).check();
  await expect(page.getByTestId("selected-count")).toHaveText("1 contact selected.");
  await screenshot(page, "bulk-contacts-390-selected");
  await bulkBar(page).getByRole("button", { name: "Set status" }).click();
  const statusDialog = page.getByRole("dialog", { name: "Set status" });
  await statusDialog.getByLabel("New status").selectOption("interested");
  await statusDialog.getByRole("button", { name: "Set status" }).click();
  await expect(status(page)).toContainText("Set 1 contact to interested.");
  await screenshot(page, "bulk-contacts-390");
  await expectAccessible(page, testInfo, "contacts-390-after-bulk");
});
