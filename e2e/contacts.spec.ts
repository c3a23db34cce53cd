import { devices, expect, type Page, test } from "@playwright/test";
import { catchDialledLinks, expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * /contacts: search over name, phone and email on the server, the add and edit
 * dialogs with their checks, call (tel: link) and email (mailto:), delete with a confirmation,
 * and the server's message when a change fails.
 */

/** A toast while a modal dialog is open: Radix hides the rest of the page from the tree. */
const toastOverDialog = (page: Page, text: string | RegExp) =>
  page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .getByText(text)
    .first();

const contactsList = (page: Page) => page.getByRole("list", { name: "Contacts" });
const row = (page: Page, name: string) =>
  contactsList(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });

async function addContact(
  page: Page,
  fields: { name: string; phone?: string; email?: string; notes?: string },
): Promise<void> {
  await page.getByRole("button", { name: "Add Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Contact" });
  await dialog.getByLabel("Name").fill(fields.name);
  if (fields.phone) await dialog.getByLabel("Phone number").fill(fields.phone);
  if (fields.email) await dialog.getByLabel("Email").fill(fields.email);
  if (fields.notes) await dialog.getByLabel("Notes").fill(fields.notes);
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Contact added successfully")).toBeVisible();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole("searchbox", { name: "Search contacts" }).fill(text);
}

test("contacts: add with checks, search, edit, call, email and delete", async ({ page }, testInfo) => {
  const dialled = await catchDialledLinks(page);
  await signUpAndAcceptTerms(page);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByText("No contacts yet")).toBeVisible();
  await expectAccessible(page, testInfo, "contacts-empty");

  // The dialog's own checks: a name, and an email that is an address or nothing.
  await page.getByRole("button", { name: "Add Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Contact" });
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(dialog.getByText("Name is required", { exact: true })).toBeVisible();
  await dialog.getByLabel("Name").fill("Ann Lee");
  await dialog.getByLabel("Phone number").fill("(212) 555-0142");
  await dialog.getByLabel("Email").fill("ann@");
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(dialog.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, testInfo, "contacts-add-errors");
  await dialog.getByLabel("Email").fill("Ann.Lee@Example.com");
  await dialog.getByLabel("Notes").fill("Prefers mornings");
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Contact added successfully")).toBeVisible();
  // Stored lower-cased.
  await expect(row(page, "Ann Lee")).toContainText("ann.lee@example.com");

  await addContact(page, { name: "Bob Stone", phone: "+44 20 7946 0958" });
  await addContact(page, { name: "Cara Diaz", email: "cara@diaz.example" });
  await expect(page.getByTestId("contact-count")).toHaveText("3 contacts");

  // Email only where there is an address; call only where there is a number.
  await expect(row(page, "Ann Lee").getByRole("link", { name: "Email Ann Lee" })).toHaveAttribute(
    "href",
    "mailto:ann.lee@example.com",
  );
  await expect(row(page, "Bob Stone").getByRole("link", { name: /^Email/ })).toHaveCount(0);
  await expect(row(page, "Cara Diaz").getByRole("button", { name: /^Call/ })).toHaveCount(0);
  await screenshot(page, "contacts-desktop");

  // Search is case-insensitive over name, phone and email, and done by the server.
  await search(page, "ANN");
  await expect(contactsList(page).getByRole("listitem")).toHaveCount(1);
  await expect(row(page, "Ann Lee")).toBeVisible();
  await search(page, "7946");
  await expect(contactsList(page).getByRole("listitem")).toHaveCount(1);
  await expect(row(page, "Bob Stone")).toBeVisible();
  await search(page, "DIAZ.EXAMPLE");
  await expect(contactsList(page).getByRole("listitem")).toHaveCount(1);
  await expect(row(page, "Cara Diaz")).toBeVisible();
  await search(page, "nobody by this name");
  await expect(page.getByText("No contacts found")).toBeVisible();
  await search(page, "");
  await expect(contactsList(page).getByRole("listitem")).toHaveCount(3);

  // Edit: the dialog opens with the contact's details.
  await row(page, "Ann Lee").getByRole("button", { name: "Edit Ann Lee" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(edit.getByLabel("Name")).toHaveValue("Ann Lee");
  await expect(edit.getByLabel("Notes")).toHaveValue("Prefers mornings");
  await edit.getByLabel("Name").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Name is required", { exact: true })).toBeVisible();
  await edit.getByLabel("Name").fill("Ann Lee-Park");
  await edit.getByLabel("Notes").fill("Prefers afternoons");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(toastText(page, "Contact Updated")).toBeVisible();
  await expect(row(page, "Ann Lee-Park")).toContainText("Prefers afternoons");

  // Call hands the number to the phone's dialler as a tel: link, in E.164.
  await row(page, "Ann Lee-Park").getByRole("button", { name: "Call Ann Lee-Park" }).click();
  await expect.poll(dialled).toEqual(["tel:+12125550142"]);
  await row(page, "Bob Stone").getByRole("button", { name: "Call Bob Stone" }).click();
  await expect.poll(dialled).toEqual(["tel:+12125550142", "tel:+442079460958"]);

  // Delete asks first; Keep keeps.
  await row(page, "Bob Stone").getByRole("button", { name: "Delete Bob Stone" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this contact?" });
  await expect(confirm).toContainText("Bob Stone");
  await confirm.getByRole("button", { name: "Keep Contact" }).click();
  await expect(row(page, "Bob Stone")).toBeVisible();
  await row(page, "Bob Stone").getByRole("button", { name: "Delete Bob Stone" }).click();
  await confirm.getByRole("button", { name: "Delete Contact" }).click();
  await expect(toastText(page, "Contact deleted successfully")).toBeVisible();
  await expect(row(page, "Bob Stone")).toHaveCount(0);
  await expect(page.getByTestId("contact-count")).toHaveText("2 contacts");

  // The list is the server's: a reload shows the same.
  await page.reload();
  await expect(row(page, "Ann Lee-Park")).toBeVisible();
  await expect(row(page, "Cara Diaz")).toBeVisible();
  await expectAccessible(page, testInfo, "contacts-list");
});

test("contacts: a change the server refuses shows its message", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  const created = await page.request.post("/api/contacts", { data: { name: "Dana Gone" } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto("/contacts");
  await row(page, "Dana Gone").getByRole("button", { name: "Edit Dana Gone" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(edit.getByLabel("Name")).toHaveValue("Dana Gone");

  // Deleted elsewhere while the dialog is open: saving says what the server said.
  expect((await page.request.delete(`/api/contacts/${id}`)).status()).toBe(204);
  await edit.getByLabel("Notes").fill("Too late");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastOverDialog(page, /not found/i)).toBeVisible();
  await expect(edit).toBeVisible();
});

test("contacts: paged by the server, and the plan's contact limit offers the upgrade", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndAcceptTerms(page);
  // The personal plan keeps 100 contacts.
  for (let i = 0; i < 100; i += 1) {
    const created = await page.request.post("/api/contacts", { data: { name: `Contact ${i}` } });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.goto("/contacts");
  await expect(page.getByTestId("contact-count")).toHaveText("100 contacts");
  // The server sends a page at a time.
  await expect(contactsList(page).getByRole("listitem")).toHaveCount(25);
  await expect(page.getByText("Showing 25 of 100")).toBeVisible();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(contactsList(page).getByRole("listitem")).toHaveCount(50);
  await expect(page.getByText("Showing 50 of 100")).toBeVisible();
  await page.getByRole("button", { name: "Add Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Contact" });
  await dialog.getByLabel("Name").fill("One Too Many");
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  const refusal = dialog.getByTestId("plan-limit");
  await expect(refusal).toContainText("100 contacts");
  await expect(refusal).toContainText("Business");
  await refusal.getByRole("link", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test.describe("on a phone", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use({ ...pixel, viewport: { width: 375, height: 812 } });
  test("the contacts screen fits 375 px and calls through the dialler", async ({ page }, testInfo) => {
    const dialled = await catchDialledLinks(page);
    await signUpAndAcceptTerms(page);
    const created = await page.request.post("/api/contacts", {
      data: {
        name: "Maximilian Alexander Wolfeschlegelsteinhausen",
        phoneNumber: "212-555-0199",
        email: "maximilian.alexander.wolfeschlegelsteinhausen@a-very-long-domain.example.com",
        notes: "A long note that goes on and on about the kitchen renovation and the quote for it.",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto("/contacts");
    const name = "Maximilian Alexander Wolfeschlegelsteinhausen";
    await expect(row(page, name)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, "contacts-mobile");
    await row(page, name)
      .getByRole("button", { name: `Call ${name}` })
      .click();
    await expect.poll(dialled).toEqual(["tel:+12125550199"]);
    await page.getByRole("button", { name: "Add Contact" }).click();
    await expect(page.getByRole("dialog", { name: "Add New Contact" })).toBeVisible();
    await screenshot(page, "contacts-mobile-add");
    await expectAccessible(page, testInfo, "contacts-mobile-add");
  });
});
