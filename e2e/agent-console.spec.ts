import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  type Account,
  callingPlaceNow,
  expectAccessible,
  newAccount,
  screenshot,
  toastText,
} from "./helpers";

/**
 * The agent console (/autodialer/console): a rep (agent role) finds it in the
 * navigation, chooses a campaign and sets themselves available; in preview mode they read the
 * next lead and dial it; the call is ended with a disposition and notes, or with a callback for
 * themselves; the supervisor's /autodialer shows the rep's status and the leads' outcomes.
 */

async function acceptTermsByApi(api: APIRequestContext): Promise<void> {
  const accepted = await api.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

async function supervisor(page: Page): Promise<Account> {
  const account = newAccount("console");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Callback Co" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptTermsByApi(page.request);
  return account;
}

async function rep(page: Page, browser: Browser) {
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

/** A started campaign with leads, made through the API the screens use. */
async function startedCampaign(api: APIRequestContext, name: string, dialingMode: string, lines: string[]) {
  const created = await api.post("/api/autodialer/campaigns", { data: { name, dialingMode } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const added = await api.post(`/api/autodialer/campaigns/${id}/leads`, { data: { text: lines.join("\n") } });
  expect(added.status(), await added.text()).toBe(201);
  const started = await api.post(`/api/autodialer/campaigns/${id}/start`);
  expect(started.status(), await started.text()).toBe(200);
  return id;
}

/** Leads where it is inside the calling hours now: the dial gate lets the rep's dials through. */
const place = callingPlaceNow();
const LEADS = [
  `${place.typed("0161")}, Ada, Lovelace, Analytical Ltd, ada@example.com`,
  `${place.typed("0162")}, Grace, Hopper, Navy Labs`,
];

test("agent console: a rep sets available, previews and dials leads, ends calls with a disposition or a callback", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await supervisor(page);
  await startedCampaign(page.request, "Preview Renewals", "preview", LEADS);
  const agent = await rep(page, browser);
  const console = agent.page;

  // Found in the navigation (More) and from the Autodialer screen.
  await console.goto("/autodialer");
  await console.getByRole("link", { name: "Agent Console" }).first().click();
  await expect(console).toHaveURL(/\/autodialer\/console$/);
  await expect(console.getByRole("heading", { level: 1, name: "Agent Console" })).toBeVisible();
  const status = console.getByRole("region", { name: agent.account.fullName });
  await expect(status.getByTestId("my-status")).toHaveText("Offline");
  await expect(status).toContainText("Extension 102");
  await expect(console.getByText("Set yourself Available to take the dialer's calls.")).toBeVisible();
  await expect(console.getByText("Live", { exact: true })).toBeVisible();

  // Choose the campaign and go available: preview mode offers the next lead before dialling.
  await status.getByLabel("Campaign you work").selectOption({ label: "Preview Renewals" });
  await status.getByRole("button", { name: "Available" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Available");
  await expect(status.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");
  const preview = console.getByRole("region", { name: /^Next lead: / });
  await expect(preview).toBeVisible();
  const firstName = ((await preview.getByRole("heading", { name: /^Next lead: / }).textContent()) ?? "")
    .replace("Next lead: ", "")
    .trim();
  expect(["Ada Lovelace", "Grace Hopper"]).toContain(firstName);
  await expect(preview.getByTestId("lead-history")).toHaveText("0 attempts");
  await screenshot(console, "agent-console-preview");
  await expectAccessible(console, testInfo, "agent-console-preview");

  // Dial: the call is the rep's until it is ended with a disposition.
  await preview.getByRole("button", { name: /^Dial / }).click();
  await expect(toastText(console, `Dialing ${firstName}`)).toBeVisible();
  const call = console.getByRole("region", { name: new RegExp(`: ${firstName}$`) });
  await expect(call).toBeVisible();
  await expect(call).toContainText("Preview Renewals · attempt 1");
  await expect(status.getByRole("button", { name: "Break" })).toBeDisabled();
  await expect(status).toContainText("You are on a call: end it with a disposition to change your status.");

  // A disposition is required; Call back asks when, for me only.
  const end = call.getByRole("form", { name: "End the call" });
  await end.getByRole("button", { name: /End Call|Save Disposition/ }).click();
  await expect(end.getByText("Choose how the call went")).toBeVisible();
  await end.getByLabel("Call back").check();
  await end.getByRole("button", { name: /End Call|Save Disposition/ }).click();
  await expect(end.getByText("Choose when to call back")).toBeVisible();
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:30`;
  await end.getByLabel("Call back at").fill(local);
  await end.getByLabel("Only me").check();
  await end.getByLabel("Notes").fill("Asked to be called after the board meeting");
  await screenshot(console, "agent-console-callback");
  await end.getByRole("button", { name: /End Call|Save Disposition/ }).click();
  await expect(toastText(console, "Callback scheduled for you")).toBeVisible();
  const callbacks = console.getByRole("list", { name: "Scheduled callbacks" });
  await expect(callbacks.getByRole("listitem", { name: firstName })).toContainText("Only you");
  await expect(callbacks.getByRole("listitem", { name: firstName })).toContainText(
    "Asked to be called after the board meeting",
  );
  // The campaign's wrap-up (30 s by default) before the next lead; Ready ends it now.
  await expect(status.getByTestId("my-status")).toHaveText("Wrap-up");
  await console.getByRole("region", { name: "Wrap-up" }).getByRole("button", { name: "Ready" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Available");

  // The next lead: dialled and ended as a sale.
  const secondName = firstName === "Ada Lovelace" ? "Grace Hopper" : "Ada Lovelace";
  await expect(console.getByRole("region", { name: `Next lead: ${secondName}` })).toBeVisible();
  await console
    .getByRole("region", { name: `Next lead: ${secondName}` })
    .getByRole("button", { name: /^Dial / })
    .click();
  const second = console.getByRole("region", { name: new RegExp(`: ${secondName}$`) });
  await expect(second).toBeVisible();
  await second.getByLabel("Sale").check();
  await second.getByLabel("Notes").fill("Two lines, starts Monday");
  await second.getByRole("button", { name: /End Call|Save Disposition/ }).click();
  await expect(toastText(console, "Call ended: Sale")).toBeVisible();
  await console.getByRole("region", { name: "Wrap-up" }).getByRole("button", { name: "Ready" }).click();
  await expect(console.getByText("No call right now")).toBeVisible();
  await expect(console.getByText(/You are available: the next answered call/)).toBeVisible();
  await screenshot(console, "agent-console-idle");

  // Break, then back: the status the supervisor sees follows.
  await status.getByRole("button", { name: "Break" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("On break");

  // The supervisor's screen: the rep's status, and each lead's outcome.
  await page.goto("/autodialer");
  const agents = page.getByRole("list", { name: "Dialer agents" });
  await expect(
    agents.getByRole("listitem", { name: agent.account.fullName }).getByTestId("agent-status"),
  ).toHaveText("On break");
  const leads = page.getByRole("region", { name: "Leads of Preview Renewals" });
  await expect(leads.getByRole("listitem", { name: firstName })).toContainText("Callback");
  await expect(leads.getByRole("listitem", { name: firstName })).toContainText("call back");
  await expect(leads.getByRole("listitem", { name: secondName })).toContainText("Completed");
  await expect(leads.getByRole("listitem", { name: secondName })).toContainText("Sale");
  await screenshot(page, "agent-console-supervisor");

  // Phone width.
  await console.setViewportSize({ width: 375, height: 800 });
  await console.reload();
  await expect(status.getByTestId("my-status")).toHaveText("On break");
  expect(await console.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(console, "agent-console-phone");
  await agent.context.close();
});

test("agent console: the dialer connects a simulated call a person answered to the available rep, who ends it with a disposition", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await supervisor(page);
  // The carrier simulator's outcome model decides who answers, so many leads make a person
  // likely; their numbers are in a place where it is now inside 08:00-21:00 (the dial-time gate).
  const lines = Array.from(
    { length: 24 },
    (_, i) => `${numberInCallingHours(i, 40 + 24 * testInfo.retry)}, Lead${i}, Person${i}, Co ${i}`,
  );
  const created = await page.request.post("/api/autodialer/campaigns", {
    data: { name: "Predictive Outreach", dialingMode: "predictive", maxLines: 4 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const added = await page.request.post(`/api/autodialer/campaigns/${id}/leads`, {
    data: { text: lines.join("\n") },
  });
  expect(added.status(), await added.text()).toBe(201);

  const agent = await rep(page, browser);
  const console = agent.page;
  await console.goto("/autodialer/console");
  const status = console.getByRole("region", { name: agent.account.fullName });
  await status.getByLabel("Campaign you work").selectOption({ label: "Predictive Outreach" });
  await status.getByRole("button", { name: "Available" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Available");
  await expect(console.getByText(/You are available: the next answered call/)).toBeVisible();

  const started = await page.request.post(`/api/autodialer/campaigns/${id}/start`);
  expect(started.status(), await started.text()).toBe(200);

  // The answered call arrives on the console by itself (live events, the poll as fallback).
  const call = console.getByRole("region", { name: /^Connected: Lead\d+ Person\d+$/ });
  await expect(call).toBeVisible({ timeout: 150_000 });
  await expect(call.getByTestId("call-state")).toHaveText("Connected");
  await expect(call).toContainText("Predictive Outreach · attempt 1");
  await expect(call.getByTestId("lead-phone")).toHaveText(/01\d\d$/);
  await expect(status.getByTestId("my-status")).toHaveText("On call");
  const timer = call.getByRole("timer", { name: "Call length" });
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? "", { timeout: 5_000 });
  await screenshot(console, "agent-console-connected");
  await expectAccessible(console, testInfo, "agent-console-connected");

  await call.getByLabel("Interested", { exact: true }).check();
  await call.getByLabel("Notes").fill("Wants a quote for three lines");
  await call.getByRole("button", { name: /End Call|Save Disposition/ }).click();
  await expect(toastText(console, "Call ended: Interested")).toBeVisible();
  // Step away so no further call comes, and stop the campaign.
  await status.getByRole("button", { name: "Offline" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Offline");
  expect((await page.request.post(`/api/autodialer/campaigns/${id}/pause`)).status()).toBe(200);

  // The supervisor sees the connection in the campaign's figures and the rep's calls today.
  await page.goto("/autodialer");
  await expect(page.getByTestId("stat-connectedToday")).not.toHaveText("0");
  await expect(
    page.getByRole("list", { name: "Dialer agents" }).getByRole("listitem", { name: agent.account.fullName }),
  ).toContainText(/[1-9]\d* calls? today/);
  await expect(
    page.getByRole("listitem", { name: /^Lead\d+ Person\d+$/ }).filter({ hasText: "Interested" }),
  ).toHaveCount(1);
  await screenshot(page, "autodialer-after-connected-call");
  await agent.context.close();
});

/**
 * The i-th test number where the local time is now inside the legal calling window, every hour
 * of the day and either side of daylight saving: New York from 14:00 to 01:00 UTC, Honolulu
 * from 01:00 to 07:00, Berlin from 07:00 to 08:00 (08:00 or 09:00 there), London from 08:00 to 14:00.
 */
/**
 * A number where it is now inside 08:00-21:00, ending 01 and two digits from `i` (the test reads
 * that ending back). `first` moves the digits on, so a retry dials numbers of its own, not those
 * the failed try's campaign may still be calling.
 */
function numberInCallingHours(i: number, first = 40): string {
  const hour = new Date().getUTCHours();
  const suffix = String((first + i) % 100).padStart(2, "0");
  if (hour >= 14 || hour < 1) return `(212) 555-01${suffix}`;
  if (hour < 7) return `(808) 555-01${suffix}`;
  if (hour < 8) return `+49 30 901801${suffix}`;
  return `+44 20 7946 01${suffix}`;
}
