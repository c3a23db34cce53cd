import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  campaignSentMessage,
  POSTAL_ADDRESS_REQUIRED,
  SELECT_TEMPLATE,
  TEST_NEEDS_TEMPLATE_AND_EMAIL,
} from "../common/email";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * /email-marketing and its Outbox: a template made on
 * the Email Templates tab (an empty name refused), its text previewed to 150 and 300 characters,
 * the recipients previewed from contacts made through the API, a test email read in the Outbox
 * as a mail program shows it, the postal address rule, and a small campaign followed to "Campaign
 * Sent" and the Analytics figures. One person signs up once for the whole file.
 */

const STATE = "test-results/email-marketing-state.json";
test.use({ storageState: STATE });
test.describe.configure({ mode: "serial" });

const BODY =
  "Hi {{firstName|there}}, burst pipes at {{businessName|your place}} in {{city}} cost hours of work. " +
  "Our plumbers answer day and night, arrive within the hour anywhere in Central Florida, and quote before " +
  "they start, so there are no surprises on the bill. This month every first call-out is 20% off, and " +
  "property managers who sign up for the yearly check get priority dispatch for all their buildings. " +
  "Reply to this email or call us to book a visit at a time that suits you.";
const TEMPLATE = "Orlando pipes promo";

const CONTACTS = [
  { name: "Ana Torres", email: "ana@bayhomes.example", company: "Bay Homes", city: "Orlando" },
  { name: "Ben Cole", email: "ben@lakeside.example", company: "Lakeside Rentals", city: "Orlando" },
  { name: "Cara Diaz", email: "cara@pinecourt.example", company: "Pine Court HOA", city: "Orlando" },
  { name: "Dan Ray", email: "dan@example.org", company: null, city: "Tampa" },
];

test.beforeAll(async ({ browser }) => {
  mkdirSync("test-results", { recursive: true });
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signUpAndAcceptTerms(page);
  for (const [i, contact] of CONTACTS.entries()) {
    const created = await page.request.post("/api/contacts", {
      data: {
        name: contact.name,
        email: contact.email,
        phoneNumber: `(407) 555-01${10 + i}`,
        address: `${12 + i} Main St, ${contact.city}, FL 32801`,
        ...(contact.company ? { company: contact.company, industry: "property_management" } : {}),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  // One contact without an email is never a recipient.
  await page.request.post("/api/contacts", { data: { name: "No Email", phoneNumber: "(407) 555-0199" } });
  await context.storageState({ path: STATE });
  await context.close();
});

const tab = (page: Page, name: string) => page.getByRole("tab", { name });

/**
 * The outbox's own screen scanned by axe, the message's sandboxed HTML left out: it is the mail's
 * content, not the app's, and axe cannot run inside a frame that allows no script (it waits forever).
 */
async function expectOutboxAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .exclude('iframe[title="Message (HTML)"]')
    .analyze();
  const serious = results.violations.filter(
    (v) =>
      v.impact === "serious" ||
      v.impact === "critical" ||
      v.id === "heading-order" ||
      v.id === "label-content-name-mismatch",
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

test("Email Templates: an empty name is refused, a template is created and previewed to 150 characters", async ({
  page,
}, testInfo) => {
  await page.goto("/email-marketing");
  await expect(page.getByRole("heading", { level: 1, name: "Email Marketing" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "AI Email Wizard" })).toHaveAttribute(
    "href",
    "/email-wizard",
  );
  await expect(page.getByTestId("stat-totalContacts")).toHaveText("5");
  await expect(page.getByTestId("stat-businessContacts")).toHaveText("3");
  await expect(page.getByTestId("stat-contactsWithEmails")).toHaveText("4");

  await tab(page, "Email Templates").click();
  await expect(page.getByText("No email templates yet")).toBeVisible();
  await page.getByRole("button", { name: "Create Template" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Template" });
  await dialog.getByLabel("Subject", { exact: true }).fill("A faster plumber for {{businessName|you}}");
  await dialog.getByLabel("Text content", { exact: true }).fill(BODY);
  await dialog.getByRole("button", { name: "Create Template" }).click();
  await expect(dialog.getByText("Please enter a template name")).toBeVisible();
  await expect(dialog.getByLabel("Template name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "email-marketing-1-template-error");

  await dialog.getByLabel("Template name", { exact: true }).fill(TEMPLATE);
  await dialog.getByLabel("Target audience", { exact: true }).selectOption("business");
  await dialog.getByRole("button", { name: "Create Template" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Template Created")).toBeVisible();
  const card = page.getByRole("list", { name: "Email templates" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { name: TEMPLATE })).toBeVisible();
  await expect(card.getByTestId("template-list-preview")).toHaveText(`${BODY.slice(0, 150)}...`);
  await expectAccessible(page, testInfo, "email-marketing-templates");
  await screenshot(page, "email-marketing-2-templates");
});

test("Create Campaign: recipients previewed, a test email sent and read in the Outbox", async ({
  page,
}, testInfo) => {
  await page.goto("/email-marketing");
  // A test needs a template and an address.
  await page.getByRole("button", { name: "Send Test" }).click();
  await expect(toastText(page, TEST_NEEDS_TEMPLATE_AND_EMAIL)).toBeVisible();

  await page.getByLabel("Email template", { exact: true }).selectOption({ label: TEMPLATE });
  await expect(page.getByTestId("template-setup-preview")).toContainText(`${BODY.slice(0, 300)}...`);
  await page.getByLabel("Target audience", { exact: true }).selectOption("business");
  await page.getByLabel("City", { exact: true }).selectOption("Orlando");
  await page.getByRole("button", { name: "Preview Leads" }).click();
  const preview = page.getByRole("region", { name: "Recipient preview" });
  await expect(preview.getByTestId("preview-total")).toHaveText("3 contacts match");
  await expect(preview.getByRole("listitem")).toHaveCount(3);
  await expect(preview.getByRole("listitem").filter({ hasText: "ana@bayhomes.example" })).toContainText(
    "Ana · Bay Homes · Orlando, FL",
  );
  // The test is filled with the first previewed recipient's merge fields.
  const firstShown = (await preview.getByRole("listitem").first().textContent()) ?? "";
  const sample = CONTACTS.find((contact) => firstShown.includes(contact.email));
  if (!sample?.company) throw new Error(`unexpected first recipient: ${firstShown}`);

  await page.getByLabel("Test email address", { exact: true }).fill("owner@example.com");
  await page.getByRole("button", { name: "Send Test" }).click();
  await expect(toastText(page, "Test Email Sent")).toBeVisible();
  await expect(toastText(page, "Test email sent to owner@example.com")).toBeVisible();
  await expectAccessible(page, testInfo, "email-marketing-create");
  await screenshot(page, "email-marketing-3-create-campaign");

  await page.getByRole("main").getByRole("link", { name: "Outbox", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  const messages = page.getByRole("list", { name: "Outbox messages" }).getByRole("button");
  await expect(messages).toHaveCount(1);
  await messages.first().click();
  const open = page.getByRole("article", { name: "Open message" });
  await expect(
    open.getByRole("heading", { name: `[Test] A faster plumber for ${sample.company}` }),
  ).toBeVisible();
  await expect(open).toContainText("owner@example.com");
  await expect(open.getByTestId("list-unsubscribe")).toContainText("/api/email-marketing/unsubscribe/");
  await expect(open.getByTestId("list-unsubscribe")).toContainText("List-Unsubscribe=One-Click");
  await expect(open.getByTestId("message-text")).toContainText(
    `Hi ${sample.name.split(" ")[0]}, burst pipes at ${sample.company} in Orlando`,
  );
  await expectOutboxAccessible(page);
  await screenshot(page, "email-marketing-4-outbox");
});

test("Send Campaign: a template and the postal address are required, then the campaign is sent and counted", async ({
  page,
}, testInfo) => {
  await page.goto("/email-marketing");
  await page.getByRole("button", { name: "Send Campaign" }).click();
  await expect(toastText(page, SELECT_TEMPLATE)).toBeVisible();

  await page.getByLabel("Email template", { exact: true }).selectOption({ label: TEMPLATE });
  await page.getByLabel("Target audience", { exact: true }).selectOption("business");
  await page.getByLabel("Batch delay (s)", { exact: true }).fill("0");
  await expect(page.getByText("Add your postal address in Sender Details")).toBeVisible();
  await page.getByRole("button", { name: "Send Campaign" }).click();
  await expect(toastText(page, POSTAL_ADDRESS_REQUIRED)).toBeVisible();

  await page
    .getByLabel("Postal address", { exact: true })
    .fill("Bay Plumbing, 1 Harbor Way, Orlando, FL 32801");
  await page.getByLabel("From name", { exact: true }).fill("Bay Plumbing");
  await page.getByRole("button", { name: "Save Sender Details" }).click();
  await expect(toastText(page, "Sender Details Saved")).toBeVisible();
  await expect(page.getByText("Add your postal address in Sender Details")).toBeHidden();

  // Opens are tracked on this campaign, clicks are not.
  await page.getByLabel("Track opens (a tiny image in the email)").check();
  await expect(page.getByLabel("Track clicks (links pass through this platform)")).not.toBeChecked();
  await page.getByRole("button", { name: "Send Campaign" }).click();
  const progress = page.getByRole("region", { name: "Campaign progress" });
  await expect(progress).toBeVisible();
  await expect(toastText(page, "Campaign Sent")).toBeVisible({ timeout: 20_000 });
  await expect(toastText(page, campaignSentMessage(3, 3))).toBeVisible();
  await expect(progress.getByTestId("campaign-progress")).toContainText(
    "Completed: 3 of 3 processed (sent 3",
  );
  await screenshot(page, "email-marketing-5-campaign-sent");

  await tab(page, "Analytics").click();
  await expect(page.getByTestId("analytics-campaigns")).toHaveText("1");
  await expect(page.getByTestId("analytics-sent")).toHaveText("3");
  await expect(page.getByTestId("analytics-failed")).toHaveText("0");
  await expect(page.getByTestId("analytics-unsubscribed")).toHaveText("0");
  const campaign = page.getByRole("list", { name: "Email campaigns" }).getByRole("listitem").first();
  await expect(campaign).toContainText("Completed");
  await expect(campaign.getByTestId("campaign-counts")).toContainText("Sent 3 of 3");
  await expect(campaign.getByTestId("campaign-counts")).toContainText("opened 0");
  await expect(campaign.getByTestId("campaign-counts")).not.toContainText("clicked");
  await expect(page.getByTestId("analytics-opened")).toHaveText("0");
  await expect(page.getByTestId("analytics-clicked")).toHaveText("0");
  await expect(page.getByRole("list", { name: "Top Cities" })).toContainText("Orlando");
  await expectAccessible(page, testInfo, "email-marketing-analytics");
  await screenshot(page, "email-marketing-6-analytics");

  // The campaign's messages are in the outbox, each with the postal address and the unsubscribe link.
  await page.goto("/email-marketing/outbox");
  const messages = page.getByRole("list", { name: "Outbox messages" }).getByRole("button");
  await expect(messages).toHaveCount(4);
  await messages.filter({ hasText: "To cara@pinecourt.example" }).click();
  const open = page.getByRole("article", { name: "Open message" });
  await expect(open.getByRole("heading", { name: "A faster plumber for Pine Court HOA" })).toBeVisible();
  await expect(open).toContainText("Bay Plumbing");
  await expect(open.getByTestId("message-text")).toContainText("1 Harbor Way");
  const html = page.frameLocator('iframe[title="Message (HTML)"]');
  await expect(html.locator("body")).toContainText("Hi Cara");
  await expect(page.locator('iframe[title="Message (HTML)"]')).toHaveAttribute("sandbox", "");
  await screenshot(page, "email-marketing-7-outbox-campaign");

  // The recipient follows the message's unsubscribe link in a browser of their own (no session)
  // and presses the page's button; the page says which address will get no more of these emails.
  const link = ((await open.getByTestId("list-unsubscribe").textContent()) ?? "").match(/<([^>]+)>/)?.[1];
  expect(link).toBeTruthy();
  const recipient = await page.context().browser()?.newContext();
  if (!recipient) throw new Error("no browser");
  const inbox = await recipient.newPage();
  await inbox.goto(link as string);
  await expect(inbox.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await inbox.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(inbox.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();
  await expect(inbox.getByText("cara@pinecourt.example: You have been unsubscribed")).toBeVisible();
  await inbox.screenshot({ path: "test-results/screenshots/email-marketing-8-unsubscribed.png" });
  await recipient.close();

  await page.goto("/email-marketing");
  await tab(page, "Analytics").click();
  await expect(page.getByTestId("analytics-unsubscribed")).toHaveText("1");
});
