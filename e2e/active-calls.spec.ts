import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

async function startCall(page: Page, number: string, name?: string) {
  await page.goto("/active-calls");
  await page.getByLabel("Caller number").fill(number);
  if (name) await page.getByLabel("Caller name (optional)").fill(name);
  await page.getByRole("button", { name: "Start Call Simulation" }).click();
  await expect(page.getByText("Live Call", { exact: true })).toBeVisible();
  await expect(page.getByTestId("ai-response")).toContainText("You've reached my assistant");
}

async function say(page: Page, text: string) {
  const box = page.getByPlaceholder("Type what the caller would say...");
  await box.fill(text);
  await box.press("Enter");
}

test("a scam call is blocked and the dashboard counts it", async ({ page }, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/");
  await expect(page.getByTestId("stat-Today's Calls")).toHaveText("0");
  await expect(page.getByTestId("stat-Success Rate")).toHaveText("0%");

  await startCall(page, "+1 202 555 0143", "Unknown robocaller");
  await expect(page.getByTestId("active-count")).toHaveText("1 Active Call");
  await expect(page.getByRole("list", { name: "Active calls" })).toContainText("Unknown robocaller");
  await screenshot(page, "active-call-started");
  await expectAccessible(page, testInfo, "active-calls");

  await say(
    page,
    "This is the IRS. A warrant has been issued for your arrest. Pay now with Apple gift cards to avoid jail.",
  );
  await expect(toastText(page, "Call classified as: spam")).toBeVisible();
  await expect(page.getByText("Call Ended")).toBeVisible();
  await expect(page.getByTestId("action-taken")).toContainText("Blocked as");
  await expect(page.getByRole("region", { name: "Transcript" })).toContainText(
    "This call appears to be unsolicited",
  );
  await expect(page.getByText("No Active Calls")).toBeVisible();
  await expect(page.getByTestId("active-count")).toHaveText("0 Active Calls");
  await screenshot(page, "active-call-blocked");

  await page.goto("/");
  await expect(page.getByTestId("stat-Today's Calls")).toHaveText("1");
  await expect(page.getByTestId("stat-Spam Blocked")).toHaveText("1");
  await expect(page.getByTestId("stat-Success Rate")).toHaveText("100%");
  await screenshot(page, "dashboard-figures");
});

test("an appointment request books an appointment that the API and /appointments then list", async ({
  page,
}) => {
  await signUpAndAcceptTerms(page);
  await startCall(page, "555-010-0177", "Dana Whitfield");
  await say(page, "Hi, I'd like to book an appointment for next Wednesday at 3pm please.");
  await expect(toastText(page, "Call classified as: appointment")).toBeVisible();
  await expect(page.getByTestId("ai-response")).toContainText("You're booked for Wednesday");
  const appointments = await page.evaluate(() => fetch("/api/appointments").then((r) => r.json()));
  expect(appointments).toHaveLength(1);
  expect(appointments[0]).toMatchObject({ title: "Appointment with Dana Whitfield", status: "scheduled" });
  expect(appointments[0].callId).toBeTruthy();

  await say(page, "That's all, thank you, bye!");
  await expect(page.getByText("Call Ended")).toBeVisible();

  await page.goto("/appointments");
  await expect(page.getByText("1 scheduled")).toBeVisible();
  await expect(page.getByRole("list", { name: "Upcoming appointments" })).toContainText(
    "Appointment with Dana Whitfield",
  );
  await expect(page.getByText("Booked by your assistant during a call")).toBeVisible();
});

test("hold, transfer and end change the screen as specified", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await startCall(page, "+1 415 555 0110", "Chris");
  // Blank lines are ignored.
  await page.getByPlaceholder("Type what the caller would say...").fill("   ");
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

  await say(page, "Hi, my internet has been down since this morning and I work from home.");
  await expect(toastText(page, "Call classified as: support")).toBeVisible();

  const controls = page.getByRole("toolbar", { name: "Call controls" });
  await controls.getByRole("button", { name: "Hold" }).click();
  await expect(toastText(page, "Caller is now on hold with music")).toBeVisible();
  await expect(page.getByText("Caller is on hold, hold music is playing.")).toBeVisible();
  await expect(page.getByText("on hold", { exact: true })).toBeVisible();
  await controls.getByRole("button", { name: "Resume" }).click();
  await expect(toastText(page, "Call Resumed")).toBeVisible();
  await expect(page.getByText("Caller is on hold, hold music is playing.")).toBeHidden();

  await controls.getByRole("button", { name: "Transfer to Me" }).click();
  await expect(
    toastText(page, "Call has been transferred to you. You can now speak directly with the caller."),
  ).toBeVisible();
  await expect(page.getByText("transferred", { exact: true })).toBeVisible();
  await expect(page.getByText("The AI has handed the call to you.")).toBeVisible();
  await expect(controls.getByRole("button", { name: "Mute" })).toBeDisabled();
  await expect(controls.getByRole("button", { name: "Hold" })).toBeDisabled();
  await expect(controls.getByRole("button", { name: "Transfer to Me" })).toBeDisabled();
  await screenshot(page, "active-call-transferred");

  await controls.getByRole("button", { name: "End Call" }).click();
  await expect(page.getByText("No Active Call", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Start a call simulation from the Quick Actions panel to begin testing."),
  ).toBeVisible();
  const calls = await page.evaluate(() => fetch("/api/calls").then((r) => r.json()));
  expect(calls.calls[0]).toMatchObject({ isActive: false, status: "completed" });
  expect(calls.calls[0].transcript).toMatch(/System: Call transferred to/);
});

test("the microphone records and uploads with Chromium's fake media stream", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await startCall(page, "+1 312 555 0100");
  const controls = page.getByRole("toolbar", { name: "Call controls" });
  await controls.getByRole("button", { name: "Record" }).click();
  await expect(toastText(page, "Speak now to test the AI assistant")).toBeVisible();
  await expect(controls.getByRole("button", { name: /Stop Recording \(0:0[1-9]\)/ })).toBeVisible({
    timeout: 5000,
  });
  await controls.getByRole("button", { name: "Mute" }).click();
  await expect(controls.getByRole("button", { name: "Unmute" })).toBeVisible();
  const upload = page.waitForResponse((response) => response.url().includes("/process-audio"));
  await controls.getByRole("button", { name: /Stop Recording/ }).click();
  const response = await upload;
  expect(response.request().headers()["content-type"]).toMatch(/^multipart\/form-data/);
  expect([200, 422]).toContain(response.status());
  // The test server has no speech recogniser unless pocketsphinx is installed: either way the
  // screen answers with a result or the spec's error toast.
  await expect(toastText(page, /Call classified as|Processing Error/)).toBeVisible({ timeout: 30_000 });
});
