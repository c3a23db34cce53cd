import { type Browser, expect, type Page, test } from "@playwright/test";
import { acceptTerms, callingPlaceNow, expectAccessible, newAccount, screenshot, toastText } from "./helpers";

/**
 * The agent desktop on the built-in carrier simulator: a rep takes a simulated call on
 * /autodialer/console, sees both sides' live transcript (the callee greets, the rep says the
 * script's opening, the callee answers) and the contact's past calls on the contact card, then
 * hands the call to a teammate (a cold transfer): the call moves to the teammate's console and
 * the first rep wraps up, listening in on the teammate's call from the Team panel (its live
 * transcript, the callee's words spoken). The teammate ends the call with one of the campaign's
 * own dispositions scheduling a call back, and sees the campaign's wrap-up count down before
 * Ready. Screenshots at 1440 and 390 px.
 */

/** Records what the page speaks aloud (the callee's words on a simulated call). */
async function recordSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const spoken: string[] = [];
    (window as unknown as { spoken: string[] }).spoken = spoken;
    if (!("speechSynthesis" in window)) return;
    const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      spoken.push(utterance.text);
      speak(utterance);
    };
  });
}

const spokenOn = (page: Page) => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);

/** A teammate invited by the owner, signed up in a browser of their own. */
async function teammate(browser: Browser, owner: Page) {
  const mate = newAccount("mate");
  const invited = await owner.request.post("/api/workspace/invitations", {
    data: { email: mate.email, role: "agent" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.goto(((await invited.json()) as { url: string }).url);
  await page.getByLabel("Full Name").fill(mate.fullName);
  await page.getByLabel("Password").fill(mate.password);
  await page.getByRole("button", { name: "Sign up and join" }).click();
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/$/);
  return { context, page, name: mate.fullName };
}

const OPENING = "Hi, this is Sam from Sunny Roofs, do you have a minute?";

test("agent desktop: a simulated call with both sides' transcript, the script, past calls, a transfer, listening in, a call back and wrap-up", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const account = newAccount("desk");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: "Sunny Roofs" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const terms = await page.request.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(terms.ok(), await terms.text()).toBe(true);

  // A script, and a predictive campaign with its own dispositions and wrap-up, through the API.
  const script = await page.request.post("/api/ai-scripts", {
    data: {
      name: "Roof check",
      openingMessage: OPENING,
      conversationFlow: ["Do you own your home?", "Can I book a free roof check?"],
    },
  });
  expect(script.status(), await script.text()).toBe(201);
  const campaign = await page.request.post("/api/autodialer/campaigns", {
    data: {
      name: "Roof checks",
      dialingMode: "predictive",
      dialRatio: 10,
      maxLines: 10,
      wrapUpSeconds: 25,
      scriptId: (await script.json()).id,
      dispositions: [
        { code: "interested", label: "Booked a roof check" },
        { code: "not_interested", label: "Not now" },
        { code: "callback", label: "Call back" },
      ],
    },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  const { id } = (await campaign.json()) as { id: string };
  // Numbers where it is inside the calling hours now; three in ten answer in person.
  const place = callingPlaceNow();
  const first = 20 + 20 * testInfo.retry;
  const lines = Array.from(
    { length: 14 },
    (_, i) => `${place.typed(`01${first + i}`)}, Homeowner${i}, Lane${i}`,
  );
  const added = await page.request.post(`/api/autodialer/campaigns/${id}/leads`, {
    data: { text: lines.join("\n") },
  });
  expect(added.status(), await added.text()).toBe(201);
  // Each of the numbers called in once before (a simulated call): the contact card lists it.
  for (let i = 0; i < lines.length; i++) {
    const earlier = await page.request.post("/api/calls/simulate", {
      data: { phoneNumber: place.e164(`01${first + i}`) },
    });
    expect(earlier.status(), await earlier.text()).toBe(201);
    const over = await page.request.patch(`/api/calls/${(await earlier.json()).id}`, {
      data: { isActive: false },
    });
    expect(over.status(), await over.text()).toBe(200);
  }
  // A teammate to hand the call to, available on their own console; the owner's browser records
  // what it speaks (listening in on the teammate's call).
  const mate = await teammate(browser, page);
  await recordSpeech(page);

  await page.goto("/autodialer/console");
  const status = page.getByRole("region", { name: account.fullName });
  await status.getByLabel("Campaign you work").selectOption({ label: "Roof checks" });
  await status.getByRole("button", { name: "Available" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Available");
  const started = await page.request.post(`/api/autodialer/campaigns/${id}/start`);
  expect(started.status(), await started.text()).toBe(200);

  // A person answers and is put through: the console shows the call, the contact and the script.
  const call = page.getByRole("region", { name: /^Connected: Homeowner\d+ Lane\d+$/ });
  await expect(call).toBeVisible({ timeout: 120_000 });
  // Enough people reached: the rest are not dialled while the rep talks.
  expect((await page.request.post(`/api/autodialer/campaigns/${id}/pause`)).status()).toBe(200);
  const transcript = call.getByTestId("transcript");
  await expect(transcript.locator('[data-speaker="Callee"]').first()).toHaveText("Callee: Hello?", {
    timeout: 15_000,
  });
  const script0 = call.getByRole("list", { name: "Script steps" });
  await expect(script0.locator('[aria-current="step"]')).toContainText(OPENING);
  const contactCard = call.getByRole("region", { name: "Contact" });
  await expect(contactCard.getByTestId("lead-phone")).toBeVisible();
  // The contact's past calls, from the server: the earlier call in (not this one).
  const past = contactCard.getByRole("list", { name: "Past calls" });
  await expect(past.getByRole("listitem")).toHaveCount(1);
  await expect(past).toContainText("Inbound");

  // The rep says the opening; the callee answers; the script moves to the next step.
  await call.getByRole("button", { name: "Say step 1" }).click();
  await expect(transcript.locator('[data-speaker="Rep"]').first()).toHaveText(`You: ${OPENING}`);
  await expect(transcript.locator('[data-speaker="Callee"]').nth(1)).toHaveText(
    "Callee: Yes, this is a good time. What is it about?",
  );
  await expect(script0.locator('[aria-current="step"]')).toContainText("Do you own your home?");
  // Words of the rep's own.
  await call.getByLabel("Your words").fill("We check roofs for free this month.");
  await call.getByRole("button", { name: "Say", exact: true }).click();
  await expect(transcript.locator('[data-speaker="Rep"]').nth(1)).toHaveText(
    "You: We check roofs for free this month.",
  );
  await expect(transcript.locator('[data-speaker="Callee"]').nth(2)).toHaveText(
    "Callee: Okay, that sounds useful. Please send me the details by email.",
  );
  // The supervisor's view (the owner is an admin): the rep on the call, with its last lines.
  const team = page.getByRole("region", { name: "Team" });
  await expect(team.getByRole("list", { name: /call, last lines$/ })).toContainText("Rep: We check roofs", {
    timeout: 15_000,
  });
  await screenshot(page, "agent-desktop-call-1440");
  await expectAccessible(page, testInfo, "agent-desktop-call");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(transcript).toBeVisible();
  await screenshot(page, "agent-desktop-call-390");
  await page.setViewportSize({ width: 1440, height: 1000 });

  // A cold transfer to the teammate, available on their console: the call moves there, and this
  // rep wraps up.
  // The lines still ringing after Pause end first, so no other call reaches the teammate.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/autodialer/campaigns/${id}/stats`)).json()) as {
            activeLines: number;
          }
        ).activeLines,
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBeLessThanOrEqual(1);
  const mateStatus = mate.page.getByRole("region", { name: mate.name });
  await mate.page.goto("/autodialer/console");
  await mateStatus.getByRole("button", { name: "Available" }).click();
  await expect(mateStatus.getByTestId("my-status")).toHaveText("Available");
  const handOver = call.getByRole("form", { name: "Transfer the call" });
  const mateOption = handOver.getByLabel("Transfer to a rep").locator("option", { hasText: mate.name });
  await expect(mateOption).toBeEnabled({ timeout: 15_000 });
  await handOver.getByLabel("Transfer to a rep").selectOption((await mateOption.getAttribute("value")) ?? "");
  await screenshot(page, "agent-desktop-transfer-1440");
  await handOver.getByRole("button", { name: "Transfer now" }).click();
  await expect(toastText(page, `Call transferred to ${mate.name}`)).toBeVisible();
  await expect(call).toBeHidden();
  await expect(page.getByRole("region", { name: "Wrap-up" })).toBeVisible();
  const mateCall = mate.page.getByRole("region", { name: /^Connected: Homeowner\d+ Lane\d+$/ });
  await expect(mateCall).toBeVisible({ timeout: 15_000 });
  await expect(mateStatus.getByTestId("my-status")).toHaveText("On call");
  const mateTranscript = mateCall.getByTestId("transcript");
  await expect(mateTranscript.locator('[data-speaker="System"]')).toContainText(
    `transferred the call to ${mate.name}`,
  );

  // The first rep (the owner, a supervisor) listens in on the teammate's call: read-only, in words.
  const mateRow = team.getByRole("listitem", { name: mate.name });
  await mateRow.getByRole("button", { name: "Listen" }).click();
  const listening = team.getByRole("region", { name: `Listening to ${mate.name}'s call` });
  await expect(listening.getByTestId("listen-transcript")).toContainText(
    "We check roofs for free this month.",
  );
  await mateCall.getByLabel("Your words").fill("Hi, this is Alex, I can book your roof check.");
  await mateCall.getByRole("button", { name: "Say", exact: true }).click();
  await expect(listening.getByTestId("listen-transcript")).toContainText("I can book your roof check", {
    timeout: 15_000,
  });
  // The callee's answer is heard in the supervisor's browser; then the callee hangs up.
  await expect(listening.locator('[data-speaker="Callee"]').last()).toHaveText("Callee: Thanks, goodbye.", {
    timeout: 20_000,
  });
  await expect.poll(() => spokenOn(page), { timeout: 10_000 }).toContain("Thanks, goodbye.");
  await expect(listening).toContainText("The call has ended.", { timeout: 20_000 });
  await expect(listening.getByRole("textbox")).toHaveCount(0);
  await screenshot(page, "agent-desktop-listen-1440");
  await listening.getByRole("button", { name: "Stop listening" }).click();
  await expect(listening).toBeHidden();
  await page.getByRole("region", { name: "Wrap-up" }).getByRole("button", { name: "Ready" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Available");
  // Enough calls for one test: the owner steps away.
  await status.getByRole("button", { name: "Break" }).click();

  // The teammate ends the call: the campaign's own dispositions; Call back schedules the call back for them.
  const ended = mate.page.getByRole("region", { name: /^Call ended: Homeowner\d+ Lane\d+$/ });
  const end = ended.getByRole("form", { name: "End the call" });
  await expect(end.getByRole("radio")).toHaveCount(3);
  await end.getByLabel("Booked a roof check").check();
  await end.getByLabel("Call back").check();
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}T10:30`;
  await end.getByLabel("Call back at").fill(local);
  await end.getByLabel("Only me").check();
  await end.getByLabel("Notes").fill("Wants the details by email first");
  await end.getByRole("button", { name: /End Call|Save Disposition/ }).click();
  await expect(toastText(mate.page, "Callback scheduled for you")).toBeVisible();

  // Wrap-up: the countdown runs and no call is offered until it ends or Ready.
  const wrapUp = mate.page.getByRole("region", { name: "Wrap-up" });
  await expect(wrapUp).toBeVisible();
  await expect(mateStatus.getByTestId("my-status")).toHaveText("Wrap-up");
  const left = async () =>
    Number(((await wrapUp.getByTestId("wrap-up-left").textContent()) ?? "0:0").split(":")[1]);
  const before = await left();
  expect(before).toBeGreaterThan(0);
  await expect.poll(left, { timeout: 5_000 }).toBeLessThan(before);
  const callbacks = mate.page.getByRole("region", { name: "Callbacks" });
  await expect(callbacks.getByRole("listitem")).toHaveCount(1);
  await expect(callbacks).toContainText("Wants the details by email first");
  await screenshot(mate.page, "agent-desktop-wrap-up-1440");
  await mate.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(mate.page, "agent-desktop-wrap-up-390");
  await mate.page.setViewportSize({ width: 1440, height: 1000 });
  await wrapUp.getByRole("button", { name: "Ready" }).click();
  await expect(mateStatus.getByTestId("my-status")).toHaveText("Available");
  await expect(wrapUp).toBeHidden();
  await mate.context.close();
});
