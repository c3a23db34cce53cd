import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { planFor } from "../common/plans";
import {
  type Account,
  callingPlaceNow,
  expectAccessible,
  newAccount,
  screenshot,
  toastText,
} from "./helpers";

/**
 * /autodialer (Autodialer): a supervisor creates a campaign (the
 * name is required; the spec's defaults), cannot start it without leads, adds leads from text
 * lines (a bad line named with its reason and left in the box), imports chosen contacts from the
 * lead manager, starts and pauses it with the spec's toasts, and reads the stats, abandonment
 * rates, leads and agents the server computes; an agent-role member reads without controls.
 */

const INVALID_PHONE = "Please enter a valid phone number";

async function acceptTermsByApi(api: APIRequestContext): Promise<void> {
  const accepted = await api.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

/** A business workspace signed up with the page's own cookies, terms accepted. */
async function supervisor(page: Page): Promise<Account> {
  const account = newAccount("dialer");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Renewals Ltd" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptTermsByApi(page.request);
  return account;
}

/** An agent-role member of the page's workspace, signed in in a browser context of their own. */
async function agentMember(page: Page, browser: Browser) {
  const account = newAccount("rep");
  const invited = await page.request.post("/api/workspace/invitations", {
    data: { email: account.email, role: "agent" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { url } = (await invited.json()) as { url: string };
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const created = await context.request.post("/api/auth/signup", {
    data: { ...account, invitationToken: url.split("/invite/")[1] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptTermsByApi(context.request);
  return { account, context, page: await context.newPage() };
}

/**
 * A toast shown while a dialog is open: the dialog hides the rest of the page from the
 * accessibility tree (the notifications region too), so the toast is found by its open state.
 */
const toastBehindDialog = (page: Page, text: string) =>
  page.locator('li[data-state="open"]').filter({ hasText: text }).first();

const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("autodialer: create a campaign, add leads (a bad line named), import contacts, start and pause, stats, leads and agents", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await supervisor(page);
  for (const [name, phoneNumber, company] of [
    ["Nora Import", "(212) 555-0181", "Import One"],
    ["Otto Import", "(212) 555-0182", "Import Two"],
    ["Pia Skipped", "(212) 555-0183", "Not Chosen"],
  ]) {
    const created = await page.request.post("/api/contacts", { data: { name, phoneNumber, company } });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto("/autodialer");
  await expect(page.getByRole("heading", { level: 1, name: "Autodialer" })).toBeVisible();
  await expect(page.getByText("No campaigns yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Leads" })).toBeDisabled();
  // The agents panel lists the workspace's members; the owner has not logged in to the dialer.
  const agents = page.getByRole("list", { name: "Dialer agents" });
  await expect(agents.getByRole("listitem", { name: owner.fullName })).toContainText("Ext. 101");
  await expect(agents.getByRole("listitem", { name: owner.fullName }).getByTestId("agent-status")).toHaveText(
    "Offline",
  );

  // Create Campaign: the name is required (the contract's message); the spec's defaults.
  await page.getByRole("button", { name: "Create Campaign" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Campaign" });
  await expect(dialog.getByLabel("Dialing Mode")).toHaveValue("predictive");
  await expect(dialog.getByLabel("Max Lines")).toHaveValue("15");
  await expect(dialog.getByLabel("Dial Ratio")).toHaveValue("2.5");
  await dialog.getByRole("button", { name: "Create Campaign" }).click();
  await expect(dialog.getByText("Please enter a campaign name")).toBeVisible();
  await expect(dialog.getByLabel("Campaign Name *")).toHaveAttribute("aria-invalid", "true");
  // A rule on another tab opens that tab with its message.
  await dialog.getByLabel("Campaign Name *").fill("Spring Renewals");
  await dialog.getByLabel("Description").fill("Customers whose plan renews in April");
  await dialog.getByRole("tab", { name: "Attempts & Hours" }).click();
  await dialog.getByLabel("Calling Hours Start").fill("07:30");
  await dialog.getByRole("tab", { name: "Campaign" }).click();
  await dialog.getByRole("button", { name: "Create Campaign" }).click();
  await expect(dialog.getByRole("tab", { name: /Attempts & Hours/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(
    dialog.getByText("Calling hours must be between 08:00 and 21:00 (the callee's time)"),
  ).toBeVisible();
  await dialog.getByLabel("Calling Hours Start").fill("09:00");
  await dialog.getByRole("tab", { name: "Campaign" }).click();
  await dialog.getByLabel("Dial Ratio").fill("2.2");
  await screenshot(page, "autodialer-create-campaign");
  await dialog.getByRole("button", { name: "Create Campaign" }).click();
  await expect(toastText(page, "Campaign created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  const spring = card(page, "Spring Renewals");
  await expect(spring.getByTestId("campaign-status")).toHaveText("Paused");
  await expect(spring).toContainText("Customers whose plan renews in April");
  await expect(spring).toContainText("Predictive");
  await expect(spring).toContainText("09:00–21:00");
  await expect(spring).toContainText("2.2");
  await expect(spring.getByTestId("campaign-total-leads")).toHaveText("0");
  // The business plan's calls at the same time, below the 15 lines asked for, bound the campaign.
  await expect(spring).toContainText(`${planFor("business").concurrentCalls} (plan) of 15`);

  // Start with no leads: the spec's toast with the server's reason.
  await spring.getByRole("button", { name: "Start Spring Renewals" }).click();
  await expect(
    toastText(page, "Failed to start campaign: Add leads to this campaign before starting it"),
  ).toBeVisible();
  await expect(spring.getByTestId("campaign-status")).toHaveText("Paused");

  // Add leads from text lines: an empty box is refused first, then a bad line is named.
  await spring.getByRole("button", { name: "Add leads to Spring Renewals" }).click();
  const adding = page.getByRole("dialog", { name: "Add Leads" });
  await expect(adding.getByLabel("Campaign *")).toHaveValue(/.+/);
  await adding.getByRole("button", { name: "Add Leads" }).click();
  await expect(adding.getByText("Please select a campaign and enter leads")).toBeVisible();
  await adding
    .getByRole("textbox", { name: "Lead lines" })
    .fill(
      [
        "(212) 555-0191, Ada, Lovelace, Analytical Ltd, ada@example.com",
        "12345, Bad, Number",
        "+1 212 555 0192, Grace, Hopper, Navy Labs",
      ].join("\n"),
    );
  await expect(adding).toContainText("3 lines.");
  await adding.getByRole("button", { name: "Add Leads" }).click();
  await expect(toastBehindDialog(page, "Leads added successfully")).toBeVisible();
  const result = adding.getByTestId("leads-result");
  await expect(result).toContainText("2 leads added");
  await expect(result).toContainText("The campaign has 2 leads.");
  const rejected = adding.getByRole("list", { name: "Rejected lines" }).getByRole("listitem");
  await expect(rejected).toHaveCount(1);
  await expect(rejected.first()).toHaveText(`Line 2: ${INVALID_PHONE}`);
  // The rejected line stays in the box to correct; the added ones are gone.
  await expect(adding.getByRole("textbox", { name: "Lead lines" })).toHaveValue("12345, Bad, Number");
  // The same number again is a duplicate, not a second lead.
  await adding.getByRole("textbox", { name: "Lead lines" }).fill("212-555-0191, Ada, Again");
  await adding.getByRole("button", { name: "Add Leads" }).click();
  await expect(result).toContainText("0 leads added, 1 duplicate skipped");
  await screenshot(page, "autodialer-add-leads");

  // Import chosen contacts from the lead manager.
  await adding.getByRole("tab", { name: "From Lead Manager" }).click();
  await adding.getByLabel("The contacts I choose").check();
  const contacts = adding.getByRole("list", { name: "Contacts" });
  await expect(contacts.getByRole("listitem")).toHaveCount(3);
  await adding.getByRole("searchbox", { name: "Search contacts" }).fill("Import");
  await expect(contacts.getByRole("listitem")).toHaveCount(2);
  await contacts.getByLabel(/Nora Import/).check();
  await contacts.getByLabel(/Otto Import/).check();
  await expect(adding).toContainText("2 chosen");
  await screenshot(page, "autodialer-import-contacts");
  await adding.getByRole("button", { name: "Import Leads" }).click();
  await expect(toastBehindDialog(page, "Leads imported from Lead Manager successfully")).toBeVisible();
  await expect(result).toContainText("2 leads added");
  await expect(result).toContainText("The campaign has 4 leads.");
  await adding.getByRole("button", { name: "Done" }).click();
  await expect(adding).toBeHidden();
  await expect(spring.getByTestId("campaign-total-leads")).toHaveText("4");

  // The campaign's leads, paged and filtered by the server.
  const leads = page.getByRole("list", { name: "Campaign leads" }).getByRole("listitem");
  await expect(leads).toHaveCount(4);
  await expect(page.getByRole("listitem", { name: "Ada Lovelace" })).toContainText("Analytical Ltd");
  await expect(page.getByRole("listitem", { name: "Nora Import" })).toContainText("New");
  await page
    .getByRole("region", { name: "Leads of Spring Renewals" })
    .getByLabel("Status")
    .selectOption("completed");
  await expect(page.getByText("No leads with this status.")).toBeVisible();
  await page.getByRole("region", { name: "Leads of Spring Renewals" }).getByLabel("Status").selectOption("");
  await expect(leads).toHaveCount(4);

  // The campaign's own do-not-call list: an empty or bad number is refused, one is added, then removed.
  const doNotCall = page.getByRole("region", { name: "Do not call: Spring Renewals" });
  await expect(doNotCall).toContainText("No numbers: every lead may be dialled.");
  await doNotCall.getByRole("button", { name: "Add Number" }).click();
  await expect(doNotCall.getByText(INVALID_PHONE)).toBeVisible();
  await doNotCall.getByLabel("Phone number").fill("12345");
  await doNotCall.getByRole("button", { name: "Add Number" }).click();
  await expect(doNotCall.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  await doNotCall.getByLabel("Phone number").fill("(212) 555-0177");
  await doNotCall.getByRole("button", { name: "Add Number" }).click();
  await expect(toastText(page, "(212) 555-0177 will not be dialled by Spring Renewals")).toBeVisible();
  const blocked = doNotCall.getByRole("list", { name: "Campaign do-not-call numbers" }).getByRole("listitem");
  await expect(blocked).toHaveCount(1);
  await expect(doNotCall).toContainText("1 number.");
  await expect(doNotCall.getByLabel("Phone number")).toHaveValue("");
  await screenshot(page, "autodialer-campaign-do-not-call");
  await doNotCall.getByRole("button", { name: "Remove (212) 555-0177" }).click();
  await expect(toastText(page, "(212) 555-0177 may be dialled again")).toBeVisible();
  await expect(blocked).toHaveCount(0);

  // Start and Pause: the spec, an active campaign shows Pause and every other status Start.
  await spring.getByRole("button", { name: "Start Spring Renewals" }).click();
  await expect(toastText(page, "Campaign started successfully")).toBeVisible();
  await expect(spring.getByTestId("campaign-status")).toHaveText("Active");
  await expect(spring.getByRole("button", { name: "Pause Spring Renewals" })).toBeVisible();

  // Stats and abandonment come from the campaign's dial attempts (the server's figures).
  const stats = page.getByRole("region", { name: "Stats of Spring Renewals" });
  const id = await campaignId(page, "Spring Renewals");
  // The cards show what the server computed (read again each try: a running dialer moves them).
  await expect
    .poll(async () => {
      const figures = (await (await page.request.get(`/api/autodialer/campaigns/${id}/stats`)).json()) as {
        dialedToday: number;
        connectedToday: number;
        contactRate: number;
        callsPerHour: number;
        abandonment: { campaign: { ratePercent: number } };
      };
      const shown = async (testId: string) => (await page.getByTestId(testId).first().textContent())?.trim();
      return [
        (await shown("stat-dialedToday")) === String(figures.dialedToday),
        (await shown("stat-connectedToday")) === String(figures.connectedToday),
        (await shown("stat-contactRate")) === `${Number(figures.contactRate.toFixed(1))}%`,
        (await shown("stat-callsPerHour")) === String(figures.callsPerHour),
        (await spring.getByTestId("abandon-campaign").textContent()) ===
          `${Number(figures.abandonment.campaign.ratePercent.toFixed(1))}%`,
      ];
    })
    .toEqual([true, true, true, true, true]);
  await expect(stats.getByTestId("stat-dialedToday")).toHaveText(/^\d+$/);
  await expect(spring).toContainText("target 2%, legal ceiling 3%");
  await screenshot(page, "autodialer-active");
  await expectAccessible(page, testInfo, "autodialer-owner");

  await spring.getByRole("button", { name: "Pause Spring Renewals" }).click();
  await expect(toastText(page, "Campaign paused successfully")).toBeVisible();
  await expect(spring.getByTestId("campaign-status")).toHaveText("Paused");
  await expect(spring.getByRole("button", { name: "Start Spring Renewals" })).toBeVisible();

  // A second campaign: the stats follow the campaign chosen.
  await page.getByRole("button", { name: "Create Campaign" }).click();
  await dialog.getByLabel("Campaign Name *").fill("Win-back");
  await dialog.getByLabel("Dialing Mode").selectOption("preview");
  await dialog.getByRole("button", { name: "Create Campaign" }).click();
  await expect(toastText(page, "Campaign created successfully")).toBeVisible();
  await expect(card(page, "Win-back")).toContainText("Preview");
  await expect(page.getByRole("heading", { name: "Today on Win-back" })).toBeVisible();
  await page
    .getByRole("main")
    .getByLabel("Campaign", { exact: true })
    .selectOption({ label: "Spring Renewals" });
  await expect(page.getByRole("heading", { name: "Today on Spring Renewals" })).toBeVisible();

  // Edit: the same form, filled with the saved values.
  await card(page, "Win-back").getByRole("button", { name: "Edit Win-back" }).click();
  const editing = page.getByRole("dialog", { name: "Edit Campaign" });
  await expect(editing.getByLabel("Campaign Name *")).toHaveValue("Win-back");
  await editing.getByLabel("Max Lines").fill("4");
  await editing.getByRole("button", { name: "Save Campaign" }).click();
  await expect(toastText(page, "Campaign Win-back saved")).toBeVisible();
  await expect(card(page, "Win-back")).not.toContainText("(plan)");

  // Phone width: nothing sticks out sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(spring).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await screenshot(page, "autodialer-phone");
  await page.setViewportSize({ width: 1366, height: 900 });

  // An agent-role member reads the campaigns and figures, with no controls the server would refuse.
  const rep = await agentMember(page, browser);
  await rep.page.goto("/autodialer");
  await expect(card(rep.page, "Spring Renewals")).toBeVisible();
  await expect(rep.page.getByRole("button", { name: "Create Campaign" })).toHaveCount(0);
  await expect(rep.page.getByRole("button", { name: "Start Spring Renewals" })).toHaveCount(0);
  await expect(rep.page.getByRole("button", { name: "Add Leads" })).toHaveCount(0);
  await expect(
    rep.page
      .getByRole("list", { name: "Dialer agents" })
      .getByRole("listitem", { name: rep.account.fullName }),
  ).toContainText("Ext. 102");
  const refused = await rep.page.request.post(
    `/api/autodialer/campaigns/${await campaignId(page, "Spring Renewals")}/start`,
  );
  expect(refused.status()).toBe(403);
  await screenshot(rep.page, "autodialer-agent-view");
  await rep.context.close();
});

test("a rep on Any campaign is dialled for; the simulated calls are counted on the dashboard, Call History (badged Simulated) and the enterprise analytics", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const owner = await supervisor(page);
  // Numbers where it is inside the calling hours now (the dial-time gate), each its own person.
  const place = callingPlaceNow();
  const first = 60 + 10 * testInfo.retry;
  const lines = Array.from(
    { length: 6 },
    (_, i) => `${place.typed(`01${first + i}`)}, Lead${i}, Person${i}, Co ${i}`,
  );
  const created = await page.request.post("/api/autodialer/campaigns", {
    data: { name: "Simulated Saturday", dialingMode: "progressive" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const added = await page.request.post(`/api/autodialer/campaigns/${id}/leads`, {
    data: { text: lines.join("\n") },
  });
  expect(added.status(), await added.text()).toBe(201);

  // The console's default: Any campaign. Available, the rep is the campaign's.
  await page.goto("/autodialer/console");
  const status = page.getByRole("region", { name: owner.fullName });
  const campaignChoice = status.getByLabel("Campaign you work");
  await expect(campaignChoice.locator("option:checked")).toHaveText("Any campaign");
  await status.getByRole("button", { name: "Available" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Available");
  const started = await page.request.post(`/api/autodialer/campaigns/${id}/start`);
  expect(started.status(), await started.text()).toBe(200);
  const startedAt = Date.now();

  // The dialer dials within a tick or two (it ticks every second): Call History has the call.
  const callsListed = async () =>
    (
      (await (await page.request.get("/api/calls?limit=50&testCalls=exclude")).json()) as {
        pagination: { total: number };
      }
    ).pagination.total;
  await expect.poll(callsListed, { timeout: 25_000, intervals: [500] }).toBeGreaterThan(0);
  testInfo.annotations.push({ type: "first dial", description: `${Date.now() - startedAt} ms after Start` });
  await expect(status).toContainText("Dialling for Simulated Saturday now.");
  await screenshot(page, "agent-console-any-campaign");

  // Let a few lines go, then stop; a person put through to the rep is wrapped up on the console.
  await page.waitForTimeout(8_000);
  expect((await page.request.post(`/api/autodialer/campaigns/${id}/pause`)).status()).toBe(200);
  const connected = page.getByRole("region", { name: /^Connected: Lead\d Person\d$/ });
  const liveCalls = async () =>
    (
      (await (await page.request.get("/api/calls?limit=1&active=true")).json()) as {
        pagination: { total: number };
      }
    ).pagination.total;
  await expect
    .poll(
      async () =>
        (await connected.isVisible()) ? "with the rep" : (await liveCalls()) > 0 ? "live" : "ended",
      {
        timeout: 90_000,
        intervals: [1_000],
      },
    )
    .not.toBe("live");
  if (await connected.isVisible()) {
    await connected.getByLabel("Interested", { exact: true }).check();
    await connected.getByRole("button", { name: /End Call|Save Disposition/ }).click();
    await expect(toastText(page, "Call ended: Interested")).toBeVisible();
    await expect.poll(liveCalls, { timeout: 60_000 }).toBe(0);
  }
  await status.getByRole("button", { name: "Offline" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Offline");
  const placed = await callsListed();
  expect(placed).toBeGreaterThan(0);

  // Call History: every call listed by default, each badged Simulated, counted in the cards.
  await page.goto("/call-history");
  const rows = page.getByTestId("call-row");
  await expect(rows).toHaveCount(placed);
  await expect(page.getByTestId("simulated-call-badge")).toHaveCount(placed);
  await expect(page.getByTestId("summary-Total Calls")).toHaveText(String(placed));
  await expect(page.getByTestId("test-call-badge")).toHaveCount(0);
  await screenshot(page, "call-history-simulated");
  await expectAccessible(page, testInfo, "call-history-simulated");
  await rows
    .first()
    .getByRole("button", { name: /^Details/ })
    .click();
  const details = page.getByRole("dialog");
  await expect(details.getByTestId("simulated-call-badge")).toHaveText("Simulated");
  await screenshot(page, "call-details-simulated");
  await page.keyboard.press("Escape");

  // The dashboard counts them today, and the enterprise analytics over the last 24 hours.
  await page.goto("/");
  await expect(page.getByTestId("stat-Today's Calls")).toHaveText(String(placed));
  await screenshot(page, "dashboard-simulated-calls");
  await page.goto("/enterprise-dashboard");
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByTestId("stat-total-calls")).toHaveText(String(placed), { timeout: 12_000 });
  await screenshot(page, "enterprise-analytics-simulated-calls");
});

/** A campaign's id as the API lists it. */
async function campaignId(page: Page, name: string): Promise<string> {
  const response = await page.request.get("/api/autodialer/campaigns");
  const campaigns = (await response.json()) as { id: string; name: string }[];
  const found = campaigns.find((campaign) => campaign.name === name);
  if (!found) throw new Error(`No campaign named ${name}`);
  return found.id;
}
