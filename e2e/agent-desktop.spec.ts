import { expect, test } from "@playwright/test";
import { callingPlaceNow, expectAccessible, newAccount, screenshot, toastText } from "./helpers";

/**
 * The agent desktop on the built-in carrier simulator: a rep takes a simulated call on
 * /autodialer/console, sees both sides' live transcript (the callee greets, the rep says the
 * script's opening, the callee answers), ends the call with one of the campaign's own
 * dispositions scheduling a call back, and sees the campaign's wrap-up count down before Ready.
 * Screenshots at 1440 and 390 px.
 */

const OPENING = "Hi, this is Sam from Sunny Roofs, do you have a minute?";

test("agent desktop: a simulated call with both sides' transcript, the script, a call back and wrap-up", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
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
  await expect(call.getByRole("region", { name: "Contact" }).getByTestId("lead-phone")).toBeVisible();

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

  // The campaign's own dispositions; Call back schedules the call back for the rep.
  const end = call.getByRole("form", { name: "End the call" });
  await expect(end.getByRole("radio")).toHaveCount(3);
  await end.getByLabel("Booked a roof check").check();
  await end.getByLabel("Call back").check();
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}T10:30`;
  await end.getByLabel("Call back at").fill(local);
  await end.getByLabel("Only me").check();
  await end.getByLabel("Notes").fill("Wants the details by email first");
  await end.getByRole("button", { name: /End Call|Save Disposition/ }).click();
  await expect(toastText(page, "Callback scheduled for you")).toBeVisible();

  // Wrap-up: the countdown runs and no call is offered until it ends or Ready.
  const wrapUp = page.getByRole("region", { name: "Wrap-up" });
  await expect(wrapUp).toBeVisible();
  await expect(status.getByTestId("my-status")).toHaveText("Wrap-up");
  const left = async () =>
    Number(((await wrapUp.getByTestId("wrap-up-left").textContent()) ?? "0:0").split(":")[1]);
  const before = await left();
  expect(before).toBeGreaterThan(0);
  await expect.poll(left, { timeout: 5_000 }).toBeLessThan(before);
  const callbacks = page.getByRole("region", { name: "Callbacks" });
  await expect(callbacks.getByRole("listitem")).toHaveCount(1);
  await expect(callbacks).toContainText("Wants the details by email first");
  await screenshot(page, "agent-desktop-wrap-up-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "agent-desktop-wrap-up-390");
  await page.setViewportSize({ width: 1440, height: 1000 });
  await wrapUp.getByRole("button", { name: "Ready" }).click();
  await expect(status.getByTestId("my-status")).toHaveText("Available");
  await expect(wrapUp).toBeHidden();
});
