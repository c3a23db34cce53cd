import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectAccessible, newAccount, screenshot } from "./helpers";

/**
 * A new team's first hour: the dashboard's setup checklist (each step links to its screen and
 * ticks from what was done), the sidebar grouped and trimmed to the member's role, the controls
 * an agent may not use, and the sign-up's trial.
 */

/** A business workspace (room for a team) with the page's own cookies, terms accepted, at the dashboard. */
async function businessOwner(page: Page, company = "First Hour Calls Ltd") {
  const account = newAccount("owner");
  const created = await page.request.post("/api/auth/signup", {
    data: {
      ...account,
      planType: "business",
      businessInfo: { companyName: company, industry: "call_centre" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok()).toBe(true);
  await page.goto("/");
  return account;
}

/** A colleague with `role` in the owner's workspace, signed in in a browser of their own. */
async function member(
  browser: Browser,
  owner: Page,
  role: "agent" | "admin",
  viewport = { width: 1440, height: 900 },
) {
  const account = newAccount(role);
  const invited = await owner.request.post("/api/workspace/invitations", {
    data: { email: account.email, role },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = String(((await invited.json()) as { url: string }).url).split("/invite/")[1];
  const context = await browser.newContext({ viewport });
  const created = await context.request.post("/api/auth/signup", {
    data: { ...account, invitationToken: token },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await context.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } })).ok()).toBe(
    true,
  );
  const page = await context.newPage();
  await page.goto("/");
  return { context, page };
}

const checklist = (page: Page) =>
  page.getByRole("region", { name: /Set up your workspace|Your workspace is set up/ });
const step = (page: Page, id: string) => page.getByTestId(`setup-step-${id}`);

async function expectTicked(page: Page, ticked: Record<string, boolean>) {
  for (const [id, done] of Object.entries(ticked))
    await expect(step(page, id), `step ${id}`).toHaveAttribute("data-done", done ? "true" : "false");
}

test.describe("the setup checklist", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("links each step to its screen, ticks the steps as the owner does them, and is put away for good", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await businessOwner(page);
    const list = checklist(page);
    await expect(list).toBeVisible();
    await expect(page.getByTestId("setup-progress")).toHaveText("0 of 5 done");
    await expectTicked(page, { phone: false, agent: false, contacts: false, campaign: false, team: false });
    await screenshot(page, "first-hour-checklist-1440");
    await expectAccessible(page, testInfo, "first-hour-checklist");

    // Each step's link leads to the screen where it is done.
    const links: [string, RegExp, RegExp][] = [
      ["phone", /\/settings#phone-service$/, /Phone service/],
      ["agent", /\/ai-scripts\?tab=templates$/, /AI Agent Scripts/],
      ["contacts", /\/contact-manager$/, /Contact Manager/],
      ["campaign", /\/autodialer$/, /Autodialer/],
      ["team", /\/settings#team$/, /Settings/],
    ];
    for (const [id, url, heading] of links) {
      await page.goto("/");
      await step(page, id).getByRole("link").click();
      await expect(page).toHaveURL(url);
      if (id === "phone") {
        const phone = page.getByRole("region", { name: "Phone service" });
        await expect(phone).toBeInViewport();
      } else if (id === "team") {
        await expect(page.getByRole("region", { name: "Team", exact: true })).toBeInViewport();
      } else {
        await expect(page.getByRole("main").getByRole("heading", { level: 1, name: heading })).toBeVisible();
      }
    }
    // The templates tab is the one the agent step opened: using one makes the agent.
    await page.goto("/ai-scripts?tab=templates");
    await page
      .getByRole("list", { name: "Script templates" })
      .getByRole("button", { name: /^Use Template/ })
      .first()
      .click();
    await expect(page.getByRole("tab", { name: /My Scripts/, selected: true })).toBeVisible();

    // The phone step: the simulator, chosen on the checklist itself.
    await page.goto("/");
    await step(page, "phone").getByRole("button", { name: "Use the simulator" }).click();
    await expectTicked(page, { phone: true, agent: true, contacts: false });
    await expect(step(page, "phone")).toContainText("Using the built-in simulator");

    // Contacts from a CSV, a campaign started, a teammate invited: each where a team does it.
    const imported = await page.request.post("/api/contacts/import", {
      data: { csvData: "Name,Phone\nAda Lovelace,+12015550101\nBen Okafor,+12015550102\n" },
    });
    expect(imported.ok(), await imported.text()).toBe(true);
    await page.reload();
    await expectTicked(page, { contacts: true, campaign: false });
    await expect(step(page, "contacts")).toContainText("2 contacts");

    const created = await page.request.post("/api/autodialer/campaigns", { data: { name: "First day" } });
    expect(created.status(), await created.text()).toBe(201);
    const campaign = (await created.json()) as { id?: string; campaign?: { id: string } };
    const campaignId = campaign.id ?? campaign.campaign?.id;
    const leads = await page.request.post(`/api/autodialer/campaigns/${campaignId}/leads`, {
      data: { text: "+12015550103, Pat, Doe" },
    });
    expect(leads.ok(), await leads.text()).toBe(true);
    await page.reload();
    await expect(step(page, "campaign")).toContainText("start it");
    const started = await page.request.post(`/api/autodialer/campaigns/${campaignId}/start`);
    expect(started.ok(), await started.text()).toBe(true);
    await page.request.post(`/api/autodialer/campaigns/${campaignId}/pause`);

    // The owner invites from the Team section the step links to.
    await page.goto("/settings#team");
    const team = page.getByRole("region", { name: "Team", exact: true });
    const invite = team.getByRole("form", { name: "Invite a colleague" });
    const teammate = newAccount("teammate").email;
    await invite.getByLabel("Email address").fill(teammate);
    await invite.getByRole("button").last().click();
    await expect(team.getByRole("list", { name: "Pending invitations" })).toContainText(teammate);

    await page.goto("/");
    await expectTicked(page, { phone: true, agent: true, contacts: true, campaign: true, team: true });
    await expect(page.getByTestId("setup-progress")).toHaveText("5 of 5 done");
    await expect(list).toContainText("Your workspace is set up");
    await screenshot(page, "first-hour-checklist-done-1440");

    await list.getByRole("button", { name: "Hide the checklist" }).click();
    await expect(list).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("region", { name: "Today" })).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
  });

  for (const viewport of [
    { width: 768, height: 1000 },
    { width: 390, height: 844 },
  ]) {
    test(`fits ${viewport.width} px and its links work there`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await businessOwner(page, `Narrow ${viewport.width} Ltd`);
      await expect(checklist(page)).toBeVisible();
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways, "the dashboard scrolls sideways").toBeLessThanOrEqual(0);
      await screenshot(page, `first-hour-checklist-${viewport.width}`);
      await expectAccessible(page, testInfo, `first-hour-checklist-${viewport.width}`);
      await step(page, "contacts").getByRole("link").click();
      await expect(page).toHaveURL(/\/contact-manager$/);
    });
  }
});

test.describe("the sidebar and an agent's screens", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("groups the day's work apart from setup, tools and demos; an agent sees only what the role can use", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    await businessOwner(page, "Sidebar Calls Ltd");
    const nav = page.getByRole("navigation", { name: "Main" });
    const section = (title: string) => nav.getByRole("list", { name: title, exact: true });
    for (const title of ["Daily work", "Sales and marketing", "Setup", "Tools and demos"])
      await expect(section(title)).toBeVisible();
    for (const label of [
      "Dashboard",
      "Active Calls",
      "Call History",
      "Contacts",
      "Autodialer",
      "AI Agents",
      "Email Marketing",
      "Reports",
    ])
      await expect(section("Daily work").getByRole("link", { name: label, exact: true })).toBeVisible();
    for (const label of ["Settings", "Subscription", "Virtual business phone service", "AI Studio"])
      await expect(section("Setup").getByRole("link", { name: label, exact: true })).toBeVisible();
    for (const label of ["Test Preview", "Call System Test", "Voice Call Demo"])
      await expect(section("Tools and demos").getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(page.getByTestId("sidebar-role")).toHaveText("Owner");
    await screenshot(page, "first-hour-sidebar-owner");

    const agent = await member(browser, page, "agent");
    const agentNav = agent.page.getByRole("navigation", { name: "Main" });
    await expect(agentNav.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(agentNav.getByRole("link", { name: "Agent Console", exact: true })).toBeVisible();
    await expect(agentNav.getByRole("link", { name: "Subscription", exact: true })).toHaveCount(0);
    await expect(agentNav.getByRole("link", { name: "AI Agent Scripts", exact: true })).toHaveCount(0);
    await expect(agentNav.getByRole("link", { name: "Settings", exact: true })).toBeVisible();
    await expect(agent.page.getByTestId("sidebar-role")).toHaveText("Agent");
    // No checklist: its steps are an admin's and the owner's.
    await expect(agent.page.getByRole("region", { name: "Today" })).toBeVisible();
    await expect(checklist(agent.page)).toHaveCount(0);
    await screenshot(agent.page, "first-hour-sidebar-agent");

    // Reached by its address, Subscription shows the plan and says who may change it.
    await agent.page.goto("/subscription");
    await expect(agent.page.getByTestId("current-plan-name")).toBeVisible();
    await expect(agent.page.getByRole("button", { name: "Cancel", exact: true })).toHaveCount(0);
    await expect(agent.page.getByText("Only the workspace owner can cancel the trial.")).toBeVisible();
    for (const choose of await agent.page.getByRole("button", { name: /^Choose / }).all())
      await expect(choose).toBeDisabled();
    await screenshot(agent.page, "first-hour-agent-subscription");

    // Settings: the assistant's settings disabled, no Twilio form; the profile still theirs.
    await agent.page.goto("/settings");
    await expect(
      agent.page.getByText(/Only a workspace admin or owner can change the assistant's settings/),
    ).toBeVisible();
    await expect(agent.page.getByLabel("Personality")).toBeDisabled();
    const phone = agent.page.getByRole("region", { name: "Phone service" });
    await expect(
      phone.getByText("Only a workspace admin or owner can connect Twilio.", { exact: false }),
    ).toBeVisible();
    await expect(phone.getByRole("form", { name: "Connect Twilio" })).toHaveCount(0);
    await expectAccessible(agent.page, testInfo, "first-hour-agent-settings");
    await screenshot(agent.page, "first-hour-agent-settings");

    // The sidebar still reaches every screen an agent can use, by its spec label.
    for (const label of [
      "Active Calls",
      "Call History",
      "Appointments",
      "Lead Manager",
      "Autodialer",
      "Reports",
    ]) {
      await agentNav.getByRole("link", { name: label, exact: true }).click();
      await expect(agent.page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    }
    // Call History offers an agent no export or delete.
    await agent.page.goto("/call-history");
    await expect(agent.page.getByRole("button", { name: /Export CSV/ })).toHaveCount(0);
    await expect(
      agent.page.getByText("Only a workspace admin or owner can export or delete calls."),
    ).toBeVisible();
    await agent.context.close();

    // An admin reads the checklist but the owner hides it; Subscription is there, read-only.
    const admin = await member(browser, page, "admin");
    await expect(checklist(admin.page)).toBeVisible();
    // The agent and the admin joined: the teammate step is done, for everyone in the workspace.
    await expect(step(admin.page, "team")).toHaveAttribute("data-done", "true");
    await expect(checklist(admin.page).getByRole("button", { name: "Hide the checklist" })).toHaveCount(0);
    await expect(
      admin.page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Subscription", exact: true }),
    ).toBeVisible();
    await admin.context.close();
  });
});

test("sign-up says the 30-day trial with no card on every paid plan, and offers the call-centre industry", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/signup");
  for (const plan of ["personal", "business"]) {
    await expect(page.getByTestId(`trial-${plan}`)).toHaveText("30-day free trial, no card needed");
  }
  await expect(page.getByRole("button", { name: /^Personal/ })).toContainText("$29");
  await expect(page.getByRole("button", { name: /^Business/ })).toContainText(
    "moves to the Free plan unless you subscribe for $149 a month",
  );
  await page.getByRole("button", { name: /^Business/ }).click();
  const industry = page.getByLabel("Industry");
  await industry.selectOption({ label: "Call centre / telemarketing" });
  await expect(industry).toHaveValue("call_centre");
  await screenshot(page, "first-hour-signup-1440");
  await expectAccessible(page, testInfo, "first-hour-signup");
  for (const width of [768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId("trial-business")).toBeVisible();
    await screenshot(page, `first-hour-signup-${width}`);
  }
});
