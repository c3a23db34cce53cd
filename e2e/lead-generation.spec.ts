import { type ChildProcess, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { type FakeLeadServers, startFakeLeadServers } from "../server/providers/lead-search/fake-servers";
import { expectAccessible, newAccount, screenshot, toastText } from "./helpers";

/**
 * /leads, in Chromium. The shared e2e server runs as `npm start` does with
 * no network: its search (OpenStreetMap, the default) answers the clear error a new user without
 * network sees. A second server of the built app, pointed at local servers that answer like
 * Nominatim and Overpass, takes the four tabs through: search, save, Save All, the dealer search
 * with its CSV, and a campaign created, run and resumed.
 */

const LEADS_PORT = 5183;
const LEADS_URL = `http://localhost:${LEADS_PORT}`;
const DATA_DIR = "test-results/e2e-data-leads";

async function signUp(page: Page): Promise<void> {
  const account = newAccount("leadgen");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Lead Gen Co" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accepted = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok()).toBe(true);
}

const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`);

test("a server without network answers a search with the clear error, naming the provider and what to set", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/leads");
  await expect(page.getByRole("heading", { name: "Lead Generation", level: 1 })).toBeVisible();
  await page.getByLabel("Industry").fill("plumbers");
  await page.getByLabel("Location").fill("Tampa, FL");
  await page.getByRole("button", { name: "Search Leads" }).click();
  await expect(toastText(page, "Search Failed")).toBeVisible();
  await expect(toastText(page, /OpenStreetMap search failed: could not reach Nominatim/)).toBeVisible();
  await expect(toastText(page, /NOMINATIM_URL and OVERPASS_URL/)).toBeVisible();
  await screenshot(page, "lead-generation-no-network");
});

test.describe("with OpenStreetMap answered by local servers", () => {
  test.use({ baseURL: LEADS_URL });
  let fake: FakeLeadServers;
  let server: ChildProcess;

  test.beforeAll(async () => {
    fake = await startFakeLeadServers();
    await rm(DATA_DIR, { recursive: true, force: true });
    // The app the shared e2e server runs (built by its start), on a port of its own.
    server = spawn(process.execPath, ["dist/server/main.js"], {
      stdio: "inherit",
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(LEADS_PORT),
        DATA_DIR,
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT_PER_MINUTE: "1000",
        PAYMENTS_PROVIDER: "local",
        LEAD_SEARCH_PROVIDER: "osm",
        NOMINATIM_URL: fake.nominatimUrl,
        OVERPASS_URL: fake.overpassUrl,
      },
    });
    await expect
      .poll(async () => (await fetch(`${LEADS_URL}/api/health`).catch(() => null))?.status, {
        timeout: 60_000,
      })
      .toBe(200);
  });

  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await fake?.close();
  });

  test("Search Leads: finds businesses, saves one and the rest, and the stats count them", async ({
    page,
  }, testInfo) => {
    await signUp(page);
    await page.goto("/leads");
    await expect(stat(page, "totalLeadsGenerated")).toHaveText("0");

    await page.getByRole("button", { name: "Search Leads" }).click();
    await expect(toastText(page, "Missing Information")).toBeVisible();
    await expect(toastText(page, "Please enter both industry and location")).toBeVisible();

    await page.getByLabel("Industry").fill("plumbers");
    await page.getByLabel("Location").fill("Tampa, FL");
    await page.getByLabel("Max results").selectOption("10");
    await page.getByRole("button", { name: "Search Leads" }).click();
    const results = page.getByRole("region", { name: "Search results" });
    await expect(results.getByRole("listitem")).toHaveCount(10);
    await expect(results.getByText("10 businesses found, 10 with a phone number")).toBeVisible();
    const first = results.getByRole("listitem").first();
    await expect(first.getByText(/N Florida Ave, Tampa, FL 33602/)).toBeVisible();
    await screenshot(page, "lead-generation-search");
    await expectAccessible(page, testInfo, "lead-generation-search");

    const name = (await first.getByRole("paragraph").first().textContent()) ?? "";
    await first.getByRole("button", { name: `Save ${name}` }).click();
    await expect(toastText(page, "Contact Saved")).toBeVisible();
    await expect(first.getByText("Saved to contacts")).toBeVisible();
    await expect(stat(page, "totalLeadsGenerated")).toHaveText("1");

    await results.getByRole("button", { name: "Save All (10)" }).click();
    await expect(toastText(page, "Bulk Save Complete")).toBeVisible();
    await expect(toastText(page, "Saved 9 leads, skipped 1 duplicates.")).toBeVisible();
    await expect(stat(page, "totalLeadsGenerated")).toHaveText("10");
    await expect(stat(page, "recentLeads")).toHaveText("10");
    await screenshot(page, "lead-generation-saved");

    // The leads are contacts: the Lead Manager lists them.
    await page.goto("/lead-manager");
    await expect(page.getByRole("list", { name: "Leads" }).getByRole("listitem")).toHaveCount(10);
  });

  test("Viasat Dealers: searches the chosen city and opens its CSV", async ({ page }) => {
    await signUp(page);
    await page.goto("/leads");
    await page.getByRole("tab", { name: "Viasat Dealers" }).click();
    await page.getByLabel("Miami").check();
    await page.getByLabel("Export CSV").check();
    const exported = page.context().waitForEvent("request", (r) => r.url().includes("/api/leads/exports/"));
    await page.getByRole("button", { name: "Search Viasat Dealers" }).click();
    await expect(toastText(page, /Dealer Search Complete/)).toBeVisible();
    const dealers = page.getByRole("region", { name: "Dealers found" });
    await expect(dealers.getByRole("listitem").first()).toContainText("Sunshine Satellite");
    const csvUrl = (await exported).url();
    const file = await page.request.get(csvUrl);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toMatch(/viasat-dealers-\d{4}-\d{2}-\d{2}\.csv/);
    const csv = await file.text();
    expect(csv).toContain("Name,Phone,Website,Address,City,Category,Rating,Reviews,Source");
    expect(csv).toContain("Sunshine Satellite");
    await screenshot(page, "lead-generation-dealers");
  });

  test("Campaigns: created, run by hand adding only new businesses, resumed on its schedule", async ({
    page,
  }) => {
    await signUp(page);
    await page.goto("/leads");
    await page.getByRole("tab", { name: "Campaigns" }).click();
    await expect(page.getByText("No campaigns yet")).toBeVisible();
    await page.getByRole("tab", { name: "Create Campaign" }).click();
    await page.getByRole("button", { name: "Create Campaign" }).click();
    await expect(toastText(page, "Please fill in all required fields")).toBeVisible();

    await page.getByLabel("Campaign name").fill("Tampa plumbers");
    await page.getByLabel("Campaign industry").fill("plumbers");
    await page.getByLabel("Campaign location").fill("Tampa, FL");
    await page.getByLabel("Results per run").selectOption("20");
    await page.getByLabel("Repeat").selectOption("weekly");
    await page.getByLabel(/Start now/).uncheck();
    await screenshot(page, "lead-generation-create-campaign");
    await page.getByRole("button", { name: "Create Campaign" }).click();
    await expect(toastText(page, "Campaign Created")).toBeVisible();

    const card = page
      .getByRole("list", { name: "Campaigns" })
      .getByRole("listitem", { name: "Tampa plumbers" });
    await expect(card.getByText("Paused")).toBeVisible();
    await expect(stat(page, "totalCampaigns")).toHaveText("1");
    await expect(stat(page, "activeCampaigns")).toHaveText("0");

    await card.getByRole("button", { name: "Run Tampa plumbers now" }).click();
    await expect(toastText(page, "Campaign Executed")).toBeVisible();
    await expect(toastText(page, /Tampa plumbers: 20 new leads added, 0 duplicates skipped\./)).toBeVisible();
    await expect(stat(page, "totalLeadsGenerated")).toHaveText("20");

    await card.getByRole("button", { name: "Run Tampa plumbers now" }).click();
    await expect(toastText(page, /0 new leads added, 20 duplicates skipped\./)).toBeVisible();

    await card.getByRole("button", { name: "Resume" }).click();
    await expect(card.getByText("Active")).toBeVisible();
    await expect(stat(page, "activeCampaigns")).toHaveText("1");
    await expect(card.getByText(/Every week/)).toBeVisible();
    await screenshot(page, "lead-generation-campaigns");
  });
});
