import { expect, type Page, test } from "@playwright/test";
import {
  acceptTerms,
  expectAccessible,
  invitationLink,
  newAccount,
  screenshot,
  signUpAndAcceptTerms,
  toastText,
} from "./helpers";

/**
 * AI Agents and Agent Manager: three agents (sales, support,
 * appointments) made through the Create Agent dialog, activated, one paused; analytics and the
 * Scripts & Settings tab from the server; a routing rule; telecom agents saved and deleted.
 */

type ApiAgent = {
  id: string;
  name: string;
  extension: string;
  status: string;
  keywords: string[];
  rebuttalPlaybook: string[];
  specialization: string;
  empathyLevel: number;
  languages: string[];
  primaryLanguage: string;
  aiSettings: { contextWindow: number; sentimentAdaptation: boolean };
};
const agentsFromApi = (page: Page) =>
  page.evaluate(() => fetch("/api/ai-agents").then((r) => r.json())) as Promise<ApiAgent[]>;

const toastOverDialog = (page: Page, text: string | RegExp) =>
  page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .getByText(text)
    .first();

const AGENTS = [
  {
    name: "Sam Sales",
    specialization: "sales",
    keywords: "price, cost, plan, pricing, upgrade",
    purpose: "Answers pricing questions and signs up new customers",
  },
  {
    name: "Sky Support",
    specialization: "support",
    keywords: "internet, outage, connection, not working",
    purpose: "Fixes connection problems",
  },
  {
    name: "Avery Appointments",
    specialization: "appointments",
    keywords: "appointment, schedule, installation",
    purpose: "Books installations and visits",
  },
] as const;

test("AI agents: create sales, support and appointments agents, activate, pause one, analytics, settings", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpAndAcceptTerms(page);
  await page.goto("/ai-agents");
  await expect(page.getByRole("heading", { level: 1, name: "AI Agents" })).toBeVisible();
  await expect(page.getByText("No agents yet")).toBeVisible();
  await expectAccessible(page, testInfo, "agents-empty");

  for (const [index, agent] of AGENTS.entries()) {
    await page.getByRole("button", { name: "Create Agent" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create Agent" });
    await dialog.getByLabel("Agent Name *").fill(agent.name);
    await dialog.getByLabel("Specialization").selectOption(agent.specialization);
    await dialog.getByLabel("Keywords").fill(agent.keywords);
    await dialog.getByLabel("Purpose").fill(agent.purpose);
    if (index === 0) {
      // Every tab once, with the checks of the contract.
      await dialog.getByRole("tab", { name: "Personality" }).click();
      await dialog.getByLabel("Empathy Level").fill("12");
      await dialog.getByRole("tab", { name: "Knowledge" }).click();
      await dialog
        .getByLabel("Rebuttal Playbook")
        .fill("I understand, many customers felt the same.\n\nWe have a 30-day trial.");
      await dialog.getByRole("tab", { name: "Voice & AI" }).click();
      await dialog.getByLabel("Context Window (turns)").fill("20");
      await dialog.getByRole("switch", { name: /Sentiment adaptation/ }).click();
      await dialog.getByLabel("Spanish").check();
      await expectAccessible(page, testInfo, "agent-dialog-voice");
      await screenshot(page, "agents-dialog-desktop");
      await dialog.getByRole("button", { name: "Create Agent" }).click();
      await expect(
        dialog.getByRole("tab", { name: /Personality.*has a problem/, selected: true }),
      ).toBeVisible();
      await expect(dialog.getByText("Empathy level must be a whole number from 1 to 10")).toBeVisible();
      await dialog.getByLabel("Empathy Level").fill("8");
    }
    await dialog.getByRole("button", { name: "Create Agent" }).click();
    await expect(toastOverDialog(page, `${agent.name} has extension ${101 + index}`)).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  const list = page.getByRole("list", { name: "Agents" });
  const card = (name: string) => list.getByRole("listitem", { name });
  await expect(list.getByTestId("agent-card")).toHaveCount(3);
  // New agents start inactive; at most three keyword badges.
  await expect(card("Sam Sales").getByTestId("agent-status")).toHaveText("Inactive");
  await expect(card("Sam Sales")).toContainText("Ext. 101 · Sales");
  await expect(card("Sam Sales").getByRole("list", { name: "Keywords" }).getByRole("listitem")).toHaveText([
    "price",
    "cost",
    "plan",
    "+2 more",
  ]);
  await expect(page.getByText("No agent is active")).toBeVisible();

  const saved = await agentsFromApi(page);
  const sam = saved.find((agent) => agent.name === "Sam Sales");
  expect(sam).toMatchObject({
    extension: "101",
    keywords: ["price", "cost", "plan", "pricing", "upgrade"],
    rebuttalPlaybook: ["I understand, many customers felt the same.", "We have a 30-day trial."],
    empathyLevel: 8,
    languages: expect.arrayContaining(["English", "Spanish"]),
    primaryLanguage: "English",
    aiSettings: { contextWindow: 20, sentimentAdaptation: false },
  });

  for (const { name } of AGENTS) {
    await card(name)
      .getByRole("button", { name: `Activate ${name}` })
      .click();
    await expect(card(name).getByTestId("agent-status")).toHaveText("Active");
  }
  await card("Avery Appointments").getByRole("button", { name: "Pause Avery Appointments" }).click();
  await expect(toastText(page, "Avery Appointments gets no calls until it is activated.")).toBeVisible();
  await expect(card("Avery Appointments").getByTestId("agent-status")).toHaveText("Paused");
  await expect(
    card("Avery Appointments").getByRole("button", { name: "Activate Avery Appointments" }),
  ).toBeVisible();
  expect((await agentsFromApi(page)).map((agent) => [agent.name, agent.status]).sort()).toEqual([
    ["Avery Appointments", "paused"],
    ["Sam Sales", "active"],
    ["Sky Support", "active"],
  ]);
  await screenshot(page, "agents-cards-desktop");
  await expectAccessible(page, testInfo, "agents-cards");

  // Edit keeps every field and saves the change.
  await card("Sky Support").getByRole("button", { name: "Edit Sky Support" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Agent" });
  await expect(edit.getByLabel("Keywords")).toHaveValue("internet, outage, connection, not working");
  await edit.getByLabel("Keywords").fill("internet, outage, connection, not working, wifi");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastOverDialog(page, "Sky Support was saved.")).toBeVisible();
  await expect(card("Sky Support").getByRole("list", { name: "Keywords" })).toContainText("+2 more");

  // Analytics, from the server.
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByTestId("stat-Total Agents")).toHaveText("3");
  await expect(page.getByTestId("analytics-row")).toHaveCount(3);
  await expect(page.getByTestId("stat-Total Calls")).toHaveText(/^\d+$/);
  await screenshot(page, "agents-analytics-desktop");
  await expectAccessible(page, testInfo, "agents-analytics");

  // Scripts & Settings: extensions, languages and a routing rule.
  await page.getByRole("tab", { name: "Scripts & Settings" }).click();
  const extensions = page.getByRole("table", { name: "Agent extensions" });
  await expect(extensions.getByRole("row")).toHaveCount(4);
  await expect(extensions.getByRole("row").nth(1)).toContainText("101");
  await expect(extensions.getByRole("row").nth(1)).toContainText("Sam Sales");
  await expect(page.getByRole("list", { name: "Languages" }).getByRole("listitem").first()).toContainText(
    "English3agents, 3 primary",
  );
  await page.getByRole("button", { name: "Add Rule" }).click();
  const rule = page.getByRole("dialog", { name: "Add Routing Rule" });
  await rule.getByRole("button", { name: "Add" }).click();
  await expect(rule.getByText("Rule name is required")).toBeVisible();
  await rule.getByLabel("Rule Name *").fill("Billing to sales");
  await rule.getByRole("button", { name: "Add" }).click();
  await expect(rule.getByText("Enter at least one keyword, or an extension in the conditions")).toBeVisible();
  await rule.getByLabel("Keywords").fill("invoice, billing");
  await rule.getByLabel("Agent *").selectOption({ label: "Sam Sales (ext. 101)" });
  await rule.getByLabel("Priority").fill("50");
  await rule.getByRole("button", { name: "Add" }).click();
  await expect(rule).toBeHidden();
  const rules = page.getByRole("list", { name: "Routing Rules" });
  await expect(rules).toContainText("Billing to sales");
  await expect(rules).toContainText('Says "invoice", "billing" → Sam Sales');
  await screenshot(page, "agents-settings-desktop");
  await expectAccessible(page, testInfo, "agents-settings");

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("tab", { name: "Agents" }).click();
  await expect(card("Sam Sales")).toBeVisible();
  await screenshot(page, "agents-cards-phone");
  await page.getByRole("tab", { name: "Scripts & Settings" }).click();
  await expect(rules).toBeVisible();
  await screenshot(page, "agents-settings-phone");
  await page.setViewportSize({ width: 1366, height: 900 });

  // Delete asks first.
  await page.getByRole("tab", { name: "Agents" }).click();
  await card("Avery Appointments").getByRole("button", { name: "Delete Avery Appointments" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this agent?" });
  await expect(confirm).toContainText("Avery Appointments (extension 103)");
  await confirm.getByRole("button", { name: "Delete Agent" }).click();
  await expect(list.getByTestId("agent-card")).toHaveCount(2);
});

test("agent manager: create, save with fallbacks and ranges, switch active, delete with its confirmation", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/agent-manager");
  await expect(page.getByRole("heading", { level: 1, name: "Agent Manager" })).toBeVisible();
  await expect(page.getByText("No agents yet")).toBeVisible();
  await expectAccessible(page, testInfo, "agent-manager-empty");

  await page.getByRole("button", { name: "Create New Agent" }).click();
  const editor = page.getByRole("form", { name: "New agent" });
  await expect(editor.getByRole("switch", { name: "Active" })).not.toBeChecked();
  await editor.getByLabel("Name *").fill("Rita Internet");
  await editor.getByLabel("Specialization").selectOption("internet");
  await editor.getByLabel("Viasat").check();
  await editor.getByLabel("Spectrum").check();
  await editor.getByLabel("Keywords").fill("internet, satellite, speed");
  await editor.getByRole("tab", { name: "Behavior" }).click();
  await editor
    .getByLabel("Script")
    .fill("Hi, this is Rita. Let's find the fastest internet at your address.");
  await editor.getByLabel("Response Style").selectOption("enthusiastic");
  await editor.getByLabel("Max Call Duration (min)").fill("");
  await editor.getByRole("tab", { name: "Sales Goals" }).click();
  await editor.getByLabel("Bundle Preference (%)").fill("150");
  await editor.getByRole("button", { name: "Save Agent" }).click();
  await expect(editor.getByText("Bundle preference must be from 0 to 100")).toBeVisible();
  await editor.getByLabel("Bundle Preference (%)").fill("65");
  await editor.getByLabel("Daily Target").fill("");
  await screenshot(page, "agent-manager-new-desktop");
  await editor.getByRole("button", { name: "Save Agent" }).click();
  await expect(toastText(page, "Agent saved successfully")).toBeVisible();

  // Saved: the fallbacks of the spec for the empty numbers, in the list and the editor.
  const item = page
    .getByRole("list", { name: "Telecom agents" })
    .getByRole("button", { name: /Rita Internet/ });
  await expect(item).toContainText("Inactive");
  await expect(item).toContainText("Internet · Viasat, Spectrum");
  const saved = page.getByRole("form", { name: "Edit Rita Internet" });
  await saved.getByRole("tab", { name: "Sales Goals" }).click();
  await expect(saved.getByLabel("Daily Target")).toHaveValue("10");
  await expect(saved.getByLabel("Bundle Preference (%)")).toHaveValue("65");
  await expect(saved.getByLabel("Upsell Rate (%)")).toHaveValue("30");
  await saved.getByRole("tab", { name: "Behavior" }).click();
  await expect(saved.getByLabel("Max Call Duration (min)")).toHaveValue("15");
  await expect(saved.getByLabel("Transfer Threshold")).toHaveValue("3");

  // Switch on and save: replaced, not added.
  await saved.getByRole("switch", { name: "Active" }).click();
  await saved.getByRole("button", { name: "Save Agent" }).click();
  await expect(item).toContainText("Active");
  const list = (await page.evaluate(() => fetch("/api/agents").then((r) => r.json()))) as {
    name: string;
    isActive: boolean;
    providers: string[];
    salesGoals: { dailyTarget: number; bundlePreference: number; upsellRate: number };
    maxCallDuration: number;
    responseStyle: string;
  }[];
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    name: "Rita Internet",
    isActive: true,
    providers: ["viasat", "spectrum"],
    responseStyle: "enthusiastic",
    maxCallDuration: 15,
    salesGoals: { dailyTarget: 10, bundlePreference: 65, upsellRate: 30 },
  });
  await screenshot(page, "agent-manager-desktop");
  await expectAccessible(page, testInfo, "agent-manager");

  // A second agent, then the first deleted after the confirmation.
  await page.getByRole("button", { name: "Create New Agent" }).click();
  await page.getByRole("form", { name: "New agent" }).getByLabel("Name *").fill("Tom TV");
  await page.getByRole("form", { name: "New agent" }).getByRole("button", { name: "Save Agent" }).click();
  await expect(page.getByRole("list", { name: "Telecom agents" }).getByRole("listitem")).toHaveCount(2);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, "agent-manager-phone");
  await page.setViewportSize({ width: 1366, height: 900 });

  await item.click();
  await page
    .getByRole("form", { name: "Edit Rita Internet" })
    .getByRole("button", { name: "Delete Rita Internet" })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete agent" });
  await expect(confirm).toContainText("Are you sure you want to delete this agent?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(item).toBeVisible();
  await page
    .getByRole("form", { name: "Edit Rita Internet" })
    .getByRole("button", { name: "Delete Rita Internet" })
    .click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Telecom agents" }).getByRole("listitem")).toHaveCount(1);
});

test("a member with the agent role sees scripts, agents and tests but is offered no change the server would refuse", async ({
  page,
  request,
}, testInfo) => {
  const email = newAccount("member").email;
  const url = await invitationLink(request, { company: "Harbor Internet", email });
  // The owner's workspace has a script, an agent, a telecom agent and a test case.
  expect((await request.post("/api/ai-scripts/from-template/dental-office")).status()).toBe(201);
  const agent = await request.post("/api/ai-agents", { data: { name: "Sky Support", keywords: "internet" } });
  expect(agent.status(), await agent.text()).toBe(201);
  const { id: agentId } = (await agent.json()) as { id: string };
  expect((await request.post("/api/agents/save", { data: { name: "Rita Internet" } })).ok()).toBe(true);
  expect(
    (
      await request.post("/api/agent-tests", {
        data: { name: "Outage", turns: "no internet", expectedAgentId: agentId },
      })
    ).status(),
  ).toBe(201);

  await page.goto(url);
  await page.getByLabel("Full Name").fill("Morgan Member");
  await page.getByLabel("Password").fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign up and join" }).click();
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/ai-scripts");
  await expect(page.getByTestId("script-card")).toContainText("Dental office appointments");
  await expect(page.getByText("Only admins and the owner can change scripts.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Create Script|Edit|Delete|Make default/ })).toHaveCount(0);
  await page.getByRole("tab", { name: /Templates/ }).click();
  await expect(page.getByTestId("template-card").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Use Template/ })).toHaveCount(0);

  await page.goto("/ai-agents");
  await expect(page.getByTestId("agent-card")).toContainText("Sky Support");
  await expect(page.getByRole("button", { name: /Create Agent|Activate|Pause|Edit|Delete/ })).toHaveCount(0);
  await page.getByRole("tab", { name: "Scripts & Settings" }).click();
  await expect(page.getByRole("heading", { name: "Call Routing" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Add Rule|Add Flow/ })).toHaveCount(0);

  await page.goto("/agent-manager");
  await expect(page.getByRole("form", { name: "Edit Rita Internet" })).toContainText(
    "Only admins and the owner can change agents.",
  );
  await expect(page.getByRole("button", { name: /Create New Agent|Save Agent|Delete/ })).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Active" })).toBeDisabled();

  // Tests can be run by anyone in the workspace; writing them is for admins.
  await page.goto("/agent-tests");
  await expect(page.getByRole("button", { name: /New Test Case|Edit|Delete/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Run Outage" }).click();
  // The template's two cases came with the script.
  await expect(page.getByTestId("test-case")).toHaveCount(3);
  await expect(page.getByRole("listitem", { name: "Outage" }).getByTestId("test-outcome")).toHaveText(
    /Passed|Failed/,
  );
  await expectAccessible(page, testInfo, "agent-tests-member");
});
