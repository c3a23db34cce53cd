import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * AI Agent Scripts: a script from the "Dental office appointments" template,
 * its opening message and transfer keywords changed, made the default; the dialog's checks; the
 * delete confirmation.
 */

type ApiScript = {
  id: string;
  name: string;
  openingMessage: string;
  isDefault: boolean;
  transferRules: { keywords: string[] };
  voiceSettings: { speed: number };
};
const scriptsFromApi = (page: Page) =>
  page.evaluate(() => fetch("/api/ai-scripts").then((r) => r.json())) as Promise<ApiScript[]>;

/** A toast shown while a dialog is open (Radix hides everything outside the dialog from the tree). */
const toastOverDialog = (page: Page, text: string) =>
  page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .getByText(text)
    .first();

const OPENING = "Thanks for calling Bright Smile Dental, this is the front desk. How can we help today?";

test("scripts: from the dental template, edit opening and transfer keywords, make default, delete", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/ai-scripts");
  await expect(page.getByRole("heading", { level: 1, name: "AI Agent Scripts" })).toBeVisible();
  await expect(page.getByText("No scripts yet")).toBeVisible();
  await expectAccessible(page, testInfo, "scripts-empty");

  // Templates: at least eight, each with Use Template.
  await page.getByRole("tab", { name: /Templates/ }).click();
  const templates = page.getByRole("list", { name: "Script templates" });
  await expect(templates.getByTestId("template-card").first()).toBeVisible();
  expect(await templates.getByTestId("template-card").count()).toBeGreaterThanOrEqual(8);
  const dental = templates.getByRole("listitem", { name: "Dental office appointments" });
  // Usage is counted over every workspace on this server: other tests may have used it already.
  await expect(dental).toContainText(/used \d+ times?/);
  const usedBefore = Number((await dental.textContent())?.match(/used (\d+) time/)?.[1]);
  await screenshot(page, "scripts-templates-desktop");
  await dental.getByRole("button", { name: "Use Template Dental office appointments" }).click();
  await expect(toastText(page, /Script created from template successfully/)).toBeVisible();

  // Back on My Scripts with the new script; the template counts the use.
  await expect(page.getByRole("tab", { name: /My Scripts/, selected: true })).toBeVisible();
  const card = page.getByRole("list", { name: "My scripts" }).getByTestId("script-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Dental office appointments");
  await expect(card.getByTestId("transfer-summary")).toContainText('"severe pain"');
  await page.getByRole("tab", { name: /Templates/ }).click();
  await expect(dental).toContainText(`used ${usedBefore + 1} time${usedBefore + 1 === 1 ? "" : "s"}`);
  await page.getByRole("tab", { name: /My Scripts/ }).click();

  // Edit: the opening message and the transfer keywords.
  await card.getByRole("button", { name: /^Edit / }).click();
  const dialog = page.getByRole("dialog", { name: "Edit AI Script" });
  await expect(dialog.getByLabel("Script Name *")).toHaveValue("Dental office appointments");
  await dialog.getByLabel("Opening Message *").fill(OPENING);
  await dialog.getByRole("tab", { name: "Advanced" }).click();
  await dialog.getByLabel("Transfer Keywords").fill("emergency, severe pain, speak to the dentist");
  await dialog.getByLabel("Transfer After (minutes)").fill("12");
  await dialog.getByLabel("The caller asks for a person").check();
  await expectAccessible(page, testInfo, "script-dialog-advanced");
  await screenshot(page, "scripts-dialog-advanced-desktop");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "AI script updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("opening-message")).toHaveText(OPENING);
  await expect(card.getByTestId("transfer-summary")).toContainText(
    'To the owner\'s cell when: the caller says "emergency", "severe pain", "speak to the dentist" · after 12 min · the call is urgent · the caller asks for a person',
  );

  // Make default: the badge moves to it, and the server agrees.
  await expect(page.getByText("No script is the default")).toBeVisible();
  await card.getByRole("button", { name: "Make default: Dental office appointments" }).click();
  await expect(card.getByText("Default", { exact: true })).toBeVisible();
  await expect(page.getByText("No script is the default")).toBeHidden();
  await expect(card.getByRole("button", { name: /Make default/ })).toHaveCount(0);
  const [saved] = await scriptsFromApi(page);
  expect(saved).toMatchObject({
    openingMessage: OPENING,
    isDefault: true,
    transferRules: { keywords: ["emergency", "severe pain", "speak to the dentist"] },
  });
  await screenshot(page, "scripts-my-scripts-desktop");
  await expectAccessible(page, testInfo, "scripts-list");

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card.getByTestId("opening-message")).toBeVisible();
  await screenshot(page, "scripts-my-scripts-phone");
  await card.getByRole("button", { name: /^Edit / }).click();
  await expect(dialog).toBeVisible();
  await screenshot(page, "scripts-dialog-phone");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.setViewportSize({ width: 1366, height: 900 });

  // Delete asks first; the default's warning names what callers hear instead.
  await card.getByRole("button", { name: /^Delete / }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this script?" });
  await expect(confirm).toContainText("is your default script");
  await confirm.getByRole("button", { name: "Keep Script" }).click();
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: /^Delete / }).click();
  await confirm.getByRole("button", { name: "Delete Script" }).click();
  await expect(toastText(page, "AI script deleted successfully")).toBeVisible();
  await expect(page.getByText("No scripts yet")).toBeVisible();
  expect(await scriptsFromApi(page)).toEqual([]);
});

test("scripts: the Create Script dialog checks every rule with the contract's messages", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/ai-scripts");
  await page.getByRole("button", { name: "Create Script" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create AI Script" });

  // The defaults of the spec.
  await expect(dialog.getByLabel("Script Type")).toHaveValue("inbound");
  await expect(dialog.getByLabel("Opening Message *")).toHaveValue("Hello! How can I help you today?");
  await expect(dialog.getByLabel("Voice", { exact: true })).toHaveValue("nova");
  await expect(dialog.getByLabel("Speed")).toHaveValue("0.9");
  await expect(dialog.getByLabel("Speed")).toHaveAttribute("step", "0.1");
  await expect(dialog.getByLabel("Pitch")).toHaveValue("low");
  await dialog.getByRole("tab", { name: "Personality" }).click();
  await expect(dialog.getByLabel("Tone")).toHaveValue("professional");
  await expect(dialog.getByLabel("Empathy (1-10)")).toHaveValue("7");
  await expect(dialog.getByLabel("Formality (1-10)")).toHaveValue("8");

  // Blank name and opening, speed out of range, empathy 11: each field says what is wrong.
  await dialog.getByLabel("Empathy (1-10)").fill("11");
  await dialog.getByLabel("Opening Message *").fill("   ");
  await dialog.getByRole("tab", { name: "Voice Settings" }).click();
  await dialog.getByLabel("Speed").fill("2.5");
  await dialog.getByRole("button", { name: "Create Script" }).click();
  await expect(dialog.getByText("Script name is required")).toBeVisible();
  await expect(dialog.getByText("Opening message is required")).toBeVisible();
  await expect(dialog.getByText("Speed must be between 0.5 and 2")).toBeVisible();
  await expect(dialog.getByRole("tab", { name: /Personality.*has a problem/ })).toBeVisible();
  await dialog.getByRole("tab", { name: /Personality/ }).click();
  await expect(dialog.getByText("Empathy must be a whole number from 1 to 10")).toBeVisible();
  await expect(dialog.getByText("Check the 4 fields marked above.")).toBeVisible();

  // A transfer number the phone network cannot dial.
  await dialog.getByLabel("Empathy (1-10)").fill("6");
  await dialog.getByRole("tab", { name: /Voice Settings/ }).click();
  await dialog.getByLabel("Speed").fill("1.2");
  await dialog.getByLabel("Opening Message *").fill("Good morning, Harbor Plumbing.");
  await dialog.getByLabel("Script Name *").fill("Plumbing dispatch");
  await dialog.getByRole("tab", { name: "Advanced" }).click();
  await dialog.getByLabel("Transfer Number").fill("12");
  await dialog.getByRole("button", { name: "Create Script" }).click();
  await expect(dialog.getByText(/Enter the transfer number with its country code/)).toBeVisible();
  await dialog.getByLabel("Transfer Number").fill("+1 (555) 010-0177");
  await dialog
    .getByLabel("Business Rules")
    .fill("We are open 7 days a week.\n\nEmergency call-outs cost $120.");
  await dialog.getByLabel("Conversation Flow").fill("Ask for the address.\nAsk what is leaking.");
  await dialog.getByRole("switch", { name: "Default script for calls" }).click();
  await dialog.getByRole("button", { name: "Create Script" }).click();
  await expect(toastOverDialog(page, "AI script created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  const [saved] = await scriptsFromApi(page);
  expect(saved).toMatchObject({
    name: "Plumbing dispatch",
    openingMessage: "Good morning, Harbor Plumbing.",
    isDefault: true,
    voiceSettings: { speed: 1.2 },
    businessRules: ["We are open 7 days a week.", "Emergency call-outs cost $120."],
    conversationFlow: ["Ask for the address.", "Ask what is leaking."],
    personalityTraits: { empathy: 6, formality: 8, tone: "professional" },
    transferRules: { transferNumber: "+15550100177" },
  });
  const card = page.getByTestId("script-card");
  await expect(card).toContainText("2 flow steps, 2 business rules");
  await expect(card.getByTestId("transfer-summary")).toHaveText("Never");
});
