import { devices, expect, test } from "@playwright/test";
import {
  callingPlaceNow,
  catchDialledLinks,
  expectAccessible,
  recordAiVoiceConsent,
  screenshot,
  signUpAndAcceptTerms,
  toastText,
} from "./helpers";

/** The four calling screens and the Phone service section, on the built-in carrier simulator. */

test("real voice calls: number checks, an outbound call shown Live, a simulated incoming call", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpAndAcceptTerms(page);
  await page.goto("/real-voice-calls");
  await expect(page.getByRole("heading", { name: "Real Voice Calls" })).toBeVisible();
  await expect(page.getByText("No active calls right now.")).toBeVisible();

  const number = page.getByLabel("Phone number", { exact: true });
  await page.getByRole("button", { name: "Start Call" }).click();
  await expect(page.getByText("Please enter a phone number", { exact: true })).toBeVisible();
  await number.fill("555-0123");
  await page.getByRole("button", { name: "Start Call" }).click();
  await expect(page.getByText("Please enter a valid phone number (at least 10 digits)")).toBeVisible();

  // A callee inside their calling hours now, who agreed to calls from the AI assistant (the dial gate).
  const place = callingPlaceNow();
  const callee = place.e164("0123");
  await recordAiVoiceConsent(page.request, [callee]);
  await number.fill(place.typed("0123"));
  await page.getByRole("button", { name: "Start Call" }).click();
  await expect(page.getByTestId("outbound-result")).toContainText(`Calling ${callee}`);
  await expect(page.getByTestId("outbound-result")).toContainText("built-in simulator");
  const table = page.getByRole("table", { name: "Active voice calls" });
  await expect(table).toContainText(callee);
  // Answered after a few seconds of ringing: in-progress reads Live.
  await expect(table.getByText("Live")).toBeVisible({ timeout: 15_000 });
  await screenshot(page, "real-voice-calls-live");
  await expectAccessible(page, testInfo, "real-voice-calls");

  // The simulated callee says goodbye: the call leaves the list and is in History.
  await expect(table).toBeHidden({ timeout: 40_000 });
  const history = await page.evaluate(
    (digits) => fetch(`/api/calls?search=${digits}`).then((r) => r.json()),
    callee.slice(1),
  );
  expect(history.calls[0]).toMatchObject({ direction: "outbound", callType: "simulator", isActive: false });
  expect(history.calls[0].transcript).toContain("this is the automated assistant for");

  await page.getByLabel("Caller number").fill("+1 (212) 555-0148");
  await page.getByRole("button", { name: "Ring my number" }).click();
  await expect(toastText(page, /A simulated caller is calling \+1\d{3}55501\d{2}/)).toBeVisible();
  await expect(table).toContainText("+12125550148", { timeout: 10_000 });
  await table.getByRole("button", { name: "Hang up" }).click();
  await expect(table).toBeHidden({ timeout: 10_000 });
});

test("phone service: Twilio credentials are checked, connected, tested and removed", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/real-voice-calls");
  const section = page.getByRole("region", { name: "Phone service" });
  await expect(section.getByTestId("phone-provider")).toHaveText("Built-in simulator");
  await expect(section).toContainText("Your Personal plan takes 2 calls at the same time (0 live now).");

  await section.getByLabel("Account SID").fill("AB123");
  await section.getByLabel("Auth Token").fill("short");
  await section.getByLabel("Twilio phone number").fill("12");
  await section.getByRole("button", { name: "Connect Twilio" }).click();
  await expect(section.getByText(/The Account SID starts with AC/)).toBeVisible();
  await expect(section.getByText(/The Auth Token is 32 letters and digits/)).toBeVisible();
  await expect(section.getByText(/Enter your Twilio phone number with its country code/)).toBeVisible();
  await expectAccessible(page, testInfo, "phone-service-errors");

  const sid = `AC${"0123456789abcdef".repeat(2)}`;
  const token = "9f8e7d6c5b4a39281706f5e4d3c2b1a0";
  await section.getByLabel("Account SID").fill(sid);
  await section.getByLabel("Auth Token").fill(token);
  await section.getByLabel("Twilio phone number").fill("+1 415 555 0100");
  await section.getByRole("button", { name: "Connect Twilio" }).click();
  await expect(section.getByTestId("phone-provider")).toHaveText("Twilio connected");
  await expect(section).toContainText(sid);
  await expect(section).toContainText("••••b1a0");
  await expect(section).toContainText("+14155550100");
  await expect(page.locator("body")).not.toContainText(token);
  await screenshot(page, "phone-service-connected");

  // No internet here: the test reports that Twilio could not be reached.
  await section.getByRole("button", { name: "Test connection" }).click();
  await expect(section.getByRole("status").filter({ hasText: /Twilio/ })).toBeVisible({ timeout: 20_000 });

  await section.getByText("Point your Twilio number at this app").click();
  await expect(section).toContainText("/api/telephony/twilio/voice");
  await expect(section).toContainText("set PUBLIC_URL");

  await section.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove the Twilio connection?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, testInfo, "phone-service-remove");
  await dialog.getByRole("button", { name: "Remove connection" }).click();
  await expect(section.getByTestId("phone-provider")).toHaveText("Built-in simulator");
  await expect(toastText(page, "Calls now run on the built-in simulator.")).toBeVisible();
});

test("voice call demo: turns with intent and urgency; end_call closes it about 2 s later", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/voice-call-demo");
  await page.getByRole("button", { name: "Start Demo Call" }).click();
  await expect(page.getByText("Please enter a phone number", { exact: true })).toBeVisible();
  await page.getByLabel("Caller's phone number").fill("212 555 0190");
  await page.getByRole("button", { name: "Start Demo Call" }).click();
  const log = page.getByRole("log", { name: "Conversation" });
  await expect(log).toContainText("Hello! You've reached my assistant. How can I help you today?");
  await expect(page.getByTestId("demo-state")).toHaveText("Active");
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

  const box = page.getByPlaceholder("Type what the caller would say...");
  await box.fill("Hi, my order arrived broken and I want a replacement.");
  await box.press("Enter");
  await expect(log).toContainText("Hi, my order arrived broken");
  const analysis = page.getByTestId("demo-analysis");
  await expect(analysis).toContainText("Urgency");
  await expect(analysis).toContainText(/support/i);
  await screenshot(page, "voice-call-demo");
  await expectAccessible(page, testInfo, "voice-call-demo");

  await box.fill("This is the IRS. There is a warrant for your arrest unless you pay with gift cards today.");
  await box.press("Enter");
  await expect(page.getByText("The assistant ended the call.")).toBeVisible();
  const ending = Date.now();
  await expect(page.getByTestId("demo-state")).toHaveText("Completed", { timeout: 5000 });
  expect(Date.now() - ending).toBeGreaterThan(1000);
  await expect(analysis).toContainText("End the call");
  await page.getByRole("button", { name: "Start a new demo" }).click();
  await expect(page.getByLabel("Caller's phone number")).toBeVisible();
});

test("call system test: N simulated calls connect, go active and complete; bulk demo", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpAndAcceptTerms(page);
  await page.goto("/call-system-test");
  await expect(page.getByText("No test has run yet.")).toBeVisible();
  const count = page.getByLabel("Concurrent calls");
  await expect(count).toHaveValue("5");
  await count.fill("101");
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText("Choose between 1 and 100 calls")).toBeVisible();

  await count.fill("2");
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(toastText(page, "2 simulated calls connecting.")).toBeVisible();
  const stats = page.getByTestId("test-stats");
  await expect(stats).toContainText("Total2");
  const table = page.getByRole("table", { name: "Test calls" });
  await expect(table.getByText("Active").first()).toBeVisible({ timeout: 10_000 });
  await screenshot(page, "call-system-test-running");
  await expectAccessible(page, testInfo, "call-system-test");
  await expect(stats).toContainText("Completed2", { timeout: 60_000 });
  await expect(page.getByText(/Finished/)).toBeVisible();
  await screenshot(page, "call-system-test-finished");

  await page.getByRole("button", { name: "Bulk Demo (5 numbers)" }).click();
  await expect(stats).toContainText("Total5");
  await expect(table).toContainText("+14155550101");
  await expect(table).toContainText("+12065550105");
});

test("mobile calling test on a desktop: device information, not available, direct link, emergency test dials nothing", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/call-test");
  await expect(page.getByTestId("device-info")).toContainText("Mobile deviceNo");
  await page.getByLabel("Phone number").fill("+1 (212) 555-0123");
  await expect(page.getByText("Dials +12125550123")).toBeVisible();
  await expect(page.getByRole("link", { name: "Direct Link" })).toHaveAttribute("href", "tel:+12125550123");
  await page.getByRole("button", { name: "Native Call" }).click();
  await expect(toastText(page, "Calling feature not available on this device")).toBeVisible();

  // A computer cannot dial, so the test says so and never asks to call 911.
  await expect(page.getByTestId("desktop-notice")).toContainText("This computer cannot place phone calls");
  await page.getByRole("button", { name: "Emergency Test" }).click();
  const results = page.getByRole("list", { name: "Call results" });
  await expect(results).toContainText("Emergency test: nothing was dialled");
  await expect(results).toContainText(/emergency-test-\d+/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Call 911?")).toHaveCount(0);
  await expectAccessible(page, testInfo, "call-test-emergency");
  await screenshot(page, "call-test-desktop");
});

test.describe("on a phone", () => {
  const { defaultBrowserType: _webkit, ...iPhone } = devices["iPhone 13"];
  test.use(iPhone);

  test("native call and the emergency test report the spec's results", async ({ page }, testInfo) => {
    const dialled = await catchDialledLinks(page);
    await signUpAndAcceptTerms(page);
    await page.goto("/call-test");
    await expect(page.getByTestId("device-info")).toContainText("Mobile deviceYes");
    await page.getByLabel("Phone number").fill("212-555-0123");
    await page.getByRole("button", { name: "Native Call" }).click();
    const results = page.getByRole("list", { name: "Call results" });
    await expect(results).toContainText("Call initiated to 2125550123");
    await expect(results).toContainText(/native-\d+/);
    await page.getByRole("button", { name: "Emergency Test" }).click();
    await page
      .getByRole("dialog", { name: "Call 911?" })
      .getByRole("button", { name: "Call 911 now" })
      .click();
    await expect(results).toContainText("Emergency call initiated");
    await expect(results).toContainText(/emergency-\d+/);
    expect(await dialled()).toEqual(["tel:2125550123", "tel:911"]);
    await screenshot(page, "call-test-phone");
    await expectAccessible(page, testInfo, "call-test-phone");
  });
});
