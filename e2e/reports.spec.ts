import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { callingPlaceNow, expectAccessible, newAccount, recordAiVoiceConsent, screenshot } from "./helpers";

/**
 * The Reports screen: a rep's day on a preview campaign (two leads dialled from the console's
 * API and ended with a sale and a no) shows on /reports, reached from the sidebar, for the range
 * picked: the figures (matching the dialer's own count of today's dials), the charts, the
 * campaign and agent tables, a CSV download; the agent leaderboard on the enterprise dashboard.
 */

const place = callingPlaceNow();
const LEADS = [`${place.typed("0171")}, Ada, Lovelace`, `${place.typed("0172")}, Grace, Hopper`];

async function owner(page: Page) {
  const account = newAccount("reports");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Report Co" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return account;
}

/** A started preview campaign whose two leads the rep dials and ends: a sale, then not interested. */
async function repDay(api: APIRequestContext): Promise<string> {
  const created = await api.post("/api/autodialer/campaigns", {
    data: { name: "Preview Renewals", dialingMode: "preview" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const added = await api.post(`/api/autodialer/campaigns/${id}/leads`, { data: { text: LEADS.join("\n") } });
  expect(added.status(), await added.text()).toBe(201);
  expect((await api.post(`/api/autodialer/campaigns/${id}/start`)).status()).toBe(200);
  const available = await api.put("/api/autodialer/console/status", {
    data: { status: "available", campaignId: id },
  });
  expect(available.status(), await available.text()).toBe(200);
  for (const disposition of ["sale", "not_interested"]) {
    const console = (await (await api.get("/api/autodialer/console")).json()) as {
      previewLead: { id: string } | null;
    };
    expect(console.previewLead, "the console offers the next lead").not.toBeNull();
    const dialled = await api.post(`/api/autodialer/leads/${console.previewLead?.id}/dial`);
    expect(dialled.status(), await dialled.text()).toBeLessThan(300);
    const { attemptId } = (await dialled.json()) as { attemptId: string };
    // The dialer's tick places the call: the rep ends it once it has gone out.
    await expect
      .poll(
        async () => {
          const now = (await (await api.get("/api/autodialer/console")).json()) as {
            currentCall: { state: string } | null;
          };
          return now.currentCall?.state ?? "none";
        },
        { timeout: 30_000 },
      )
      .not.toBe("queued");
    const ended = await api.post(`/api/autodialer/console/calls/${attemptId}/end`, { data: { disposition } });
    expect(ended.status(), await ended.text()).toBe(200);
    // The rep is wrapping up after a disposition; Ready (two seconds on) makes them available for
    // the next lead, and the reports' wrap-up reads that time.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const ready = await api.put("/api/autodialer/console/status", {
      data: { status: "available", campaignId: id },
    });
    expect(ready.status(), await ready.text()).toBe(200);
  }
  return id;
}

test("reports: the day's calls per campaign and per agent, by range, with charts and a CSV download", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = await owner(page);
  const campaignId = await repDay(page.request);
  // The dialer's own count of today's dials, straight from its attempts.
  const stats = (await (await page.request.get(`/api/autodialer/campaigns/${campaignId}/stats`)).json()) as {
    dialedToday: number;
  };
  expect(stats.dialedToday).toBe(2);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Reports", exact: true })
    .click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  // Today, picked from the range list.
  await page.getByLabel("Range", { exact: true }).selectOption({ label: "Today" });
  await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);
  const today = new URL(page.url()).searchParams.get("from") ?? "";
  expect(new URL(page.url()).searchParams.get("to")).toBe(today);
  await expect(page.getByTestId("figure-calls")).toHaveText(String(stats.dialedToday));
  await expect(page.getByTestId("figure-conversions")).toHaveText("1");
  // The wrap-up runs from each call's end to Ready (not to the disposition, which came at once).
  await expect(page.getByTestId("figure-average-wrap-up")).toHaveText(/^0:(0[2-9]|[1-5]\d)$/);

  // The campaign's row and the rep's.
  const campaigns = page.getByRole("region", { name: "Figures by campaign, scrollable" });
  const campaignRow = campaigns.getByRole("row", { name: /Preview Renewals/ });
  await expect(campaignRow.getByRole("cell").first()).toHaveText("2");
  const agents = page.getByRole("region", { name: "Figures by agent, scrollable" });
  const repRow = agents.getByRole("row", { name: new RegExp(account.fullName) });
  await expect(repRow).toContainText("Rep");
  await expect(repRow.getByRole("cell").nth(2)).toContainText("1");

  // The charts drew their bars: the day's calls, the hour's, the two outcomes.
  await expect(page.locator(".recharts-wrapper")).toHaveCount(3);
  await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByText("Outcomes: Sale 1, Not interested 1.")).toBeAttached();

  // Days picked by hand: a week to today, and a backwards range refused before asking.
  const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(weekAgo);
  await expect(page).toHaveURL(new RegExp(`from=${weekAgo}&to=${today}`));
  await expect(page.getByLabel("Range", { exact: true })).toHaveValue("7d");
  await expect(page.getByTestId("figure-calls")).toHaveText("2");
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(tomorrow);
  await expect(page.getByText("The end date must be on or after the start date")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("From", { exact: true }).fill(weekAgo);
  await expect(page.getByText("The end date must be on or after the start date")).toHaveCount(0);

  // One campaign alone.
  await page.getByLabel("Campaign", { exact: true }).selectOption({ label: "Preview Renewals" });
  await expect(page).toHaveURL(new RegExp(`campaign=${campaignId}`));
  await expect(page.getByRole("status").filter({ hasText: "Preview Renewals" })).toBeVisible();
  await expect(page.getByTestId("figure-calls")).toHaveText("2");

  await screenshot(page, "reports-1440");
  await expectAccessible(page, testInfo, "reports");

  // The campaigns table as CSV.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Campaigns CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`report-campaigns-${weekAgo}-to-${today}.csv`);
  const csv = await readFile((await download.path()) ?? "", "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toMatch(/^Campaign,Status,Calls,Dials,/);
  expect(lines[1]).toMatch(/^Preview Renewals,active,2,2,/);
  expect(lines.at(-1)).toMatch(/^All calls,,2,2,/);

  // Phone width: the page never scrolls sideways; the tables scroll inside their cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("figure-calls")).toHaveText("2");
  await expect(page.locator(".recharts-wrapper")).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "reports-390");
  await expectAccessible(page, testInfo, "reports-phone");

  // The leaderboard on the enterprise dashboard.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/enterprise-dashboard?tab=analytics");
  const board = page.getByRole("list", { name: "Agents by conversions" });
  await expect(board.getByRole("listitem").first()).toContainText(account.fullName);
  await expect(board.getByRole("listitem").first()).toContainText("1 conversions");
  await page.getByRole("button", { name: "Today", exact: true }).click();
  await expect(board.getByRole("listitem").first()).toContainText(account.fullName);
  await screenshot(page, "reports-leaderboard");
  await expectAccessible(page, testInfo, "enterprise-leaderboard");

  // A bulk call is a row of the campaigns table of its own, named by its purpose.
  const numbers = [place.e164("0173"), place.e164("0174")];
  await recordAiVoiceConsent(page.request, numbers);
  const bulk = await page.request.post("/api/calls/bulk", {
    data: { phoneNumbers: numbers, callPurpose: "Renewal reminders" },
  });
  expect(bulk.status(), await bulk.text()).toBe(202);
  const { jobId } = (await bulk.json()) as { jobId: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/jobs/${jobId}`)).json()) as { status: string }).status,
      {
        timeout: 60_000,
      },
    )
    .toBe("completed");
  await page.goto(`/reports?from=${today}&to=${today}`);
  const bulkRow = page
    .getByRole("region", { name: "Figures by campaign, scrollable" })
    .getByRole("row", { name: /Bulk call: Renewal reminders/ });
  await expect(bulkRow.getByRole("cell").first()).toHaveText("2");
  await expect(page.getByTestId("figure-calls")).toHaveText("4");
});
