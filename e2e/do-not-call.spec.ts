import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Browser, devices, expect, type Page, test } from "@playwright/test";
import { type Account, expectAccessible, newAccount, screenshot, toastText } from "./helpers";

/**
 * The do-not-call list on /contact-manager: numbers added in two formats (the
 * second is "already listed"), a bad number refused with the server's words, a CSV import with its
 * counts and the rejected line's reason, search on the server, removal after a confirmation, the
 * dated export, a listed number refused when called from /lead-manager, and an agent's read-only view.
 */

const ON_DO_NOT_CALL = "This number is on the do-not-call list, so it cannot be dialled.";
const INVALID_PHONE = "Please enter a valid phone number";

async function acceptTermsByApi(api: APIRequestContext): Promise<void> {
  const accepted = await api.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

/** A business workspace signed up with the page's own cookies, terms accepted. */
async function businessOwner(page: Page): Promise<Account> {
  const account = newAccount("dnc");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Quiet Hours Ltd" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptTermsByApi(page.request);
  return account;
}

/** An agent of the page's workspace, signed up through an invitation link in a browser of their own. */
async function agentMember(page: Page, browser: Browser) {
  const account = newAccount("dncagent");
  const invited = await page.request.post("/api/workspace/invitations", {
    data: { email: account.email, role: "agent" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { url } = (await invited.json()) as { url: string };
  const context = await browser.newContext();
  const created = await context.request.post("/api/auth/signup", {
    data: { ...account, invitationToken: url.split("/invite/")[1] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptTermsByApi(context.request);
  return { context, page: await context.newPage() };
}

const section = (page: Page) => page.getByRole("region", { name: "Do-not-call list" });
const entries = (page: Page) =>
  section(page).getByRole("list", { name: "Do-not-call numbers" }).getByRole("listitem");

async function chooseFile(page: Page, name: string, content: string, mimeType = "text/csv"): Promise<void> {
  await section(page)
    .getByLabel("Import a CSV of numbers")
    .setInputFiles({ name, mimeType, buffer: Buffer.from(content, "utf8") });
}

async function addNumber(page: Page, typed: string): Promise<void> {
  await section(page).getByLabel("Phone number to add").fill(typed);
  await section(page).getByRole("button", { name: "Add Number" }).click();
}

/** The page is no wider than the window; on failure, the innermost elements that stick out. */
async function expectNoSidewaysScroll(page: Page) {
  const found = await page.evaluate(() => {
    const limit = window.innerWidth;
    const sticksOut = (element: Element) =>
      element.getBoundingClientRect().right + window.scrollX > limit + 0.5;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()}> ${(element.textContent ?? "").slice(0, 40)}`);
    return { scroll: document.documentElement.scrollWidth, inner: limit, culprits };
  });
  expect(found.scroll, `scrolls sideways: ${found.culprits.join(", ")}`).toBeLessThanOrEqual(found.inner);
}

const IMPORT_CSV = [
  "Name,Phone Number,Note",
  "Eve,212-555-0172,asked twice",
  "Fay,(212) 555-0171,already there",
  "Gus,not a number,typo",
  "Hal,212.555.0173,",
].join("\n");

test("do-not-call list: add, import, search, remove, export; a listed number is refused from the lead manager; an agent reads it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  await businessOwner(page);
  const created = await page.request.post("/api/contacts", {
    data: { name: "Dora Listed", phoneNumber: "(212) 555-0171", company: "Listed Co" },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/contact-manager");
  const list = section(page);
  await expect(list.getByRole("heading", { level: 2, name: "Do-not-call list" })).toBeVisible();
  await expect(list).toContainText("No numbers on the list");
  await expect(list.getByTestId("dnc-count")).toHaveText("0 numbers");

  // A number the server cannot read: its own message, beside the field and in a toast.
  await addNumber(page, "call me maybe");
  await expect(list.getByText(INVALID_PHONE, { exact: true })).toBeVisible();
  await expect(toastText(page, "Could Not Add Number")).toBeVisible();
  await expect(list.getByLabel("Phone number to add")).toHaveAttribute("aria-invalid", "true");

  // Two formats of one number: added once, then "already listed" as it was first typed.
  await addNumber(page, "(212) 555-0171");
  await expect(toastText(page, "(212) 555-0171 is on the do-not-call list.")).toBeVisible();
  await expect(list.getByLabel("Phone number to add")).toHaveValue("");
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText("+12125550171");
  await expect(entries(page).first()).toContainText("Added by hand");
  await addNumber(page, "+1 212 555 0171");
  await expect(toastText(page, "Already Listed")).toBeVisible();
  await expect(
    toastText(page, "+1 212 555 0171 is already on the do-not-call list as (212) 555-0171."),
  ).toBeVisible();
  await expect(entries(page)).toHaveCount(1);
  await expect(list.getByTestId("dnc-count")).toHaveText("1 number");

  // CSV only, said before anything is sent.
  await chooseFile(page, "numbers.xlsx", "not a csv", "application/vnd.ms-excel");
  await expect(list.getByRole("alert").filter({ hasText: "Please select a CSV file" })).toBeVisible();
  await expect(list.getByRole("button", { name: "Import Numbers" })).toBeDisabled();

  // A CSV with a header, a listed number and a bad line: counted, the bad line's reason shown.
  await chooseFile(page, "quiet-please.csv", IMPORT_CSV);
  await expect(list.getByTestId("dnc-chosen-file")).toHaveText("quiet-please.csv");
  await list.getByRole("button", { name: "Import Numbers" }).click();
  await expect(toastText(page, "2 numbers added, 1 already listed, 1 rejected.")).toBeVisible();
  const result = list.getByTestId("dnc-import-result");
  await expect(result.getByRole("heading", { name: "Import of quiet-please.csv" })).toBeVisible();
  await expect(result.getByTestId("dnc-import-added")).toHaveText("2");
  await expect(result.getByTestId("dnc-import-already-listed")).toHaveText("1");
  await expect(result.getByTestId("dnc-import-rejected")).toHaveText("1");
  const rejects = result.getByRole("list", { name: "Lines not imported" }).getByRole("listitem");
  await expect(rejects).toHaveCount(1);
  await expect(rejects.first()).toHaveText(`Line 4 (not a number): ${INVALID_PHONE}`);
  await expect(entries(page)).toHaveCount(3);
  await expect(list.getByTestId("dnc-count")).toHaveText("3 numbers");
  await expect(list.getByRole("listitem", { name: "212.555.0173" })).toContainText("Imported");

  // Search runs on the server, by digits whatever the format typed.
  const search = list.getByRole("searchbox", { name: "Search the do-not-call list" });
  await search.fill("555 0173");
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toHaveAccessibleName("212.555.0173");
  await expect(list.getByTestId("dnc-count")).toHaveText("1 number");
  await search.fill("0199");
  await expect(list).toContainText("No numbers found");
  await search.fill("");
  await expect(entries(page)).toHaveCount(3);

  await screenshot(page, "do-not-call-desktop");
  await expectAccessible(page, testInfo, "do-not-call-owner");

  // Remove: asked first; keeping changes nothing.
  await list.getByRole("button", { name: "Remove 212-555-0172" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove this number?" });
  await expect(confirm).toContainText("212-555-0172 will be taken off the do-not-call list");
  await confirm.getByRole("button", { name: "Keep Number" }).click();
  await expect(confirm).toBeHidden();
  await expect(entries(page)).toHaveCount(3);
  await list.getByRole("button", { name: "Remove 212-555-0172" }).click();
  await confirm.getByRole("button", { name: "Remove Number" }).click();
  await expect(toastText(page, "212-555-0172 can be called again.")).toBeVisible();
  await expect(entries(page)).toHaveCount(2);
  await expect(list.getByRole("listitem", { name: "212-555-0172" })).toHaveCount(0);

  // Export: a dated file with every entry left.
  const downloading = page.waitForEvent("download");
  await list.getByRole("button", { name: "Export List" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^do-not-call-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe("Phone Number,E.164,Source,Added");
  expect(lines).toHaveLength(3);
  // The server writes a cell that starts with + after an apostrophe (a spreadsheet would read it as a formula).
  expect(lines[1]).toMatch(/^\(212\) 555-0171,'\+12125550171,manual,\d{4}-/);
  expect(lines[2]).toMatch(/^212\.555\.0173,'\+12125550173,import,\d{4}-/);
  expect(csv).not.toContain("0172");
  await expect(toastText(page, /The do-not-call list was saved to do-not-call-/)).toBeVisible();

  // A contact whose number is listed (the contact itself is not marked) is refused when called.
  await page.goto("/lead-manager");
  const dora = page
    .getByRole("list", { name: "Leads" })
    .getByRole("listitem", { name: "Dora Listed", exact: true });
  await dora.getByRole("button", { name: "Call Dora Listed" }).click();
  await expect(toastText(page, "Call Failed")).toBeVisible();
  await expect(toastText(page, ON_DO_NOT_CALL)).toBeVisible();
  const calls = await page.evaluate(() => fetch("/api/calls?search=2125550171").then((r) => r.json()));
  expect(calls.calls).toEqual([]);

  // An agent sees the list, searches and exports it, and is offered nothing the server would refuse.
  const agent = await agentMember(page, browser);
  await agent.page.goto("/contact-manager");
  const theirs = section(agent.page);
  await expect(entries(agent.page)).toHaveCount(2);
  await expect(theirs.getByTestId("dnc-read-only")).toContainText("Only a workspace admin or owner");
  await expect(
    theirs.getByRole("button", { name: /Add Number|Import Numbers|Choose CSV File|^Remove/ }),
  ).toHaveCount(0);
  await expect(theirs.getByLabel("Phone number to add")).toHaveCount(0);
  await theirs.getByRole("searchbox", { name: "Search the do-not-call list" }).fill("0171");
  await expect(entries(agent.page)).toHaveCount(1);
  const theirDownload = agent.page.waitForEvent("download");
  await theirs.getByRole("button", { name: "Export List" }).click();
  expect((await theirDownload).suggestedFilename()).toMatch(/^do-not-call-\d{4}-\d{2}-\d{2}\.csv$/);
  await theirs.screenshot({ path: "test-results/screenshots/do-not-call-agent.png" });
  await expectAccessible(agent.page, testInfo, "do-not-call-agent");
  await agent.context.close();
});

test.describe("at phone width", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use({ ...pixel, viewport: { width: 375, height: 812 } });

  test("the do-not-call list fits 375 px with an import result", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await businessOwner(page);
    for (const phoneNumber of ["+44 20 7946 0018", "(212) 555-0181"]) {
      const added = await page.request.post("/api/do-not-call", { data: { phoneNumber } });
      expect(added.status(), await added.text()).toBe(201);
    }
    // A list that cannot be loaded says so and offers another try.
    await page.route("**/api/do-not-call?*", (route) =>
      route.fulfill({ status: 503, json: { message: "down" } }),
    );
    await page.goto("/contact-manager");
    await expect(section(page).getByRole("alert")).toContainText("The do-not-call list could not be loaded.");
    await page.unroute("**/api/do-not-call?*");
    await section(page).getByRole("button", { name: "Try again" }).click();
    await expect(entries(page)).toHaveCount(2);

    // A file the server finds empty: its own message.
    await chooseFile(page, "empty.csv", " \n");
    await section(page).getByRole("button", { name: "Import Numbers" }).click();
    await expect(toastText(page, "Import Failed")).toBeVisible();
    await expect(toastText(page, "No Data - Please upload a CSV file or paste CSV data")).toBeVisible();
    await expect(section(page).getByTestId("dnc-import-result")).toHaveCount(0);

    await chooseFile(page, "a-rather-long-file-name-for-a-small-phone-screen.csv", IMPORT_CSV);
    await section(page).getByRole("button", { name: "Import Numbers" }).click();
    await expect(section(page).getByTestId("dnc-import-added")).toHaveText("3");
    await expect(section(page).getByTestId("dnc-import-already-listed")).toHaveText("0");
    await expect(section(page).getByTestId("dnc-import-rejected")).toHaveText("1");
    await expect(entries(page)).toHaveCount(5);
    await section(page).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await section(page).screenshot({ path: "test-results/screenshots/do-not-call-phone.png" });
    await screenshot(page, "do-not-call-phone-page");
    await expectAccessible(page, testInfo, "do-not-call-phone");
  });
});
