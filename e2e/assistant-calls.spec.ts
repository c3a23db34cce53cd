import { expect, type Page, test } from "@playwright/test";
import { screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * Through the screens: a script made from the "Dental office appointments"
 * template on /ai-scripts, its opening message and transfer keywords changed and made the
 * default, drives the Call Simulator on /active-calls: the caller hears the new opening, says a
 * transfer keyword and is put through to the script's number. Agents made on /ai-agents take
 * the calls their keywords name, and the Analytics tab counts the call.
 */
const OPENING = "Thank you for calling Bright Smiles Dental, how can we help you today?";
const TRANSFER_NUMBER = "+15557654321";

async function startCall(page: Page, number: string, name: string) {
  await page.goto("/active-calls");
  await page.getByLabel("Caller number").fill(number);
  await page.getByLabel("Caller name (optional)").fill(name);
  await page.getByRole("button", { name: "Start Call Simulation" }).click();
  await expect(page.getByText("Live Call", { exact: true })).toBeVisible();
}

async function say(page: Page, text: string) {
  const box = page.getByPlaceholder("Type what the caller would say...");
  await box.fill(text);
  await box.press("Enter");
}

test("the default script greets a simulated call and its transfer keyword puts the caller through", async ({
  page,
}) => {
  await signUpAndAcceptTerms(page);

  // Without a default script the settings' greeting answers.
  await startCall(page, "+1 212 555 0140", "Before Script");
  await expect(page.getByTestId("ai-response")).toContainText("You've reached my assistant");
  await page
    .getByRole("toolbar", { name: "Call controls" })
    .getByRole("button", { name: "End Call" })
    .click();
  await expect(page.getByText("No Active Call", { exact: true })).toBeVisible();

  await page.goto("/ai-scripts");
  await page.getByRole("tab", { name: /Templates/ }).click();
  const templates = page.getByRole("list", { name: "Script templates" });
  await templates
    .getByRole("listitem", { name: "Dental office appointments" })
    .getByRole("button", { name: "Use Template Dental office appointments" })
    .click();
  await expect(page.getByRole("tab", { name: /My Scripts/, selected: true })).toBeVisible();
  const card = page.getByRole("list", { name: "My scripts" }).getByTestId("script-card");
  await expect(card).toHaveCount(1);

  await card.getByRole("button", { name: /^Edit / }).click();
  const dialog = page.getByRole("dialog", { name: "Edit AI Script" });
  await dialog.getByLabel("Opening Message *").fill(OPENING);
  await dialog.getByRole("tab", { name: "Advanced" }).click();
  await dialog.getByLabel("Transfer Keywords").fill("lost a filling, severe pain");
  await dialog.getByLabel("Transfer Number").fill(TRANSFER_NUMBER);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "AI script updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await card.getByRole("button", { name: "Make default: Dental office appointments" }).click();
  await expect(card.getByText("Default", { exact: true })).toBeVisible();
  await expect(card.getByTestId("transfer-summary")).toContainText(`To ${TRANSFER_NUMBER} when:`);
  await screenshot(page, "assistant-calls-default-script");

  // The Call Simulator: the new opening, then a keyword puts the caller through.
  await startCall(page, "+1 212 555 0141", "Pat Patient");
  await expect(page.getByTestId("ai-response")).toHaveText(OPENING);
  await say(page, "Hi, I lost a filling this morning and it really hurts.");
  await expect(page.getByTestId("action-taken")).toContainText(`Transferred to ${TRANSFER_NUMBER}`);
  await expect(page.getByText("transferred", { exact: true })).toBeVisible();
  await expect(page.getByText(`Call put through to ${TRANSFER_NUMBER}.`)).toBeVisible();
  await expect(page.getByText(`The AI has put the caller through to ${TRANSFER_NUMBER}.`)).toBeVisible();
  const transcript = page.getByRole("region", { name: "Transcript" });
  await expect(transcript).toContainText(OPENING);
  await expect(transcript).toContainText(`Transferred to ${TRANSFER_NUMBER}`);
  await screenshot(page, "assistant-calls-transferred");

  const calls = await page.evaluate(() => fetch("/api/calls").then((r) => r.json()));
  expect(calls.calls[0]).toMatchObject({ callerName: "Pat Patient", aiResponse: expect.any(String) });
  expect(calls.calls[0].transferredAt).toBeTruthy();
  expect(calls.calls[0].transferredTo).toBe(TRANSFER_NUMBER);
});

test("a caller asking about cost reaches the sales agent, and the Analytics tab counts the call", async ({
  page,
}) => {
  await signUpAndAcceptTerms(page);
  const agents: [string, string, string][] = [
    ["Sally Sales", "sales", "cost, price, quote"],
    ["Sam Support", "support", "internet, outage, broken"],
    ["Abby Appointments", "appointments", "appointment, schedule, book"],
  ];
  for (const [name, specialization, keywords] of agents) {
    const created = await page.evaluate(
      (body) =>
        fetch("/api/ai-agents", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.json()),
      { name, specialization, keywords },
    );
    expect(created.name).toBe(name);
  }
  // Activated on the Agents tab, as a person would.
  await page.goto("/ai-agents");
  for (const [name] of agents) {
    await page.getByRole("button", { name: `Activate ${name}` }).click();
    await expect(page.getByRole("button", { name: `Pause ${name}` })).toBeVisible();
  }

  await startCall(page, "+1 212 555 0150", "Casey Buyer");
  await say(page, "Hi, how much does it cost to get set up?");
  await expect(page.getByRole("region", { name: "Transcript" })).toContainText(
    "Caller: Hi, how much does it cost to get set up?",
  );
  await page
    .getByRole("toolbar", { name: "Call controls" })
    .getByRole("button", { name: "End Call" })
    .click();
  await expect(page.getByText("No Active Call", { exact: true })).toBeVisible();

  await page.goto("/ai-agents");
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByTestId("stat-Total Calls")).toHaveText("1");
  await expect(page.getByTestId("stat-Best Performer")).toContainText("Sally Sales");
  const sally = page.getByTestId("analytics-row").filter({ hasText: "Sally Sales" });
  await expect(sally.getByRole("cell").first()).toHaveText("Active");
  await expect(sally.getByRole("cell").nth(1)).toHaveText("1");
  await expect(sally.getByRole("cell").nth(2)).toHaveText("100%");
  await screenshot(page, "assistant-calls-agent-analytics");
});
