import { expect, type Page, test } from "@playwright/test";
import { speechLikeWav } from "../server/test/audio";
import { acceptTerms, expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * AI Studio: each of the six tabs clicked through against the server. A flow
 * is written and tested, then answers a simulated call; a voice sample is generated and played,
 * a voice added from a recording and chosen; a message analyzed; a rule created that acts when
 * a call ends (its run counted on the screen), then paused; the agent test cases listed; the
 * figures read from the calls made. Screenshots of every tab at desktop and phone width.
 */

/** A simulated call through the API (the page's session): the caller's words, then the end. */
async function simulatedCall(page: Page, phoneNumber: string, words: string): Promise<string | null> {
  const api = page.request;
  const started = await api.post("/api/calls/simulate", { data: { phoneNumber } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  const heard = await api.post(`/api/calls/${id}/process-audio`, { data: { text: words } });
  expect(heard.ok(), await heard.text()).toBe(true);
  const reply = ((await heard.json()) as { response: { text: string | null } }).response.text;
  const ended = await api.patch(`/api/calls/${id}`, { data: { isActive: false } });
  expect(ended.ok(), await ended.text()).toBe(true);
  return reply;
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name });

test("AI Studio: flows, voices, analysis, automation, training and figures", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signUpAndAcceptTerms(page);
  await page.goto("/ai-studio");
  await expect(page.getByRole("heading", { level: 1, name: "AI Studio" })).toBeVisible();
  for (const name of [
    "AI Conversations",
    "Voice Engine",
    "AI Intelligence",
    "Smart Automation",
    "Agent Training",
    "Performance",
  ])
    await expect(tab(page, name)).toBeVisible();

  // --- AI Conversations: an empty state, the spec's message, a flow, its test ----------------
  await expect(page.getByText("No AI flows yet")).toBeVisible();
  await expectAccessible(page, testInfo, "ai-studio-flows-empty");
  await page.getByRole("button", { name: "Create Flow" }).click();
  const dialog = page.getByRole("dialog", { name: "Create AI flow" });
  await dialog.getByRole("button", { name: "Create Flow" }).click();
  await expect(dialog.getByText("Please fill in all fields")).toBeVisible();
  await dialog.getByLabel("Flow name").fill("Opening hours");
  await dialog.getByLabel("Trigger keywords").fill("opening hours, when are you open");
  await dialog.getByLabel("Response template").fill("Hi ");
  await dialog.getByRole("button", { name: "{{callerName}}" }).click();
  await dialog.getByLabel("Response template").press("End");
  await dialog.getByLabel("Response template").pressSequentially(", we are open nine to five on weekdays.");
  await expect(dialog.getByLabel("Response template")).toHaveValue(
    "Hi {{callerName}}, we are open nine to five on weekdays.",
  );
  await dialog.getByLabel("Next action").selectOption({ label: "Take a message" });
  await expectAccessible(page, testInfo, "ai-studio-flow-dialog");
  await screenshot(page, "ai-studio-flow-dialog-desktop");
  await dialog.getByRole("button", { name: "Create Flow" }).click();
  await expect(toastText(page, "Flow created")).toBeVisible();
  await expect(dialog).toBeHidden();
  const flows = page.getByRole("list", { name: "AI flows" });
  const card = flows.getByRole("listitem", { name: "Opening hours" });
  await expect(card).toContainText("Take a message");
  await expect(card.getByRole("list", { name: "Trigger keywords" })).toContainText("when are you open");

  await card.getByRole("button", { name: "Test" }).click();
  await expect(card.getByText("Please enter a test message")).toBeVisible();
  await card.getByLabel("Test a caller's words").fill("Hello, what are your opening hours?");
  await card.getByRole("button", { name: "Test" }).click();
  await expect(card.getByText('Triggers on "opening hours"')).toBeVisible();
  await expect(
    card.getByText("The assistant says: Hi there, we are open nine to five on weekdays."),
  ).toBeVisible();
  await card.getByLabel("Test a caller's words").fill("I need a plumber");
  await card.getByRole("button", { name: "Test" }).click();
  await expect(card.getByText("No trigger keyword in these words")).toBeVisible();
  await expectAccessible(page, testInfo, "ai-studio-flows");
  await screenshot(page, "ai-studio-conversations-desktop");

  // The flow answers a simulated call.
  const reply = await simulatedCall(page, "+12125550101", "Hi, when are you open tomorrow?");
  // The flow answers before the assistant would offer a time.
  expect(reply).toBe("Hi there, we are open nine to five on weekdays.");

  // --- Voice Engine: a sample in a style, speed and language; a voice from a recording -------
  await tab(page, "Voice Engine").click();
  await expect(page).toHaveURL(/tab=voice/);
  await expect(page.getByText("No voices yet")).toBeVisible();
  await page.getByLabel("Text to speak").fill("Thank you for calling. We will call you back shortly.");
  await page.getByLabel("Voice style").selectOption("warm");
  await page.getByLabel("Speed").selectOption("slow");
  await page.getByLabel("Language").selectOption({ label: "English (UK)" });
  await page.getByRole("button", { name: "Generate Voice" }).click();
  const player = page.getByLabel("Generated voice sample");
  await expect(player).toBeVisible();
  await expect(page.getByText(/seconds, voice en-gb\+f4/)).toBeVisible();
  const audioUrl = await player.getAttribute("src");
  expect(audioUrl).toMatch(/^\/api\/ai-studio\/audio\//);
  const audio = await page.request.get(audioUrl ?? "");
  expect(audio.status()).toBe(200);
  expect(audio.headers()["content-type"]).toBe("audio/wav");
  // The browser can load and play it.
  const duration = await player.evaluate(
    (element: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        if (element.readyState >= 1) resolve(element.duration);
        element.addEventListener("loadedmetadata", () => resolve(element.duration));
        element.addEventListener("error", () => reject(new Error("the audio did not load")));
      }),
  );
  expect(duration).toBeGreaterThan(1);

  await expect(
    page.getByText(
      "At least 10 seconds of you speaking (pauses do not count). WAV, MP3, M4A, WebM or Ogg, up to 120 seconds and 8 MB.",
    ),
  ).toBeVisible();
  await page.getByLabel("Voice name").fill("Front desk");
  await page.getByLabel("Recording", { exact: true }).setInputFiles({
    name: "front-desk.wav",
    mimeType: "audio/wav",
    // 13 s of speech-like audio: a recording needs at least 10 s of speech to be taken.
    buffer: speechLikeWav(13, 150),
  });
  await page.getByRole("button", { name: "Add Voice" }).click();
  await expect(page.getByText("Please confirm this is your own voice")).toBeVisible();
  await page.getByLabel(/This recording is of my own voice/).check();
  await page.getByRole("button", { name: "Add Voice" }).click();
  await expect(toastText(page, "Voice added")).toBeVisible();
  const clones = page.getByRole("list", { name: "Voice clones" });
  await expect(clones).toContainText("Front desk");
  await expect(clones).toContainText("Built-in");
  await clones.getByRole("button", { name: "Use on calls" }).click();
  await expect(clones.getByText("Speaks on calls")).toBeVisible();
  await expectAccessible(page, testInfo, "ai-studio-voice");
  await screenshot(page, "ai-studio-voice-desktop");

  // --- AI Intelligence: the engine's reading and reply ----------------------------------------
  await tab(page, "AI Intelligence").click();
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByText("Please enter a message to analyze")).toBeVisible();
  await page.getByRole("button", { name: "Example 1" }).click();
  const analysis = page
    .getByRole("heading", { name: "Analysis" })
    .locator("xpath=ancestor::div[contains(@class,'rounded-lg')][1]");
  await expect(analysis).toContainText("support");
  await expect(analysis).toContainText("Recommended response");
  await expect(analysis.getByRole("progressbar", { name: "Urgency" })).toBeVisible();
  await expectAccessible(page, testInfo, "ai-studio-intelligence");
  await screenshot(page, "ai-studio-intelligence-desktop");

  // --- Smart Automation: a rule that acts when a call ends -----------------------------------
  await tab(page, "Smart Automation").click();
  await expect(page.getByText("No automation rules yet")).toBeVisible();
  await page.getByRole("button", { name: "Create Rule" }).click();
  const ruleDialog = page.getByRole("dialog", { name: "Create automation rule" });
  await ruleDialog.getByRole("button", { name: "Create Rule" }).click();
  await expect(ruleDialog.getByText("Rule name is required")).toBeVisible();
  await ruleDialog.getByLabel("Rule name").fill("Unknown callers matter");
  await ruleDialog.getByLabel("When").selectOption({ label: "The caller is not in your contacts" });
  await ruleDialog.getByLabel("Then").selectOption({ label: "Mark the call important" });
  await expectAccessible(page, testInfo, "ai-studio-rule-dialog");
  await ruleDialog.getByRole("button", { name: "Create Rule" }).click();
  await expect(toastText(page, "Rule created")).toBeVisible();
  const rules = page.getByRole("list", { name: "Automation rules" });
  const rule = rules.getByRole("listitem", { name: "Unknown callers matter" });
  await expect(rule).toContainText("When: Caller is not in your contacts");
  await expect(rule).toContainText("Ran 0 times");

  await simulatedCall(
    page,
    "+12125550102",
    "Hi, this is Dana. Please tell them I called about dinner on Friday.",
  );
  await expect(async () => {
    await page.reload();
    await expect(rule).toContainText("Ran 1 time", { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(rule).toContainText("Last run: Marked the call from +12125550102 important");
  await rule.getByRole("switch", { name: "Active" }).click();
  await expect(rule).toContainText("Paused");
  await expectAccessible(page, testInfo, "ai-studio-automation");
  await screenshot(page, "ai-studio-automation-desktop");

  // --- Agent Training: the workspace's test cases, edited on Agent Tests ---------------------
  const created = await page.request.post("/api/agent-tests", {
    data: {
      name: "No internet",
      turns: ["I have no internet since yesterday"],
      expectedClassification: "support",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await tab(page, "Agent Training").click();
  const cases = page.getByRole("list", { name: "Agent test cases" });
  await expect(cases).toContainText("No internet");
  await expect(cases).toContainText("Not run");
  await expect(page.getByRole("link", { name: "Open Agent Tests" })).toHaveAttribute("href", "/agent-tests");
  await expectAccessible(page, testInfo, "ai-studio-training");
  await screenshot(page, "ai-studio-training-desktop");

  // --- Performance: counted from the two calls made above ------------------------------------
  await tab(page, "Performance").click();
  const figures = (await (await page.request.get("/api/ai-studio/performance-metrics")).json()) as {
    windows: { days: number; calls: number; resolutionRate: number | null }[];
  };
  expect(figures.windows[0]?.calls).toBe(2);
  const calls = page.getByRole("definition").first();
  await expect(calls).toHaveText("2");
  await expect(page.getByText("Resolved by the assistant")).toBeVisible();
  await expect(page.getByText(/Response time: how long the assistant took/)).toBeVisible();
  await page.getByRole("button", { name: "Last 30 days" }).click();
  await expect(page.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, testInfo, "ai-studio-performance");
  await screenshot(page, "ai-studio-performance-desktop");

  // --- Phone width: every tab ----------------------------------------------------------------
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [value, name] of [
    ["conversations", "AI Conversations"],
    ["voice", "Voice Engine"],
    ["intelligence", "AI Intelligence"],
    ["automation", "Smart Automation"],
    ["training", "Agent Training"],
    ["performance", "Performance"],
  ] as const) {
    await page.goto(`/ai-studio${value === "conversations" ? "" : `?tab=${value}`}`);
    await expect(tab(page, name)).toHaveAttribute("aria-selected", "true");
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: /^Loading/ }),
    ).toHaveCount(0);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `${name} fits a phone`).toBeLessThanOrEqual(390);
    await screenshot(page, `ai-studio-${value}-phone`);
  }
});

test("AI Studio: a member who is not an admin can try things but not change them", async ({ page }) => {
  const api = page.request;
  // The owner's workspace, with a flow; an agent joins it.
  const ownerId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const owner = await api.post("/api/auth/signup", {
    data: {
      username: `studio_owner_${ownerId}`,
      email: `studio_owner_${ownerId}@example.com`,
      password: "e2e-password-123",
      planType: "business",
      businessInfo: { companyName: "Studio Test Ltd" },
    },
  });
  expect(owner.status(), await owner.text()).toBe(201);
  expect((await api.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } })).ok()).toBe(true);
  const flow = await api.post("/api/ai-flows", {
    data: {
      name: "Directions",
      triggerKeywords: ["directions"],
      responseTemplate: "We are at 1 Main Street.",
    },
  });
  expect(flow.status(), await flow.text()).toBe(201);
  const email = `studio_agent_${ownerId}@example.com`;
  const invited = await api.post("/api/workspace/invitations", { data: { email, role: "agent" } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { url } = (await invited.json()) as { url: string };
  await api.post("/api/auth/logout");

  await page.goto(url);
  await page.getByLabel("Full Name").fill("Sam Agent");
  await page.getByLabel("Password").fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign up and join" }).click();
  await acceptTerms(page);
  await page.goto("/ai-studio");
  await expect(page.getByText("only admins and the owner can change them")).toBeVisible();
  const card = page.getByRole("list", { name: "AI flows" }).getByRole("listitem", { name: "Directions" });
  await expect(card).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Flow" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: /Edit/ })).toHaveCount(0);
  await card.getByLabel("Test a caller's words").fill("Can I get directions?");
  await card.getByRole("button", { name: "Test" }).click();
  await expect(card.getByText("The assistant says: We are at 1 Main Street.")).toBeVisible();
});
