import { readFile } from "node:fs/promises";
import { devices, expect, type Page, test } from "@playwright/test";
import {
  callingPlaceNow,
  expectAccessible,
  newAccount,
  recordAiVoiceConsent,
  screenshot,
  toastText,
} from "./helpers";

/**
 * /lead-manager: the stats cards from real rows, search over name, phone and company
 * combined with the status and source filters, the edit modal with every status (PUT), a call
 * through the built-in carrier simulator, a do-not-call refusal, the call preview (the engine's
 * reply to an opening line), the two CSV exports, and "No phone number available".
 */

const ON_DO_NOT_CALL = "This number is on the do-not-call list, so it cannot be dialled.";

/** A business workspace signed up through the page's own cookies, terms accepted. */
async function businessOwner(page: Page): Promise<void> {
  const account = newAccount("leads");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Lead Test Co" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok()).toBe(true);
}

async function contact(page: Page, data: Record<string, unknown>): Promise<string> {
  const created = await page.request.post("/api/contacts", { data });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const leads = (page: Page) => page.getByRole("list", { name: "Leads" });
const card = (page: Page, name: string) => leads(page).getByRole("listitem", { name, exact: true });
const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`);

/**
 * Ann Lee lives where it is inside the calling hours now and agreed to calls from the AI assistant
 * (the dial gate); Carl Quiet is on the do-not-call list.
 */
const annPlace = callingPlaceNow();
const ANN = annPlace.e164("0161");

async function seed(page: Page): Promise<void> {
  await recordAiVoiceConsent(page.request, [ANN]);
  await contact(page, {
    name: "Ann Lee",
    phoneNumber: annPlace.typed("0161"),
    timezone: annPlace.zone,
    email: "ann@leeinc.example",
    company: "Lee Inc",
    address: "1 Main St, Miami",
    website: "leeinc.example",
    industry: "Retail",
    leadScore: 40,
  });
  await contact(page, {
    name: "Bob Stone",
    company: "Stone Works",
    leadSource: "referral",
    leadScore: 20,
    contactStatus: "interested",
  });
  await contact(page, {
    name: "Carl Quiet",
    phoneNumber: "212-555-0163",
    company: "Quiet Co",
    doNotCall: true,
  });
}

test("lead manager: stats, search and filters, edit, call, do-not-call, preview and exports", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await businessOwner(page);
  await seed(page);
  await page.goto("/lead-manager");
  await expect(page.getByRole("heading", { level: 1, name: "Lead Manager" })).toBeVisible();
  await expect(leads(page).getByRole("listitem")).toHaveCount(3);

  // The stats come from the rows: 3 contacts, 2 new, none called, none converted, mean score 20.
  await expect(stat(page, "totalContacts")).toHaveText("3");
  await expect(stat(page, "newContacts")).toHaveText("2");
  await expect(stat(page, "contactedToday")).toHaveText("0");
  await expect(stat(page, "conversionRate")).toHaveText("0%");
  await expect(stat(page, "avgLeadScore")).toHaveText("20");

  // No number: no Call, no preview, and the spec's text.
  await expect(card(page, "Bob Stone")).toContainText("No phone number available");
  await expect(card(page, "Bob Stone").getByRole("button", { name: /^Call/ })).toHaveCount(0);
  await expect(card(page, "Ann Lee").getByRole("button", { name: "Call Ann Lee" })).toBeVisible();
  await screenshot(page, "lead-manager-desktop");
  await expectAccessible(page, testInfo, "lead-manager");

  // Search over name, phone and company, combined with the status and source filters.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("stone works");
  await expect(leads(page).getByRole("listitem")).toHaveCount(1);
  await expect(card(page, "Bob Stone")).toBeVisible();
  await search.fill(ANN.slice(-8));
  await expect(leads(page).getByRole("listitem")).toHaveCount(1);
  await expect(card(page, "Ann Lee")).toBeVisible();
  await search.fill("");
  await expect(leads(page).getByRole("listitem")).toHaveCount(3);
  await page.getByLabel("Status").selectOption("interested");
  await expect(leads(page).getByRole("listitem")).toHaveCount(1);
  await expect(card(page, "Bob Stone")).toBeVisible();
  await page.getByLabel("Source").selectOption("manual");
  await expect(page.getByText("No leads found")).toBeVisible();
  await page.getByLabel("Status").selectOption("");
  await expect(leads(page).getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Source").selectOption("referral");
  await expect(leads(page).getByRole("listitem")).toHaveCount(1);
  await expect(card(page, "Bob Stone")).toBeVisible();
  await page.getByLabel("Source").selectOption("");
  await expect(leads(page).getByRole("listitem")).toHaveCount(3);

  // The edit modal offers every status; saving sends the form with its id, and the stats follow.
  await card(page, "Ann Lee").getByRole("button", { name: "Edit Ann Lee" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(edit.getByLabel("Company")).toHaveValue("Lee Inc");
  const statuses = await edit.getByLabel("Status").locator("option").allTextContents();
  expect(statuses).toEqual(["New", "Contacted", "Interested", "Qualified", "Converted", "Not Interested"]);
  await edit.getByLabel("Lead score").fill("101");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Lead score must be a number from 0 to 100")).toBeVisible();
  await edit.getByLabel("Lead score").fill("70");
  await edit.getByLabel("Status").selectOption("converted");
  await screenshot(page, "lead-manager-edit");
  await expectAccessible(page, testInfo, "lead-manager-edit");
  const put = page.waitForRequest((request) => request.method() === "PUT");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  const sent = (await put).postDataJSON() as { id: string; contactStatus: string; leadScore: number };
  expect(sent).toMatchObject({ contactStatus: "converted", leadScore: 70 });
  expect(sent.id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(toastText(page, "Contact Updated")).toBeVisible();
  await expect(card(page, "Ann Lee").getByTestId("lead-status")).toHaveText("Converted");
  await expect(stat(page, "newContacts")).toHaveText("1");
  await expect(stat(page, "conversionRate")).toHaveText("33.3%");
  await expect(stat(page, "avgLeadScore")).toHaveText("30");

  // Call: an outbound call through the simulator carrier; the card and the stats count it.
  await card(page, "Ann Lee").getByRole("button", { name: "Call Ann Lee" }).click();
  await expect(toastText(page, "Call Initiated")).toBeVisible();
  await expect(card(page, "Ann Lee").getByTestId("lead-calls")).toContainText("1 call, last");
  await expect(stat(page, "contactedToday")).toHaveText("1");
  const placed = await page.evaluate(
    (digits) => fetch(`/api/calls?search=${digits}`).then((r) => r.json()),
    ANN.slice(1),
  );
  expect(placed.calls[0]).toMatchObject({ direction: "outbound", phoneNumber: ANN });

  // A do-not-call contact is refused with the server's own words.
  await card(page, "Carl Quiet").getByRole("button", { name: "Call Carl Quiet" }).click();
  await expect(toastText(page, "Call Failed")).toBeVisible();
  await expect(toastText(page, ON_DO_NOT_CALL)).toBeVisible();

  // The call preview: the engine's reply to what the contact says on answering.
  await card(page, "Ann Lee").getByRole("button", { name: "Preview a call to Ann Lee" }).click();
  const preview = page.getByRole("dialog", { name: "Call Preview: Ann Lee" });
  await expect(preview.getByLabel("What the contact says")).toHaveValue(/^Hello, this is Ann at Lee Inc/);
  await preview.getByLabel("What the contact says").fill("");
  await preview.getByRole("button", { name: "Preview Call" }).click();
  await expect(preview.getByText("Please enter what the contact says")).toBeVisible();
  await preview.getByLabel("What the contact says").fill("Hi, I'd like to book an appointment for tomorrow");
  await preview.getByRole("button", { name: "Preview Call" }).click();
  const result = preview.getByTestId("preview-result");
  await expect(result).toContainText("Ann Lee: Hi, I'd like to book an appointment for tomorrow");
  await expect(result).toContainText("Assistant:");
  await expect(result).toContainText("Intent:");
  await screenshot(page, "lead-manager-preview");
  await expectAccessible(page, testInfo, "lead-manager-preview");
  await preview.getByRole("button", { name: "Close" }).first().click();
  await expect(preview).toBeHidden();
  // The preview's demo call is ended at once.
  const active = await page.evaluate(() => fetch("/api/conversation/demo").then((r) => r.json()));
  expect(active.call).toBeNull();

  // The two exports: dated CSV files with the rows.
  for (const [button, prefix] of [
    ["Export Contacts", "contacts"],
    ["Export Leads", "leads"],
  ] as const) {
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: button }).click();
    const download = await downloading;
    await expect(toastText(page, "Export Complete")).toBeVisible();
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${prefix}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain("Ann Lee");
    expect(csv).toContain("Stone Works");
    expect(csv.trim().split(/\r?\n/)).toHaveLength(4);
  }
});

test.describe("on a phone", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use({ ...pixel, viewport: { width: 375, height: 812 } });
  test("the lead manager fits 375 px", async ({ page }, testInfo) => {
    await businessOwner(page);
    await seed(page);
    await contact(page, {
      name: "Maximilian Alexander Wolfeschlegelsteinhausen",
      company: "Wolfeschlegelsteinhausenbergerdorff Brothers International Holdings",
      email: "maximilian.alexander.wolfeschlegelsteinhausen@a-very-long-domain.example.com",
      website: "https://www.a-very-long-domain-name-for-a-business.example.com/about/the/team",
      phoneNumber: "212-555-0199",
    });
    await page.goto("/lead-manager");
    await expect(leads(page).getByRole("listitem")).toHaveCount(4);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, "lead-manager-mobile");
    await expectAccessible(page, testInfo, "lead-manager-mobile");
  });
});
