import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * Conversation previews and agent tests against the real routing:
 * pricing goes to the sales agent, an outage to support, the enterprise request is transferred by
 * the server with its TwiML, and a saved test case passes.
 */

const AGENTS = [
  { name: "Sam Sales", specialization: "sales", keywords: "price, cost, plan, pricing" },
  { name: "Sky Support", specialization: "support", keywords: "internet, outage, connection, not working" },
  {
    name: "Avery Appointments",
    specialization: "appointments",
    keywords: "appointment, schedule, installation",
  },
];

/** Three active agents, made and activated through the API the AI Agents screen uses. */
async function threeAgents(page: Page): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const agent of AGENTS) {
    const created = await page.request.post("/api/ai-agents", { data: agent });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const toggled = await page.request.post(`/api/ai-agents/${id}/toggle`);
    expect(toggled.ok(), await toggled.text()).toBe(true);
    ids[agent.name] = id;
  }
  return ids;
}

test("conversation flow (cards): pricing is answered by the sales agent, with its toasts", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await threeAgents(page);
  await page.goto("/conversation-flow-simple");
  await expect(page.getByRole("heading", { level: 1, name: "Conversation Flow" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Test Results Yet" })).toBeVisible();
  await expectAccessible(page, testInfo, "conversation-simple-empty");

  await page.getByLabel("Customer message").fill("how much does your plan cost");
  const sent = page.waitForRequest("**/api/conversation/test");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    message: "how much does your plan cost",
    phoneNumber: "+15555550123",
    conversationHistory: [],
  });
  await expect(toastText(page, "Preview completed")).toBeVisible();
  await expect(toastText(page, "Sam Sales responded successfully")).toBeVisible();
  const card = page.getByTestId("preview-card").first();
  await expect(card.getByTestId("preview-agent")).toHaveText("Sam Sales");
  await expect(card).toContainText("sales · Ext. 101");
  await expect(card.getByTestId("preview-confidence")).toHaveText(/^\d{1,3}% confidence$/);
  await expect(card.getByTestId("preview-response")).not.toBeEmpty();
  await expect(card).toContainText("Routing:");

  // Empty: the default greeting is sent.
  await page.getByLabel("Customer message").fill("");
  const greeting = page.waitForRequest("**/api/conversation/test");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  expect((await greeting).postDataJSON()).toMatchObject({
    message: "Hello, I'd like to learn more about your services.",
  });
  await expect(page.getByTestId("preview-card")).toHaveCount(2);

  // Asking one agent directly.
  await page.getByLabel("Agent").selectOption({ label: "Sky Support (ext. 102)" });
  await page.getByLabel("Customer message").fill("how much does your plan cost");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByTestId("preview-card").first().getByTestId("preview-agent")).toHaveText(
    "Sky Support",
  );
  await screenshot(page, "conversation-simple-desktop");
  await expectAccessible(page, testInfo, "conversation-simple");
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "conversation-simple-phone");
  await page.setViewportSize({ width: 1366, height: 900 });

  // Signed out elsewhere: Preview failed with the server's reason.
  await page.request.post("/api/auth/logout");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(toastText(page, "Preview failed")).toBeVisible();
});

test("conversation flow (raw): quick examples, the server's transfer with TwiML, Test Again, Clear Results, errors", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await threeAgents(page);
  await page.goto("/conversation-flow");
  await expect(page.getByText("No previews yet")).toBeVisible();

  await page.getByRole("button", { name: "Pricing" }).click();
  await expect(page.getByLabel("What the customer says")).toHaveValue(
    "How much does your plan cost per month?",
  );
  await page.getByRole("button", { name: "Preview Response" }).click();
  const raw = page.getByTestId("raw-answer").first();
  await expect(raw).toContainText('"name": "Sam Sales"');
  await expect(raw).toContainText('"transfer": false');

  // The transfer case, decided by the server: with no number to call, it says so.
  await page.getByRole("button", { name: /Complex enterprise request/ }).click();
  await page.getByRole("button", { name: "Preview Response" }).click();
  const unreachable = page.getByTestId("flow-result").first();
  await expect(unreachable.getByTestId("raw-answer")).toContainText('"transfer": true');
  await expect(unreachable).toContainText("Transfer wanted, but there is no number to call");
  await expect(unreachable.getByTestId("twiml")).toHaveCount(0);

  // With the owner's cell number, Test Again gives the number and the TwiML that dials it.
  const cell = await page.request.put("/api/user/profile", { data: { cellphoneNumber: "+1 555 010 0199" } });
  expect(cell.ok(), await cell.text()).toBe(true);
  const again = page.waitForRequest("**/api/conversation/test");
  await page.getByRole("button", { name: "Test Again" }).click();
  expect((await again).postDataJSON()).toMatchObject({
    message: "We need an enterprise-level setup with custom equipment for multiple locations.",
  });
  await expect(page.getByTestId("flow-result")).toHaveCount(3);
  const transfer = page.getByTestId("flow-result").first();
  await expect(transfer).toContainText("Transfer to +15550100199");
  await expect(transfer).toContainText("Hold message:");
  await expect(transfer).toContainText("Fallback message:");
  const twiml = (await transfer.getByTestId("twiml").textContent()) ?? "";
  expect(twiml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<Response>/);
  expect(twiml).toMatch(
    /<Say[^>]*>[^<]+<\/Say>\s*<Dial[^>]*>\s*(<Number>)?\+15550100199(<\/Number>)?\s*<\/Dial>\s*<Say[^>]*>[^<]+<\/Say>\s*<Hangup\s*\/>\s*<\/Response>/,
  );
  await screenshot(page, "conversation-flow-desktop");
  await expectAccessible(page, testInfo, "conversation-flow");
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "conversation-flow-phone");
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole("button", { name: "Clear Results" }).click();
  await expect(page.getByTestId("flow-result")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Test Again" })).toBeDisabled();

  await page.request.post("/api/auth/logout");
  await page.getByRole("button", { name: "Preview Response" }).click();
  await expect(page.getByTestId("flow-result").getByRole("alert")).toHaveText(/^Error: .+/);
});

test("test preview: a multi-turn chat sends the conversation so far", async ({ page }, testInfo) => {
  await signUpAndAcceptTerms(page);
  await threeAgents(page);
  // The default script's opening is what callers hear first.
  const script = await page.request.post("/api/ai-scripts", {
    data: {
      name: "Acme",
      openingMessage: "Thanks for calling Acme Internet, how can we help?",
      isDefault: true,
    },
  });
  expect(script.status(), await script.text()).toBe(201);
  await page.goto("/test-preview");
  await expect(page.getByText("No messages yet")).toBeVisible();
  await expectAccessible(page, testInfo, "test-preview-empty");

  await page.getByRole("button", { name: "Send" }).click();
  await expect(toastText(page, "Please enter a test message")).toBeVisible();

  const message = page.getByLabel("Your message");
  await message.fill("Hi, I have a question");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("agent-turn")).toHaveCount(1);

  await message.fill("My internet connection is not working since yesterday");
  const second = page.waitForRequest("**/api/conversation/test");
  await page.getByRole("button", { name: "Send" }).click();
  const body = (await second).postDataJSON() as { conversationHistory: { role: string; text: string }[] };
  expect(body.conversationHistory).toHaveLength(2);
  expect(body.conversationHistory[0]).toEqual({ role: "caller", text: "Hi, I have a question" });
  expect(body.conversationHistory[1]?.role).toBe("agent");
  const reply = page.getByTestId("agent-turn").nth(1);
  await expect(reply).toContainText("Sky Support");
  await expect(page.getByRole("list", { name: "Conversation" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByTestId("greeting")).toHaveText(
    "Callers first hear: “Thanks for calling Acme Internet, how can we help?”",
  );
  await screenshot(page, "test-preview-desktop");
  await expectAccessible(page, testInfo, "test-preview");
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "test-preview-phone");
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole("button", { name: "New Conversation" }).click();
  await expect(page.getByText("No messages yet")).toBeVisible();

  await page.request.post("/api/auth/logout");
  await message.fill("Hello again");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(toastText(page, /^Test failed: 401 Unauthorized/)).toBeVisible();
  // The unanswered message is kept to send again.
  await expect(message).toHaveValue("Hello again");
});

test("agent tests: write 'no internet' for the support agent, run it and see it pass; a failing case says why", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await threeAgents(page);
  await page.goto("/agent-tests");
  await expect(page.getByRole("heading", { level: 1, name: "Agent Tests" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No test cases yet" })).toBeVisible();
  await expectAccessible(page, testInfo, "agent-tests-empty");

  await page.getByRole("button", { name: "New Test Case" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New Test Case" });
  await dialog.getByRole("button", { name: "Add Test Case" }).click();
  await expect(dialog.getByText("Test name is required")).toBeVisible();
  await expect(dialog.getByText("Add at least one caller turn")).toBeVisible();
  await dialog.getByLabel("Test Name *").fill("No internet goes to support");
  await dialog.getByLabel("Caller Turns *").fill("I have no internet since yesterday");
  await dialog.getByRole("button", { name: "Add Test Case" }).click();
  await expect(dialog.getByText(/Choose at least one expectation/)).toBeVisible();
  await dialog.getByLabel("Agent").selectOption({ label: "Sky Support (ext. 102)" });
  await dialog.getByLabel("Transfer").selectOption("no");
  await expectAccessible(page, testInfo, "agent-test-dialog");
  await dialog.getByRole("button", { name: "Add Test Case" }).click();
  await expect(dialog).toBeHidden();

  const support = page.getByRole("listitem", { name: "No internet goes to support" });
  await expect(support.getByTestId("test-outcome")).toHaveText("Not run");
  await expect(support).toContainText("expects agent Sky Support, not transferred");
  await support.getByRole("button", { name: "Run No internet goes to support" }).click();
  await expect(support.getByTestId("test-outcome")).toHaveText("Passed");
  await support.getByText(/^Actual: Sky Support/).click();
  await expect(support.getByTestId("actual-answer")).toContainText(
    "Caller: I have no internet since yesterday",
  );

  // A case that cannot pass: pricing expected at support.
  await page.getByRole("button", { name: "New Test Case" }).first().click();
  await dialog.getByLabel("Test Name *").fill("Pricing wrongly expected at support");
  await dialog.getByLabel("Caller Turns *").fill("Hello\nhow much does your plan cost");
  await dialog.getByLabel("Agent").selectOption({ label: "Sky Support (ext. 102)" });
  await dialog.getByRole("button", { name: "Add Test Case" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Run All" }).click();
  await expect(page.getByTestId("run-summary")).toContainText("1 passed, 1 failed");
  const wrong = page.getByRole("listitem", { name: "Pricing wrongly expected at support" });
  await expect(wrong.getByTestId("test-outcome")).toHaveText("Failed");
  await expect(wrong.getByRole("list", { name: "Why it failed" })).toContainText("Sam Sales");
  await expect(wrong.getByTestId("actual-answer")).toBeVisible();
  await expect(support.getByTestId("test-outcome")).toHaveText("Passed");
  await screenshot(page, "agent-tests-desktop");
  await expectAccessible(page, testInfo, "agent-tests");

  // The outcome is kept by the server: a fresh visit shows it.
  await page.reload();
  await expect(support.getByTestId("test-outcome")).toHaveText("Passed");
  await expect(wrong.getByTestId("test-outcome")).toHaveText("Failed");
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "agent-tests-phone");
  await page.setViewportSize({ width: 1366, height: 900 });

  // Edit and delete.
  await wrong.getByRole("button", { name: "Edit Pricing wrongly expected at support" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Test Case" });
  await edit.getByLabel("Agent").selectOption({ label: "Sam Sales (ext. 101)" });
  await edit.getByRole("button", { name: "Save Test Case" }).click();
  await expect(edit).toBeHidden();
  await wrong.getByRole("button", { name: "Run Pricing wrongly expected at support" }).click();
  await expect(wrong.getByTestId("test-outcome")).toHaveText("Passed");
  await wrong.getByRole("button", { name: "Delete Pricing wrongly expected at support" }).click();
  await page
    .getByRole("dialog", { name: "Delete this test case?" })
    .getByRole("button", { name: "Delete Test Case" })
    .click();
  await expect(page.getByTestId("test-case")).toHaveCount(1);
});
