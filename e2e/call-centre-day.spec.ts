import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { acceptTerms, callingPlaceNow, newAccount, screenshot, toastText } from "./helpers";

/**
 * A call centre's day, end to end through the screens: the owner signs up on the business plan
 * and follows the dashboard's setup checklist (the simulator, an agent from a template, a CSV of
 * contacts, a segment of them made from a tag filter, a teammate invited and signed up through
 * the link, a first campaign whose leads are the segment); the agent works "Any campaign" on the
 * console and takes simulated calls, hearing the callee (the browser speaks the callee's words)
 * and reading both sides' live transcript, ending each with a disposition and wrap-up; the owner
 * watches the rep from the console's team panel; then /reports shows the day's figures, checked
 * against the dialer's attempts counted apart from the report.
 *
 * Every step a person does is done on screen; the API is only read: the new campaign's id and
 * the rep's (to count their attempts), the campaign's live lines (to wait for the last ringing
 * ones after Pause), and the independent count the report is checked against.
 *
 * The campaign dials with the carrier simulator's answer model (three in ten answered by a
 * person, at random), so the waits for a connected call are long and nothing here depends on
 * which lead answers.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 768, height: 1000 },
  { width: 390, height: 844 },
] as const;

/** The whole page at each width, then back to the desktop width. */
async function shots(page: Page, name: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // From the top (a full-page picture of a scrolled page draws the sticky header mid-page),
    // once the layout has settled (a sidebar folding away).
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      return new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, `${name} at ${viewport.width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await screenshot(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

const checklist = (page: Page) =>
  page.getByRole("region", { name: /Set up your workspace|Your workspace is set up/ });
const step = (page: Page, id: string) => page.getByTestId(`setup-step-${id}`);

/** Opens a checklist step's screen from the dashboard, as the owner follows the list. */
async function followStep(page: Page, id: string, url: RegExp): Promise<void> {
  await page.goto("/");
  await expect(checklist(page)).toBeVisible();
  await step(page, id).getByRole("link").click();
  await expect(page).toHaveURL(url);
}

/** What the dialer's attempts say of the campaign today, counted apart from the report. */
type DayCount = {
  dials: number;
  connects: number;
  /** Connects per rep (user id). */
  repConnects: Record<string, number>;
  /** Rep-set dispositions, by code. */
  dispositions: Record<string, number>;
};

/**
 * Straight from the database when the run keeps its data in PostgreSQL (E2E_DATABASE_URL, as
 * CI's PostgreSQL run does): the test's own read-only count of dial_attempts. With the embedded
 * database (the default run) the server holds it alone, so the count comes from the campaign
 * stats API instead, which the dialer computes from the same attempts with queries of its own
 * (not the report's).
 */
async function countTheDay(api: APIRequestContext, campaignId: string, repId: string): Promise<DayCount> {
  const url = process.env.E2E_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const totals = await client.query<{ dials: number; connects: number }>(
        `select count(*)::int as dials, count(connected_at)::int as connects
           from dial_attempts where campaign_id = $1 and dialed_at is not null`,
        [campaignId],
      );
      const byRep = await client.query<{ agent: string; connects: number }>(
        `select agent_user_id::text as agent, count(connected_at)::int as connects
           from dial_attempts where campaign_id = $1 and dialed_at is not null and agent_user_id is not null
          group by agent_user_id`,
        [campaignId],
      );
      const byDisposition = await client.query<{ disposition: string; n: number }>(
        `select disposition, count(*)::int as n from dial_attempts
          where campaign_id = $1 and disposed_by is not null group by disposition`,
        [campaignId],
      );
      return {
        dials: totals.rows[0]?.dials ?? 0,
        connects: totals.rows[0]?.connects ?? 0,
        repConnects: Object.fromEntries(byRep.rows.map((row) => [row.agent, row.connects])),
        dispositions: Object.fromEntries(byDisposition.rows.map((row) => [row.disposition, row.n])),
      };
    } finally {
      await client.end();
    }
  }
  const stats = (await (await api.get(`/api/autodialer/campaigns/${campaignId}/stats`)).json()) as {
    dialedToday: number;
    connectedToday: number;
    dispositions: { code: string; leads: number }[];
  };
  // Every connect of the day was the one rep's (the owner never went available).
  return {
    dials: stats.dialedToday,
    connects: stats.connectedToday,
    repConnects: { [repId]: stats.connectedToday },
    dispositions: Object.fromEntries(
      stats.dispositions
        .filter((entry) => entry.code === "interested" || entry.code === "not_interested")
        .map((entry) => [entry.code, entry.leads]),
    ),
  };
}

/** A teammate's browser: records what the page speaks aloud (the callee's words on a simulated call). */
async function teammateBrowser(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORTS[0] });
  await context.addInitScript(() => {
    const spoken: string[] = [];
    (window as unknown as { spoken: string[] }).spoken = spoken;
    if (!("speechSynthesis" in window)) return;
    const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      spoken.push(utterance.text);
      speak(utterance);
    };
  });
  return context;
}

test("a call centre's day: sign-up, the checklist, a segment campaign, a rep's simulated calls, supervision and the day's report", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(420_000);
  await page.setViewportSize(VIEWPORTS[0]);
  const owner = newAccount("centre");
  const rep = newAccount("rep");
  const company = `Daylight Calls ${owner.username.slice(-6)}`;
  const place = callingPlaceNow();

  // --- The owner signs up on the business plan and accepts the terms. ---
  await page.goto("/signup");
  await page.getByRole("button", { name: /^Business/ }).click();
  await page.getByLabel("Username").fill(owner.username);
  await page.getByLabel("Full Name").fill(owner.fullName);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Industry").selectOption({ label: "Call centre / telemarketing" });
  await page.getByRole("button", { name: "Create Business account" }).click();
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(checklist(page)).toBeVisible();
  await expect(page.getByTestId("setup-progress")).toHaveText("0 of 5 done");
  await shots(page, "call-centre-day-checklist");

  // --- Phone: the built-in simulator, chosen on the checklist. ---
  await step(page, "phone").getByRole("button", { name: "Use the simulator" }).click();
  await expect(step(page, "phone")).toHaveAttribute("data-done", "true");

  // --- An agent from a template: its script is the campaign's script later. ---
  await followStep(page, "agent", /\/ai-scripts\?tab=templates$/);
  await page
    .getByRole("list", { name: "Script templates" })
    .getByRole("button", { name: /^Use Template/ })
    .first()
    .click();
  await expect(page.getByRole("tab", { name: /My Scripts/, selected: true })).toBeVisible();

  // --- Contacts from a CSV: twelve tagged for the first drive, two others. ---
  await followStep(page, "contacts", /\/contact-manager$/);
  const first = 10 + 20 * testInfo.retry;
  const rows = ["Name,Phone,Email,Tags"];
  for (let i = 0; i < 12; i++)
    rows.push(`Lead${i} Caller${i},${place.e164(`09${first + i}`)},lead${i}@example.com,first-drive`);
  rows.push(`Kept Back,${place.e164(`09${first + 12}`)},kept@example.com,later`);
  rows.push("No Phone,,nophone@example.com,first-drive");
  await page.getByLabel("CSV file").setInputFiles({
    name: "day-one.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${rows.join("\n")}\n`, "utf8"),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toastText(page, /Contacts uploaded successfully: 14 imported/)).toBeVisible();
  await expect(page.getByTestId("contact-count")).toHaveText("14 contacts");

  // A segment from a filter: the tag the CSV set.
  await page.getByRole("searchbox", { name: "Tag" }).fill("first-drive");
  await expect(page.getByTestId("contact-count")).toHaveText("13 contacts");
  await page.getByRole("button", { name: "Save filters as segment" }).click();
  const segmentDialog = page.getByRole("dialog", { name: "New segment" });
  await expect(segmentDialog.getByLabel("Tags")).toHaveValue("first-drive");
  await segmentDialog.getByLabel("Name").fill("First drive");
  await expect(segmentDialog.getByTestId("segment-live-count")).toContainText("13 contacts match now");
  await expect(segmentDialog.getByTestId("segment-live-count")).toContainText("12 with a phone number");
  await segmentDialog.getByRole("button", { name: "Create segment" }).click();
  await expect(segmentDialog).toBeHidden();
  await expect(
    page
      .getByRole("list", { name: "Saved segments" })
      .getByRole("listitem")
      .filter({ hasText: "First drive" }),
  ).toContainText("13 contacts");

  // --- A first campaign, its leads the segment. ---
  await followStep(page, "campaign", /\/autodialer$/);
  await page.getByRole("button", { name: "Create Campaign" }).click();
  const campaignDialog = page.getByRole("dialog", { name: "Create Campaign" });
  await campaignDialog.getByLabel("Campaign Name *").fill("First Drive");
  await expect(campaignDialog.getByLabel("Dialing Mode")).toHaveValue("predictive");
  // Numbers nobody answered come round again within the hour of the test.
  await campaignDialog.getByRole("tab", { name: "Attempts & Hours" }).click();
  await campaignDialog.getByLabel("Minutes Between Attempts").fill("1");
  await campaignDialog.getByRole("tab", { name: "Agent Desk" }).click();
  await campaignDialog.getByLabel("Wrap-up (seconds)").fill("20");
  const scriptSelect = campaignDialog.getByLabel("Script");
  const scriptName = (await scriptSelect.locator("option").nth(1).textContent()) ?? "";
  expect(scriptName, "the template's script is offered").not.toBe("");
  await scriptSelect.selectOption({ label: scriptName });
  await campaignDialog.getByRole("button", { name: "Create Campaign" }).click();
  await expect(toastText(page, "Campaign created successfully")).toBeVisible();
  await expect(campaignDialog).toBeHidden();

  await page.getByRole("button", { name: "Add leads to First Drive" }).click();
  const leadsDialog = page.getByRole("dialog", { name: "Add Leads" });
  await leadsDialog.getByRole("tab", { name: "From a Segment" }).click();
  await leadsDialog.getByLabel("Saved segment").selectOption({ label: "First drive (13 contacts)" });
  await leadsDialog.getByRole("button", { name: "Add Segment" }).click();
  await expect(leadsDialog.getByRole("status")).toBeVisible();
  await leadsDialog.getByRole("button", { name: /Done|Cancel/ }).click();
  await expect(leadsDialog).toBeHidden();
  const campaignId = await (async () => {
    const list = (await (await page.request.get("/api/autodialer/campaigns")).json()) as {
      id: string;
      name: string;
    }[];
    const found = list.find((campaign) => campaign.name === "First Drive");
    expect(found, "the campaign made on screen").toBeDefined();
    return found?.id ?? "";
  })();

  // --- A teammate: invited from Team, signed up through the link in a browser of their own. ---
  await followStep(page, "team", /\/settings#team$/);
  const team = page.getByRole("region", { name: "Team", exact: true });
  await team.getByLabel("Email address").fill(rep.email);
  await expect(team.getByLabel("Role", { exact: true })).toHaveValue("agent");
  await team.getByRole("button", { name: "Create invitation link" }).click();
  const inviteUrl = await team.getByTestId("invitation-link").getByLabel("Invitation link").inputValue();
  const repContext = await teammateBrowser(browser);
  const repPage = await repContext.newPage();
  await repPage.goto(inviteUrl);
  await expect(repPage.getByRole("heading", { level: 1, name: `Join ${company}` })).toBeVisible();
  await repPage.getByLabel("Full Name").fill(rep.fullName);
  await repPage.getByLabel("Password").fill(rep.password);
  await repPage.getByRole("button", { name: "Sign up and join" }).click();
  await acceptTerms(repPage);
  await expect(repPage).toHaveURL(/\/$/);

  // --- Launch: Start on the campaign's card; the checklist is done. ---
  await page.goto("/autodialer");
  await page.getByRole("button", { name: "Start First Drive" }).click();
  await expect(page.getByRole("button", { name: "Pause First Drive" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("setup-progress")).toHaveText("5 of 5 done");
  for (const id of ["phone", "agent", "contacts", "campaign", "team"])
    await expect(step(page, id), `step ${id}`).toHaveAttribute("data-done", "true");
  await expect(checklist(page)).toContainText("Your workspace is set up");
  await shots(page, "call-centre-day-checklist-done");

  // --- The agent's day on the console: Any campaign (the default), Available. ---
  await repPage.goto("/autodialer/console");
  const status = repPage.getByRole("region", { name: rep.fullName });
  await expect(status.getByLabel("Campaign you work")).toHaveValue("");
  await expect(status.getByLabel("Campaign you work").locator("option:checked")).toHaveText("Any campaign");
  await status.getByRole("button", { name: "Available" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Available");
  const repId = await (async () => {
    const me = (await (await repPage.request.get("/api/user")).json()) as { id: string };
    return me.id;
  })();

  // The owner supervises from the console's team panel.
  await page.goto("/autodialer/console");
  const supervision = page
    .getByRole("region", { name: "Team" })
    .getByRole("listitem", { name: rep.fullName });
  await expect(supervision).toContainText("Available");

  const dispositions = ["Interested", "Not interested"] as const;
  for (const [index, disposition] of dispositions.entries()) {
    // A person answers one of the campaign's numbers and is put through (the dialer ticks every second).
    const call = repPage.getByRole("region", { name: /^Connected: Lead\d+ Caller\d+$/ });
    await expect(call).toBeVisible({ timeout: 180_000 });
    const leadName = ((await call.getAttribute("aria-label")) ?? "").replace("Connected: ", "");
    await expect(call).toContainText("First Drive");
    await expect(status.getByTestId("my-status")).toHaveText("On call");

    // Seen: the callee's greeting in the live transcript. Heard: the browser speaks it.
    const transcript = call.getByTestId("transcript");
    await expect(transcript.locator('[data-speaker="Callee"]').first()).toHaveText("Callee: Hello?", {
      timeout: 20_000,
    });
    await expect
      .poll(() => repPage.evaluate(() => (window as unknown as { spoken: string[] }).spoken), {
        timeout: 10_000,
      })
      .toContain("Hello?");

    // The rep says the script's first step; the callee answers.
    const steps = call.getByRole("list", { name: "Script steps" });
    const opening = ((await steps.locator('[aria-current="step"]').textContent()) ?? "").replace(
      /^1\.\s*|Say$/g,
      "",
    );
    await call.getByRole("button", { name: "Say step 1" }).click();
    await expect(transcript.locator('[data-speaker="Rep"]').first()).toContainText("You:");
    if (opening)
      await expect(transcript.locator('[data-speaker="Rep"]').first()).toContainText(opening.trim());
    await expect(transcript.locator('[data-speaker="Callee"]').nth(1)).toHaveText(
      "Callee: Yes, this is a good time. What is it about?",
      { timeout: 20_000 },
    );
    await expect
      .poll(() => repPage.evaluate(() => (window as unknown as { spoken: string[] }).spoken), {
        timeout: 10_000,
      })
      .toContain("Yes, this is a good time. What is it about?");

    // The supervisor's view: the rep on this call, with its last lines. On the simulator the
    // supervisor listens by following the call's live transcript (read-only); whisper and barge
    // in need Twilio (a conference the supervisor's softphone joins).
    await expect(supervision).toContainText("On call", { timeout: 15_000 });
    await expect(supervision).toContainText(leadName);
    const lastLines = supervision.getByRole("list", { name: `${rep.fullName}'s call, last lines` });
    await expect(lastLines).toContainText("Callee: Yes, this is a good time.", { timeout: 15_000 });
    await expect(lastLines).toContainText("Rep:");
    await expect(supervision.getByRole("button", { name: "Whisper" })).toBeDisabled();
    await supervision.getByRole("button", { name: "Listen" }).click();
    const listening = page
      .getByRole("region", { name: "Team" })
      .getByRole("region", { name: `Listening to ${rep.fullName}'s call` });
    await expect(listening.getByTestId("listen-transcript")).toContainText(
      "Callee: Yes, this is a good time. What is it about?",
    );

    if (index === 0) {
      await shots(repPage, "call-centre-day-console-call");
      await shots(page, "call-centre-day-supervisor-call");
    }
    await listening.getByRole("button", { name: "Stop listening" }).click();
    await expect(listening).toBeHidden();

    // The disposition, then wrap-up before the next call.
    const end = call.getByRole("form", { name: "End the call" });
    await end.getByLabel(disposition, { exact: true }).check();
    await end.getByLabel("Notes").fill(`Call ${index + 1} of the day`);
    await end.getByRole("button", { name: /End Call|Save Disposition/ }).click();
    await expect(toastText(repPage, `Call ended: ${disposition}`)).toBeVisible();
    const wrapUp = repPage.getByRole("region", { name: "Wrap-up" });
    await expect(wrapUp).toBeVisible();
    await expect(status.getByTestId("my-status")).toHaveText("Wrap-up");
    await expect(supervision).toContainText("Wrap-up", { timeout: 15_000 });
    await wrapUp.getByRole("button", { name: "Ready" }).click();
    await expect(wrapUp).toBeHidden();
    await expect(status.getByTestId("my-status")).toHaveText("Available");
  }

  // End of the shift: the rep signs off, the owner pauses the campaign and the lines still
  // ringing finish (nobody is left to connect to, so a person answering now is abandoned).
  await status.getByRole("button", { name: "Offline" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Offline");
  await page.goto("/autodialer");
  await page.getByRole("button", { name: "Pause First Drive" }).click();
  await expect(page.getByRole("button", { name: "Start First Drive" })).toBeVisible();
  await expect
    .poll(
      async () => {
        const stats = (await (
          await page.request.get(`/api/autodialer/campaigns/${campaignId}/stats`)
        ).json()) as {
          activeLines: number;
        };
        return stats.activeLines;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(0);

  // --- The day's report, checked against the attempts counted apart. ---
  const day = await countTheDay(page.request, campaignId, repId);
  expect(day.connects, "the rep's two calls were connects").toBeGreaterThanOrEqual(2);
  expect(day.repConnects[repId]).toBe(2);
  expect(day.dispositions).toEqual({ interested: 1, not_interested: 1 });

  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Reports", exact: true })
    .click();
  await expect(page).toHaveURL(/\/reports/);
  await page.getByLabel("Range", { exact: true }).selectOption({ label: "Today" });
  await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);
  await expect(page.getByTestId("figure-calls")).toHaveText(String(day.dials));
  await expect(page.getByTestId("figure-connects")).toHaveText(String(day.connects));
  await expect(page.getByTestId("figure-conversions")).toHaveText(String(day.dispositions.interested));

  const campaignRow = page
    .getByRole("region", { name: "Figures by campaign, scrollable" })
    .getByRole("row", { name: /First Drive/ });
  // Calls, contact rate, connects, conversions.
  await expect(campaignRow.getByRole("cell").nth(0)).toHaveText(String(day.dials));
  await expect(campaignRow.getByRole("cell").nth(2)).toHaveText(String(day.connects));
  await expect(campaignRow.getByRole("cell").nth(3)).toContainText(`${day.dispositions.interested} (`);

  const repRow = page
    .getByRole("region", { name: "Figures by agent, scrollable" })
    .getByRole("row", { name: new RegExp(rep.fullName) });
  // Calls, connects, conversions: the rep's own.
  await expect(repRow.getByRole("cell").nth(1)).toHaveText(String(day.repConnects[repId]));
  await expect(repRow.getByRole("cell").nth(2)).toContainText("1 (");
  await expect(page.getByText(/^Outcomes: /)).toContainText("Interested 1");
  await expect(page.getByText(/^Outcomes: /)).toContainText("Not interested 1");

  // The campaign alone reads the same.
  await page.getByLabel("Campaign", { exact: true }).selectOption({ label: "First Drive" });
  await expect(page).toHaveURL(new RegExp(`campaign=${campaignId}`));
  await expect(page.getByTestId("figure-calls")).toHaveText(String(day.dials));
  await expect(page.getByTestId("figure-connects")).toHaveText(String(day.connects));
  await shots(page, "call-centre-day-reports");

  await repContext.close();
});
