import { mkdirSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  CALL_FAILED_TITLE,
  DISCONNECTED,
  NO_API_KEY,
  NO_CELLPHONE,
  NO_NUMBERS_TO_ROUTE,
  SETUP_FAILED_TITLE,
} from "../common/phone-system";
import {
  type Account,
  callingPlaceNow,
  expectAccessible,
  newAccount,
  screenshot,
  toastText,
} from "./helpers";

/**
 * /grasshopper, the business phone system: a new
 * workspace sees the spec's empty state and Disconnected, adds its simulator number in two
 * clicks, sets the greeting, an extension (the server's refusal shown) and the hours, sets up
 * routing; a call after hours leaves a voicemail that shows transcribed with its audio and in
 * the figures; click-to-call fails without a cellphone and rings with one; an agent-role member
 * reads without controls. One business workspace for the file.
 */

const STATE = "test-results/grasshopper-state.json";
test.use({ storageState: STATE });
test.describe.configure({ mode: "serial" });

const CALLER = "+15550100123";
const MESSAGE = "Hello, this is Pat, please call me back about the water heater quote";
let owner: Account;

async function acceptTermsByApi(api: APIRequestContext): Promise<void> {
  const accepted = await api.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

test.beforeAll(async ({ browser }) => {
  mkdirSync("test-results", { recursive: true });
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  owner = newAccount("phone");
  const created = await context.request.post("/api/auth/signup", {
    data: { ...owner, planType: "business", businessInfo: { companyName: "Rivera Plumbing" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptTermsByApi(context.request);
  await context.storageState({ path: STATE });
  await context.close();
});

/** A toast shown while a dialog is open (the dialog hides the notifications region from the tree). */
const toastBehindDialog = (page: Page, text: string) =>
  page.locator('li[data-state="open"]').filter({ hasText: text }).first();

async function simulatorNumber(page: Page): Promise<string> {
  const state = await page.request.get("/api/telephony");
  expect(state.ok(), await state.text()).toBe(true);
  return ((await state.json()) as { simulatorNumber: string }).simulatorNumber;
}

async function onlyNumber(page: Page) {
  const res = await page.request.get("/api/grasshopper/numbers");
  const { numbers } = (await res.json()) as { numbers: { id: string }[] };
  expect(numbers).toHaveLength(1);
  const detail = await page.request.get(`/api/grasshopper/numbers/${numbers[0]?.id}`);
  return ((await detail.json()) as { number: Record<string, unknown> & { id: string } }).number;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test("empty state, add the simulator number, greeting, extension, hours and call routing", async ({
  page,
}, testInfo) => {
  // A visit asks the server only what it can answer: no request fails on its own.
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/") && response.status() >= 400)
      refused.push(`${response.status()} ${response.url()}`);
  });
  await page.goto("/grasshopper");
  await expect(page.getByRole("heading", { level: 1, name: "Business Phone System" })).toBeVisible();
  await expect(page.getByTestId("integration-status")).toHaveText(DISCONNECTED);
  await expect(page.getByText(NO_API_KEY)).toBeVisible();
  await expect(page.getByText("so there is no Grasshopper key to add")).toBeVisible();
  // The badge says what the server says.
  expect((await (await page.request.get("/api/grasshopper/numbers")).json()).success).toBe(false);
  await page.waitForLoadState("networkidle");
  expect(refused).toEqual([]);
  await expect(
    page.getByText("Add your simulator number or your Twilio number as a business number."),
  ).toBeVisible();
  await expect(page.getByText("No voicemails yet.")).toBeVisible();
  await expectAccessible(page, testInfo, "/grasshopper empty");
  await screenshot(page, "grasshopper-empty-desktop");

  // Routing with nothing to route: the server's reason in the spec's 'Setup Failed' toast.
  await page.getByRole("button", { name: "Setup Call Routing" }).click();
  await expect(toastText(page, SETUP_FAILED_TITLE)).toBeVisible();
  await expect(toastText(page, NO_NUMBERS_TO_ROUTE)).toBeVisible();

  // Two clicks: Add Number, then Add Number in the dialog with the simulator number chosen.
  const simulator = await simulatorNumber(page);
  await page.getByRole("main").getByRole("button", { name: "Add Number" }).last().click();
  const add = page.getByRole("dialog", { name: "Add a business number" });
  await expect(add.getByLabel("Phone number")).toHaveValue(simulator);
  await expectAccessible(page, testInfo, "/grasshopper add number");
  await add.getByRole("button", { name: "Add Number" }).click();
  await expect(add).toBeHidden();

  // The new number's settings open at once.
  const dialog = page.getByRole("dialog", { name: simulator });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Routing not set up yet");
  await dialog.getByLabel("Greeting").fill("Thanks for calling Rivera Plumbing.");
  await dialog.getByLabel("Location").fill("Ocala office");
  await dialog.getByRole("button", { name: "Save Settings" }).click();
  await expect(toastBehindDialog(page, "Number Saved")).toBeVisible();
  await expect
    .poll(async () => (await onlyNumber(page)).greeting)
    .toBe("Thanks for calling Rivera Plumbing.");
  await expectAccessible(page, testInfo, "/grasshopper number settings");

  // An extension: digits the server refuses show its message; then a good one is listed.
  await dialog.getByRole("tab", { name: "Extensions" }).click();
  await expect(dialog.getByText("No extensions yet.")).toBeVisible();
  await dialog.getByRole("button", { name: "Add Extension" }).click();
  await dialog.getByLabel("Digits").fill("05");
  await dialog.getByLabel("Name").fill("Sales");
  await dialog.getByLabel("Sends callers to").selectOption("phone");
  await dialog.getByLabel("Phone number").fill("(555) 010-0199");
  await dialog.getByRole("button", { name: "Save Extension" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "The extension is 1 to 3 digits and does not start with 0",
  );
  await dialog.getByLabel("Digits").fill("1");
  await dialog.getByRole("button", { name: "Save Extension" }).click();
  const extensions = dialog.getByRole("list", { name: "Extensions" });
  await expect(extensions).toContainText("1 · Sales");
  await expect(extensions).toContainText("Forwards to +15550100199");
  await expectAccessible(page, testInfo, "/grasshopper extensions");
  await screenshot(page, "grasshopper-extensions");

  // Hours: Monday until 6 PM, saved; then every day closed, so every call goes to voicemail.
  await dialog.getByRole("tab", { name: "Hours" }).click();
  await expect(dialog.getByLabel("Monday opens")).toHaveValue("09:00");
  await expect(dialog.getByText("Closed", { exact: true })).toHaveCount(2); // Saturday and Sunday
  await dialog.getByLabel("Monday closes").fill("18:00");
  await dialog.getByRole("button", { name: "Save Hours" }).click();
  await expect(toastBehindDialog(page, "Hours Saved")).toBeVisible();
  await expect
    .poll(async () => (await onlyNumber(page)).hours)
    .toContainEqual({ weekday: 1, open: "09:00", close: "18:00" });
  await screenshot(page, "grasshopper-hours");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
    await dialog.getByRole("checkbox", { name: day }).click();
  await expect(dialog.getByText("Closed", { exact: true })).toHaveCount(7);
  await dialog.getByRole("button", { name: "Save Hours" }).click();
  await expect(toastBehindDialog(page, "Always closed")).toBeVisible();
  await expect.poll(async () => (await onlyNumber(page)).hours).toEqual([]);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The card, the badge, and routing set up.
  const card = page
    .getByRole("list", { name: "Business numbers" })
    .getByRole("listitem", { name: simulator });
  await expect(card).toContainText("Main");
  await expect(card).toContainText("Ocala office");
  await expect(card).toContainText("Active");
  await expect(page.getByTestId("integration-status")).toHaveText("Connected");
  await page.getByRole("button", { name: "Setup Call Routing" }).click();
  await expect(toastText(page, "Call Routing Set Up")).toBeVisible();
  await expect(toastText(page, `Routing applied to 1 number: ${simulator}.`)).toBeVisible();
  expect((await onlyNumber(page)).routingAppliedAt).not.toBeNull();
  await card.getByRole("button", { name: `Manage ${simulator}` }).click();
  await expect(dialog).toContainText("Routing applied");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expectAccessible(page, testInfo, "/grasshopper");
  await screenshot(page, "grasshopper-desktop");
});

test("a call after hours leaves a voicemail: transcribed, playable, counted", async ({ page }) => {
  test.setTimeout(120_000);
  const rang = await page.request.post("/api/telephony/simulator/calls", {
    data: {
      from: CALLER,
      callerName: "Pat Caller",
      script: [MESSAGE],
    },
  });
  expect(rang.status(), await rang.text()).toBe(202);

  // The screen lists the message once recorded and shows its words once transcribed (the
  // speech provider's, so the test reads what the server made of the recording).
  await page.goto("/grasshopper");
  const voicemail = page
    .getByRole("list", { name: "Recent voicemails" })
    .getByRole("listitem", { name: `Voicemail from ${CALLER}` });
  await expect(voicemail).toBeVisible({ timeout: 60_000 });
  await expect(voicemail.locator("blockquote")).toBeVisible({ timeout: 60_000 });
  await expect(voicemail).not.toContainText("Transcribing…");
  type Listed = { voicemails: { transcription: string; transcriptionStatus: string }[] };
  const listed = (await (await page.request.get("/api/grasshopper/voicemails")).json()) as Listed;
  expect(listed.voicemails).toHaveLength(1);
  expect(listed.voicemails[0]?.transcriptionStatus).toBe("done");
  expect(listed.voicemails[0]?.transcription.split(" ").length).toBeGreaterThan(3);
  await expect(voicemail.locator("blockquote")).toHaveText(`“${listed.voicemails[0]?.transcription}”`);
  await expect(voicemail).toContainText("New");
  const audio = voicemail.locator("audio");
  await expect(audio).toHaveAttribute("controls", "");
  const src = await audio.getAttribute("src");
  expect(src).toBeTruthy();
  const played = await page.request.get(src ?? "");
  expect(played.status()).toBe(200);
  expect(played.headers()["content-type"]).toContain("audio/");

  // The figures refresh every 15 s.
  await expect(page.getByTestId("stat-voicemails")).toHaveText("1", { timeout: 30_000 });
  await expect(page.getByTestId("stat-totalCalls")).toHaveText("1");
  await expect(page.getByTestId("stat-missedCalls")).toHaveText("0");
  await screenshot(page, "grasshopper-voicemail");
});

test("click-to-call: without a cellphone the server's reason, with one the call rings", async ({ page }) => {
  // Where it is inside the calling hours now: the dial gate lets the contact be rung.
  const place = callingPlaceNow();
  const created = await page.request.post("/api/contacts", {
    data: { name: "Casey Rivera", phoneNumber: place.typed("0142"), timezone: place.zone },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto("/grasshopper");
  await page.getByLabel("Search contacts").fill("Casey");
  const call = page
    .getByRole("list", { name: "Contacts to call" })
    .getByRole("button", { name: "Call Casey Rivera" });
  await call.click();
  await expect(toastText(page, CALL_FAILED_TITLE)).toBeVisible();
  await expect(toastText(page, NO_CELLPHONE)).toBeVisible();

  const saved = await page.request.put("/api/user/profile", { data: { cellphoneNumber: "+1 555 010 0177" } });
  expect(saved.ok(), await saved.text()).toBe(true);
  await call.click();
  await expect(toastText(page, "Call Initiated")).toBeVisible();
  await screenshot(page, "grasshopper-call");
});

/** An agent-role member of the workspace, signed in in a browser context of their own. */
async function agentMember(page: Page, browser: Browser) {
  const account = newAccount("rep");
  const invited = await page.request.post("/api/workspace/invitations", {
    data: { email: account.email, role: "agent" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { url } = (await invited.json()) as { url: string };
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width: 1366, height: 900 },
  });
  const created = await context.request.post("/api/auth/signup", {
    data: { ...account, invitationToken: url.split("/invite/")[1] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptTermsByApi(context.request);
  return { context, page: await context.newPage() };
}

test("an agent-role member reads the numbers without controls; the screen fits 390 px", async ({
  page,
  browser,
}, testInfo) => {
  const simulator = await simulatorNumber(page);
  const member = await agentMember(page, browser);
  await member.page.goto("/grasshopper");
  const card = member.page
    .getByRole("list", { name: "Business numbers" })
    .getByRole("listitem", { name: simulator });
  await expect(card).toBeVisible();
  await expect(member.page.getByRole("button", { name: "Setup Call Routing" })).toHaveCount(0);
  await expect(member.page.getByRole("button", { name: "Add Number" })).toHaveCount(0);
  await card.getByRole("button", { name: `View ${simulator}` }).click();
  const dialog = member.page.getByRole("dialog", { name: simulator });
  await expect(dialog.getByLabel("Greeting")).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Save Settings" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Remove Number" })).toHaveCount(0);
  await dialog.getByRole("tab", { name: "Extensions" }).click();
  await expect(dialog.getByRole("list", { name: "Extensions" })).toContainText("1 · Sales");
  await expect(dialog.getByRole("button", { name: "Add Extension" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: /Remove extension/ })).toHaveCount(0);
  await member.context.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/grasshopper");
  await expect(page.getByRole("list", { name: "Business numbers" })).toBeVisible();
  await expect(page.getByTestId("stat-totalCalls")).not.toHaveText("...");
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo, "/grasshopper 390");
  await screenshot(page, "grasshopper-390");
  await page.getByRole("button", { name: `Manage ${simulator}` }).click();
  const dialog390 = page.getByRole("dialog", { name: simulator });
  await dialog390.getByRole("tab", { name: "Hours" }).click();
  await dialog390.getByRole("checkbox", { name: "Monday" }).click();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "grasshopper-390-hours");

  await dialog390.getByRole("button", { name: "Close" }).click();
  await expect(dialog390).toBeHidden();

  // Removing a number asks first; the empty state comes back.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole("button", { name: `Manage ${simulator}` }).click();
  await dialog390.getByRole("button", { name: "Remove Number" }).click();
  const confirm = page.getByRole("dialog", { name: `Remove ${simulator}?` });
  await confirm.getByRole("button", { name: "Keep" }).click();
  await expect(confirm).toBeHidden();
  await dialog390.getByRole("button", { name: "Remove Number" }).click();
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(toastText(page, "Number Removed")).toBeVisible();
  await expect(page.getByText(NO_API_KEY)).toBeVisible();
  await expect(page.getByTestId("integration-status")).toHaveText(DISCONNECTED);
});
