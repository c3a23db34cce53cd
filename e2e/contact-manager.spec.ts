import { readFile } from "node:fs/promises";
import { devices, expect, type Page, test } from "@playwright/test";
import { expectAccessible, newAccount, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * /contact-manager: the add dialog with the full form and its checks,
 * tags typed comma-separated and shown as a list, favourite and do-not-call, the filters and
 * sort (all on the server), export, delete, and the CSV upload: a messy file's counts, its
 * rejects on screen and as a file, undo, and a large file followed as a job.
 */

/** A business workspace (unlimited contacts, CSV import) signed up with the page's own cookies. */
async function businessOwner(page: Page): Promise<void> {
  const account = newAccount("manager");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Manager Test Co" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok()).toBe(true);
}

const toastOverDialog = (page: Page, text: string | RegExp) =>
  page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .getByText(text)
    .first();

const list = (page: Page) => page.getByRole("list", { name: "Contacts" });
const rows = (page: Page) => list(page).locator(":scope > li");
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });

async function contact(page: Page, data: Record<string, unknown>): Promise<void> {
  const created = await page.request.post("/api/contacts", { data });
  expect(created.status(), await created.text()).toBe(201);
}

test("contact manager: the full add form, tags, favourite, do-not-call, filters, sort, export and delete", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await businessOwner(page);
  await page.goto("/contact-manager");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Manager" })).toBeVisible();
  await expect(page.getByText("No contacts yet")).toBeVisible();

  // The add dialog: its checks, every field, tags as a list of badges.
  await page.getByRole("button", { name: "Add Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Contact" });
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(dialog.getByText("Name is required", { exact: true })).toBeVisible();
  await dialog.getByLabel("Name").fill("Ann Lee");
  await dialog.getByLabel("Email").fill("ann at example");
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(dialog.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await dialog.getByLabel("Email").fill("");
  const methods = await dialog.getByLabel("Preferred contact method").locator("option").allTextContents();
  expect(methods).toEqual(["Phone", "Email", "Mail", "SMS", "Other"]);
  await expect(dialog.getByLabel("Preferred contact method")).toHaveValue("phone");
  await dialog.getByLabel("Company").fill("Lee Inc");
  await dialog.getByLabel("Phone number").fill("(305) 555-0101");
  await dialog.getByLabel("Preferred contact method").selectOption("sms");
  await dialog.getByLabel("Status").selectOption("interested");
  await dialog.getByLabel("Industry").fill("Retail");
  await dialog.getByLabel("Business type").fill("Shop");
  await dialog.getByLabel("Address").fill("1 Main St, Miami");
  await dialog.getByLabel("Tags").fill(" vip, florida ,vip,, follow-up ");
  const tags = dialog.getByRole("list", { name: "Tags to save" });
  await expect(tags.getByRole("listitem")).toHaveText(["vip", "florida", "follow-up"]);
  await dialog.getByLabel("Notes").fill("Met at the trade fair");
  await dialog.getByLabel("Favourite").check();
  await screenshot(page, "contact-manager-add");
  await expectAccessible(page, testInfo, "contact-manager-add");
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Contact added successfully")).toBeVisible();
  const ann = row(page, "Ann Lee");
  await expect(ann).toContainText("Lee Inc");
  await expect(ann).toContainText("Interested");
  await expect(ann.getByRole("list", { name: "Tags of Ann Lee" }).getByRole("listitem")).toHaveText([
    "vip",
    "florida",
    "follow-up",
  ]);
  await expect(ann.getByRole("button", { name: "Favourite Ann Lee" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const saved = (await (await page.request.get("/api/contacts?search=Ann")).json()) as Record<
    string,
    unknown
  >[];
  expect(saved[0]).toMatchObject({
    preferredContactMethod: "sms",
    industry: "Retail",
    businessType: "Shop",
    address: "1 Main St, Miami",
    phoneE164: "+13055550101",
    notes: "Met at the trade fair",
    isFavorite: true,
    contactStatus: "interested",
  });

  await contact(page, {
    name: "Bob Stone",
    phoneNumber: "305-555-0102",
    leadSource: "referral",
    tags: ["florida"],
  });
  await contact(page, { name: "Cara Diaz", email: "cara@example.com", contactStatus: "converted" });
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId("contact-count")).toHaveText("3 contacts");

  // Favourite and do-not-call are toggled in the list.
  await row(page, "Bob Stone").getByRole("button", { name: "Favourite Bob Stone" }).click();
  await expect(row(page, "Bob Stone").getByRole("button", { name: "Favourite Bob Stone" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await row(page, "Bob Stone").getByRole("switch", { name: "Do not call Bob Stone" }).click();
  await expect(row(page, "Bob Stone").getByRole("switch", { name: "Do not call Bob Stone" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(row(page, "Bob Stone")).toContainText("Do not call");
  await screenshot(page, "contact-manager-desktop");
  await expectAccessible(page, testInfo, "contact-manager-list");

  // The filters, one at a time and together, answered by the server.
  const filters = page.getByRole("search", { name: "Find contacts" });
  await filters.getByLabel("Status").selectOption("converted");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Cara Diaz")).toBeVisible();
  await filters.getByLabel("Status").selectOption("");
  await filters.getByLabel("Source").selectOption("referral");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Bob Stone")).toBeVisible();
  await filters.getByLabel("Source").selectOption("");
  await filters.getByLabel("Favourites").selectOption("true");
  await expect(rows(page)).toHaveCount(2);
  await filters.getByLabel("Tag").fill("vip");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Ann Lee")).toBeVisible();
  await filters.getByLabel("Tag").fill("");
  await filters.getByLabel("Favourites").selectOption("");
  await filters.getByLabel("Phone number").selectOption("false");
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Cara Diaz")).toBeVisible();
  await filters.getByLabel("Phone number").selectOption("");
  await filters.getByLabel("Search contacts").fill("LEE INC");
  await expect(rows(page)).toHaveCount(1);
  await filters.getByLabel("Search contacts").fill("");
  await expect(rows(page)).toHaveCount(3);
  await filters.getByLabel("Sort by").selectOption("name");
  await expect(rows(page).locator("p.font-medium")).toHaveText([/^Ann Lee/, /^Bob Stone/, /^Cara Diaz/]);
  await filters.getByLabel("Sort by").selectOption("oldest");
  await expect(rows(page).locator("p.font-medium")).toHaveText([/^Ann Lee/, /^Bob Stone/, /^Cara Diaz/]);
  await filters.getByLabel("Sort by").selectOption("newest");
  await expect(rows(page).locator("p.font-medium")).toHaveText([/^Cara Diaz/, /^Bob Stone/, /^Ann Lee/]);

  // Edit through the same form.
  await row(page, "Cara Diaz").getByRole("button", { name: "Edit Cara Diaz" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(edit.getByLabel("Email")).toHaveValue("cara@example.com");
  await edit.getByLabel("Tags").fill("renewal");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "Contact Updated")).toBeVisible();
  await expect(row(page, "Cara Diaz").getByRole("list", { name: "Tags of Cara Diaz" })).toHaveText("renewal");

  // Export: a dated CSV with every contact.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  await expect(toastText(page, "Export Complete")).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.trim().split(/\r?\n/)).toHaveLength(4);
  for (const name of ["Ann Lee", "Bob Stone", "Cara Diaz"]) expect(csv).toContain(name);

  // Delete, with the spec's toast.
  await row(page, "Bob Stone").getByRole("button", { name: "Delete Bob Stone" }).click();
  await page
    .getByRole("dialog", { name: "Delete this contact?" })
    .getByRole("button", { name: "Delete Contact" })
    .click();
  await expect(toastText(page, "Contact deleted successfully")).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
});

/** A spreadsheet export as people send them: a byte-order mark, CRLF, semicolons, a quoted line break. */
const MESSY_CSV = `\uFEFF${[
  "Name;Phone;E-mail;Company;Notes;Shoe Size",
  'Ann Lee;(305) 555-0111;ann@leeinc.example;Lee Inc;"Met at the fair\r\nlikes email";38',
  "Bob Stone;305.555.0112;bob@stone.example;Stone Works;;44",
  "Cara Diaz;+1 305 555 0113;cara@;Diaz LLC;;",
  "Dan Wu;1-305-555-0114;;Wu & Sons;;",
  "Eve Park;3055550115;EVE@PARK.EXAMPLE;;;",
  "Ann Again;305-555-0111;;;same number as Ann;",
].join("\r\n")}\r\n`;

async function upload(page: Page, name: string, content: string, mimeType = "text/csv"): Promise<void> {
  await page.getByLabel("CSV file").setInputFiles({ name, mimeType, buffer: Buffer.from(content, "utf8") });
}

test("contact manager: a messy CSV imports with its counts, rejects on screen and as a file, and undo", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await businessOwner(page);
  await contact(page, { name: "Already Here", email: "bob@stone.example" });
  await page.goto("/contact-manager");
  await expect(rows(page)).toHaveCount(1);

  // CSV only, said before anything is sent.
  await upload(page, "contacts.xlsx", "not a csv", "application/vnd.ms-excel");
  await expect(page.getByRole("alert").filter({ hasText: "Please select a CSV file" })).toBeVisible();
  await expect(toastText(page, "Please select a CSV file")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeDisabled();

  await upload(page, "messy-export.csv", MESSY_CSV);
  await expect(page.getByTestId("chosen-file")).toHaveText("messy-export.csv");
  await expect(page.getByLabel("When a contact already exists")).toHaveValue("skip");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(
    toastText(page, /Contacts uploaded successfully: 3 imported, 2 skipped, 1 rejected/),
  ).toBeVisible();

  // Every row in exactly one count: Ann, Dan, Eve in; Bob (already here) and Ann Again skipped; Cara refused.
  const result = page.getByTestId("import-result");
  await expect(result.getByTestId("import-imported")).toHaveText("3");
  await expect(result.getByTestId("import-updated")).toHaveText("0");
  await expect(result.getByTestId("import-skipped")).toHaveText("2");
  await expect(result.getByTestId("import-rejected")).toHaveText("1");
  await expect(result).toContainText("6 rows in the file");
  await expect(result.getByTestId("unknown-columns")).toContainText("Shoe Size");
  const rejected = result.getByRole("table", { name: "Rejected rows" }).getByRole("row");
  await expect(rejected).toHaveCount(2);
  // Line 4 as a spreadsheet shows it: the quoted line break in Ann's notes starts no new row.
  await expect(rejected.nth(1).getByRole("cell").nth(0)).toHaveText("4");
  await expect(rejected.nth(1).getByRole("cell").nth(1)).toHaveText("E-mail");
  await expect(rejected.nth(1).getByRole("cell").nth(2)).toContainText("cara@");
  await screenshot(page, "contact-manager-import");
  await expectAccessible(page, testInfo, "contact-manager-import");

  // The imported contacts, with their numbers in E.164, a lower-cased email and the quoted notes.
  await expect(rows(page)).toHaveCount(4);
  const imported = (await (await page.request.get("/api/contacts?source=import&sort=name")).json()) as {
    name: string;
    phoneE164: string | null;
    email: string | null;
    notes: string | null;
  }[];
  expect(imported.map((c) => [c.name, c.phoneE164])).toEqual([
    ["Ann Lee", "+13055550111"],
    ["Dan Wu", "+13055550114"],
    ["Eve Park", "+13055550115"],
  ]);
  expect(imported[2]?.email).toBe("eve@park.example");
  expect(imported[0]?.notes).toMatch(/^Met at the fair\r?\nlikes email$/);
  await page.getByRole("search", { name: "Find contacts" }).getByLabel("Source").selectOption("import");
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole("search", { name: "Find contacts" }).getByLabel("Source").selectOption("");

  // The rejects as a file to fix and upload again.
  const downloading = page.waitForEvent("download");
  await result.getByRole("link", { name: "Download rejects" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const rejects = await readFile((await download.path())!, "utf8");
  expect(rejects).toContain("Cara Diaz");
  expect(rejects).toContain("cara@");
  expect(rejects).not.toContain("Dan Wu");

  // Undo deletes what the import added, and only that.
  await result.getByRole("button", { name: "Undo import" }).click();
  const confirm = page.getByRole("dialog", { name: "Undo this import?" });
  await expect(confirm).toContainText("3 contacts");
  await confirm.getByRole("button", { name: "Undo Import" }).click();
  await expect(toastText(page, "Removed 3 contacts this import added.")).toBeVisible();
  await expect(result.getByTestId("import-undone")).toBeVisible();
  await expect(result.getByRole("button", { name: "Undo import" })).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, "Already Here")).toBeVisible();

  // After a reload the last import is still there, undone.
  await page.reload();
  await expect(page.getByRole("region", { name: "Last import of messy-export.csv" })).toBeVisible();
  await expect(page.getByTestId("import-undone")).toBeVisible();

  // Update mode: the same file again changes the contacts it matches instead of skipping them.
  await upload(page, "messy-export.csv", MESSY_CSV);
  await page.getByLabel("When a contact already exists").selectOption("update");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  // Bob's row updates the contact already here; "Ann Again" updates the Ann this file just added.
  await expect(page.getByTestId("import-updated")).toHaveText("2");
  await expect(page.getByTestId("import-imported")).toHaveText("3");
  await expect(page.getByTestId("import-skipped")).toHaveText("0");
  await expect(page.getByTestId("import-rejected")).toHaveText("1");
  await expect(row(page, "Bob Stone")).toBeVisible();
  await expect(row(page, "Already Here")).toHaveCount(0);
});

test("contact manager: a large file is imported as a job with a progress bar; a Windows-1252 file is read", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await businessOwner(page);
  await page.goto("/contact-manager");
  const lines = ["Name,Phone,Email"];
  for (let i = 0; i < 6000; i += 1) lines.push(`Person ${i},+1 212 ${2_000_000 + i},p${i}@bulk.example`);
  await upload(page, "big.csv", `${lines.join("\n")}\n`);
  // Whether the progress bar ever showed, however quickly the job ran.
  await page.evaluate(() => {
    const seen = window as unknown as { sawProgress: boolean };
    seen.sawProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"][aria-label="Rows imported"]')) seen.sawProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  // More rows than are imported in the request: it answers at once and a job does the work.
  await expect(toastText(page, "Import Started")).toBeVisible();
  // Followed through its job until it ends; the lists then show its contacts.
  await expect(page.getByTestId("import-imported")).toHaveText("6,000", { timeout: 120_000 });
  await expect(page.getByTestId("import-rejected")).toHaveText("0");
  await expect(page.getByTestId("contact-count")).toHaveText("6,000 contacts");
  expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);

  // A file saved by an older spreadsheet program, in Windows-1252 rather than UTF-8.
  await page.getByLabel("CSV file").setInputFiles({
    name: "latin.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Name,Email\r\nJos\u00e9 Pe\u00f1a,jose@example.com\r\n", "latin1"),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByTestId("import-encoding")).toContainText("Windows-1252");
  await expect(page.getByTestId("import-imported")).toHaveText("1");
  await page.getByRole("search", { name: "Find contacts" }).getByLabel("Search contacts").fill("peña");
  await expect(row(page, "José Peña")).toBeVisible();
});

test("contact manager: the plan's contact limit in the add dialog", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndAcceptTerms(page);
  for (let i = 0; i < 100; i += 1) await contact(page, { name: `Contact ${i}` });
  await page.goto("/contact-manager");
  await page.getByRole("button", { name: "Add Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Contact" });
  await dialog.getByLabel("Name").fill("One Too Many");
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(dialog.getByTestId("plan-limit")).toContainText("The Personal plan keeps up to 100 contacts");
  await expect(dialog.getByTestId("plan-limit").getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute(
    "href",
    "/subscription",
  );
  await expect(toastOverDialog(page, "Failed to add contact")).toHaveCount(0);
});

test.describe("on a phone", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use({ ...pixel, viewport: { width: 375, height: 812 } });
  test("the contact manager fits 375 px", async ({ page }, testInfo) => {
    await businessOwner(page);
    await contact(page, {
      name: "Maximilian Alexander Wolfeschlegelsteinhausen",
      company: "Wolfeschlegelsteinhausenbergerdorff Brothers International Holdings",
      email: "maximilian.alexander.wolfeschlegelsteinhausen@a-very-long-domain.example.com",
      phoneNumber: "212-555-0199",
      tags: ["a-very-long-tag-that-never-seems-to-end-at-all", "vip"],
      doNotCall: true,
    });
    await page.goto("/contact-manager");
    await expect(rows(page)).toHaveCount(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, "contact-manager-mobile");
    await expectAccessible(page, testInfo, "contact-manager-mobile");
  });
});
