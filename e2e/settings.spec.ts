import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { asDataUrl, speechLikeWav, spokenWav } from "../server/test/audio";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * /settings in Chromium: profile fields saved on blur, the assistant's settings (and the engine
 * using them), the voice-profile lifecycle with Chromium's fake microphone, plan gating of voice
 * cloning, calendar integration and the install-status box.
 */

/**
 * A browser whose fake microphone reads the Voice Cloning passage aloud (espeak-ng, about 13 s,
 * looped), so a recording holds real speech: the server takes a sample only with at least 10 s
 * of it. Chromium's flag is per browser, so this worker launches its own; the other tests (and
 * other files) keep the default fake microphone.
 */
const speaking = test.extend<object, { speechFile: string }>({
  speechFile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), "aip-e2e-speech-"));
      const file = path.join(dir, "speech.wav");
      writeFileSync(
        file,
        await spokenWav(
          "Hello, thanks for calling. I can't get to the phone right now, but my assistant will take your name, your number and what it's about. If it's urgent, say so and I'll get it straight away. Have a wonderful day.",
        ),
      );
      await use(file);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  launchOptions: [
    async ({ launchOptions, speechFile }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), `--use-file-for-fake-audio-capture=${speechFile}`],
      });
    },
    { scope: "worker" },
  ],
});

const api = <T>(page: Page, path: string, init?: { method?: string; body?: unknown }) =>
  page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init?.method ?? "GET",
        headers: init?.body === undefined ? {} : { "content-type": "application/json" },
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return response.status === 204 ? null : response.json();
    },
    { path, init },
  ) as Promise<T>;

/** Counts PUT /api/user/profile requests, to prove that blurring an unchanged field sends nothing. */
function countProfileSaves(page: Page) {
  const counter = { n: 0 };
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().endsWith("/api/user/profile")) counter.n++;
  });
  return counter;
}

async function openSettings(page: Page) {
  await page.getByRole("link", { name: "Settings" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("profile fields save on blur, only when changed; a new email asks for the password", async ({
  page,
}) => {
  const account = await signUpAndAcceptTerms(page);
  await openSettings(page);
  const saves = countProfileSaves(page);

  const fullName = page.getByLabel("Full Name");
  await expect(fullName).toHaveValue(account.fullName);
  // Focus and leave without a change: nothing is sent.
  await fullName.focus();
  await fullName.blur();
  await page.getByLabel("Cellphone Number").focus();
  await page.getByLabel("Cellphone Number").blur();
  await page.waitForTimeout(300);
  expect(saves.n).toBe(0);

  await fullName.fill("Dana K. Scully");
  await expect(toastText(page, "Profile Updated")).toHaveCount(0);
  await fullName.press("Tab");
  await expect(toastText(page, "Profile Updated")).toBeVisible();
  expect(saves.n).toBe(1);

  const phone = page.getByLabel("Cellphone Number");
  await phone.fill("(555) 123-4567");
  await phone.blur();
  await expect(toastText(page, "Cellphone number saved.")).toBeVisible();
  await expect(phone).toHaveValue("5551234567");
  expect(saves.n).toBe(2);

  await phone.fill("12345");
  await phone.blur();
  await expect(toastText(page, "Please enter a valid phone number (at least 10 digits)")).toBeVisible();

  // The email: the password first; a wrong one is refused in the dialog, Cancel puts the old one back.
  const email = page.getByLabel("Email", { exact: true });
  await email.fill("dana.scully@example.com");
  await email.blur();
  const dialog = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Current password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Save Email" }).click();
  await expect(dialog.getByText("Please enter your current password to change your email")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);

  await page.getByLabel("Email", { exact: true }).fill("dana.scully@example.com");
  await page.getByLabel("Email", { exact: true }).blur();
  await dialog.getByLabel("Current password").fill(account.password);
  await dialog.getByRole("button", { name: "Save Email" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Email saved.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Full Name")).toHaveValue("Dana K. Scully");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("dana.scully@example.com");
  await expect(page.getByLabel("Cellphone Number")).toHaveValue("5551234567");
  const user = await api<{ fullName: string; cellphoneNumber: string; email: string }>(page, "/api/user");
  expect(user).toMatchObject({
    fullName: "Dana K. Scully",
    cellphoneNumber: "5551234567",
    email: "dana.scully@example.com",
  });
});

test("AI assistant settings save as they change, and the next call uses them", async ({ page }, testInfo) => {
  await signUpAndAcceptTerms(page);
  await openSettings(page);

  await page.getByLabel("Personality").selectOption("friendly");
  await expect(toastText(page, "Personality: friendly.")).toBeVisible();

  const greeting = page.getByLabel("Greeting Message");
  await greeting.fill("Hi! Dana's assistant here, what can I do for you?");
  await greeting.blur();
  await expect(toastText(page, "Greeting message saved.")).toBeVisible();

  await page.getByRole("switch", { name: "Auto-block spam" }).click();
  await expect(toastText(page, "Auto-block spam off.")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Auto-block spam" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await page.getByRole("switch", { name: "Forward urgent calls" }).click();
  await expect(toastText(page, "Urgent forwarding on.")).toBeVisible();

  await page.getByLabel("Appointment Duration").selectOption("90");
  await expect(toastText(page, "Appointment duration: 90 minutes.")).toBeVisible();

  // Working hours: an end before the start is caught before saving.
  await page.getByLabel("End").fill("08:00");
  await page.getByLabel("End").blur();
  await expect(page.getByText("Working hours must end after they start")).toBeVisible();
  await page.getByLabel("Start").fill("08:30");
  await page.getByLabel("End").fill("18:00");
  await page.getByLabel("End").blur();
  await expect(toastText(page, "Working hours: 08:30 to 18:00.")).toBeVisible();
  await page.getByRole("checkbox", { name: "Saturday" }).click();
  await expect(toastText(page, "Saturday added to working days.")).toBeVisible();
  await page.getByRole("checkbox", { name: "Monday" }).click();
  await expect(toastText(page, "Monday removed from working days.")).toBeVisible();

  await page.getByLabel("Time Zone").selectOption("Europe/London");
  await expect(toastText(page, "Time zone: Europe/London.")).toBeVisible();

  await screenshot(page, "settings-ai");
  await expectAccessible(page, testInfo, "settings");

  await page.reload();
  await expect(page.getByLabel("Personality")).toHaveValue("friendly");
  await expect(page.getByLabel("Greeting Message")).toHaveValue(
    "Hi! Dana's assistant here, what can I do for you?",
  );
  await expect(page.getByRole("switch", { name: "Auto-block spam" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await expect(page.getByLabel("Appointment Duration")).toHaveValue("90");
  await expect(page.getByLabel("Start")).toHaveValue("08:30");
  await expect(page.getByRole("checkbox", { name: "Monday" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Saturday" })).toBeChecked();
  await expect(page.getByLabel("Time Zone")).toHaveValue("Europe/London");

  const saved = await api<Record<string, unknown>>(page, "/api/ai-settings");
  expect(saved).toMatchObject({
    personality: "friendly",
    autoBlockSpam: false,
    forwardUrgent: true,
    appointmentDuration: 90,
    workingHours: { start: "08:30", end: "18:00", days: [2, 3, 4, 5, 6] },
    timezone: "Europe/London",
  });

  // The next call greets with the new greeting and no longer blocks spam.
  const call = await api<{ id: string; transcript: string }>(page, "/api/calls/simulate", {
    method: "POST",
    body: { phoneNumber: "+15551234567" },
  });
  expect(call.transcript).toBe("AI: Hi! Dana's assistant here, what can I do for you?");
  const turn = await api<{ call: { isActive: boolean; classification: string } }>(
    page,
    `/api/calls/${call.id}/process-audio`,
    { method: "POST", body: { text: "Final notice about your car's extended warranty. Press 1 now." } },
  );
  expect(turn.call).toMatchObject({ isActive: true, classification: "spam" });
});

speaking(
  "voice profile lifecycle with the microphone: record, name, consent, create, activate, delete",
  async ({ page }, testInfo) => {
    // About 16 s of it is recording in real time (a short sample, then one long enough to take).
    testInfo.setTimeout(90_000);
    await signUpAndAcceptTerms(page);
    await openSettings(page);
    const section = page.getByRole("region", { name: "Voice Cloning", exact: true });
    await expect(page.getByTestId("voice-service")).toHaveText(/^Voice cloning is not set up on this server/);

    // Before recording, the screen says how much speech it needs.
    await expect(section.getByTestId("speech-needed")).toHaveText(
      "Speak for at least 10 seconds (pauses do not count); 30 seconds is recommended.",
    );
    // Nothing recorded yet.
    await page.getByRole("button", { name: "Create Voice Profile" }).click();
    await expect(toastText(page, "Please record audio and enter a voice name")).toBeVisible();

    await page.getByRole("button", { name: "Start Recording" }).click();
    const progress = page.getByRole("progressbar", { name: "Recording progress" });
    await expect(progress).toBeVisible();
    await expect(page.getByTestId("recording-time")).toHaveText(/Recording 0:0[2-9] \/ 0:30/, {
      timeout: 8000,
    });
    await screenshot(page, "settings-voice-recording");
    // Too short to be taken: the screen says so before anything is sent.
    await page.getByRole("button", { name: "Stop Recording" }).click();
    await expect(page.getByTestId("sample-too-short")).toHaveText(
      "This recording is shorter than 10 seconds, too short to be taken. Record again and speak for at least 10 seconds.",
    );
    // Twelve seconds of the passage: over 10 s of speech.
    await page.getByRole("button", { name: "Record Again" }).click();
    await expect(page.getByTestId("recording-time")).toHaveText(/Recording 0:12 \/ 0:30/, {
      timeout: 20_000,
    });
    await page.getByRole("button", { name: "Stop Recording" }).click();
    await expect(page.getByLabel("Your recorded sample")).toBeVisible();
    await expect(page.getByTestId("recording-time")).toHaveText(/^Recorded 0:1[2-4] \/ 0:30$/);
    await expect(page.getByTestId("sample-too-short")).toHaveCount(0);

    // A sample but no name.
    await page.getByRole("button", { name: "Create Voice Profile" }).click();
    await expect(section.getByRole("alert")).toHaveText("Please record audio and enter a voice name");
    await page.getByLabel("Voice Name").fill("Office voice");
    await page.getByRole("button", { name: "Create Voice Profile" }).click();
    await expect(section.getByRole("alert")).toHaveText(
      "Please confirm this is your own voice and that you consent to cloning it",
    );
    await page.getByRole("checkbox", { name: /This recording is of my own voice/ }).check();
    await page.getByRole("button", { name: "Create Voice Profile" }).click();
    await expect(toastText(page, "Voice Profile Created")).toBeVisible();
    await expect(toastText(page, /nearest built-in voice/)).toBeVisible();

    // The sample is cleared once the profile exists.
    await expect(page.getByLabel("Your recorded sample")).toHaveCount(0);
    await expect(page.getByLabel("Voice Name")).toHaveValue("");
    const profiles = page.getByTestId("voice-profile");
    await expect(profiles).toHaveCount(1);
    await expect(profiles.first()).toContainText("Office voice");
    await expect(profiles.first()).toContainText("Inactive");
    await expect(profiles.first()).toContainText("Speaks with the built-in");

    // A second one (sent straight to the API: one recording above is enough); activating one at a time.
    const second = await api<{ voiceName: string }>(page, "/api/voice-profiles", {
      method: "POST",
      body: { voiceName: "Home voice", audioData: asDataUrl(speechLikeWav(13)), consent: true },
    });
    expect(second.voiceName).toBe("Home voice");
    await page.reload();
    await expect(profiles).toHaveCount(2);

    await page.getByRole("button", { name: "Activate Office voice" }).click();
    await expect(toastText(page, "Voice Activated")).toBeVisible();
    await expect(profiles.filter({ hasText: "Office voice" })).toContainText("Active");
    await page.getByRole("button", { name: "Activate Home voice" }).click();
    await expect(
      profiles.filter({ hasText: "Home voice" }).getByText("Active", { exact: true }),
    ).toBeVisible();
    await expect(profiles.filter({ hasText: "Office voice" }).getByText("Inactive")).toBeVisible();
    const stored = await api<{ voiceName: string; isActive: boolean; sampleDuration: number }[]>(
      page,
      "/api/voice-profiles",
    );
    expect(stored.filter((p) => p.isActive).map((p) => p.voiceName)).toEqual(["Home voice"]);
    expect(stored.every((p) => p.sampleDuration >= 12)).toBe(true);
    await screenshot(page, "settings-voice-profiles");
    await expectAccessible(page, testInfo, "settings-voice");

    // Hear it: the local voice speaks the greeting.
    const preview = page.waitForResponse((r) => r.url().includes("/preview"));
    // Its accessible name starts with what it shows (label in name).
    await page.getByRole("button", { name: "Hear Voice of Home voice", exact: true }).click();
    const previewed = await preview;
    expect(previewed.status()).toBe(200);
    expect(previewed.headers()["content-type"]).toBe("audio/wav");

    await page.getByRole("button", { name: "Delete Office voice" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this voice profile?" });
    await confirm.getByRole("button", { name: "Delete Voice Profile" }).click();
    await expect(confirm).toBeHidden();
    await expect(profiles).toHaveCount(1);
    await expect(profiles.first()).toContainText("Home voice");
  },
);

test("a denied microphone says so", async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await signUpAndAcceptTerms(page);
  await openSettings(page);
  await page.getByRole("button", { name: "Start Recording" }).click();
  await expect(toastText(page, "Failed to access microphone. Please check permissions.")).toBeVisible();
});

test("on the free plan voice cloning shows the upgrade page, and saved voices can still be deleted", async ({
  page,
}) => {
  await signUpAndAcceptTerms(page);
  // A voice saved while on the trial (13 s of speech-like audio).
  const created = await page.evaluate(
    async (audioData) => {
      const response = await fetch("/api/voice-profiles", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ voiceName: "Trial voice", audioData, consent: true }),
      });
      return response.status;
    },
    asDataUrl(speechLikeWav(13)),
  );
  expect(created).toBe(201);
  await api(page, "/api/subscription/cancel", { method: "POST" });
  await openSettings(page);
  const upgrade = page.getByRole("region", { name: "Voice Cloning Requires an Upgrade" });
  await expect(upgrade).toBeVisible();
  await expect(page.getByRole("button", { name: "Start Recording" })).toHaveCount(0);
  const profile = page.getByTestId("voice-profile");
  await expect(profile).toContainText("Trial voice");
  await expect(profile.getByRole("button", { name: /Activate/ })).toHaveCount(0);
  await expect(profile.getByRole("button", { name: /Hear/ })).toHaveCount(0);
  await screenshot(page, "settings-voice-free");
  await profile.getByRole("button", { name: "Delete Trial voice" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete Voice Profile" }).click();
  await expect(profile).toHaveCount(0);
  await expect(page.getByText("No voice profiles yet.")).toBeVisible();
  await upgrade.getByRole("link", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
});

test("calendar integration points to the appointments feed", async ({ page }) => {
  await signUpAndAcceptTerms(page);
  await openSettings(page);
  await expect(page.getByTestId("settings-calendar-status")).toHaveText("Not connected");
  await api(page, "/api/calendar/feed", { method: "POST" });
  await page.reload();
  await expect(page.getByTestId("settings-calendar-status")).toHaveText("Connected and syncing");
  await page.getByRole("link", { name: "Open Calendar Integration" }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByText("Calendar Integration").first()).toBeVisible();
});

test.describe("the install-status box", () => {
  test("no prompt within 3 seconds, then a prompt the page can use", async ({ page }) => {
    await signUpAndAcceptTerms(page);
    await openSettings(page);
    const status = page.getByTestId("install-status");
    await expect(status).toContainText("Install prompt not available after 3 seconds", { timeout: 6000 });
    await screenshot(page, "settings-install");
    await page.evaluate(() => {
      const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & Record<string, unknown>;
      event.prompt = async () => {};
      event.userChoice = Promise.resolve({ outcome: "accepted" });
      window.dispatchEvent(event);
    });
    await expect(status).toContainText("Ready to install");
    await page.getByRole("button", { name: "Install App" }).click();
    await expect(status).toContainText("Installed");
  });

  test("without a service worker", async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as unknown as Record<string, unknown>).serviceWorker;
    });
    await signUpAndAcceptTerms(page);
    await openSettings(page);
    await expect(page.getByTestId("install-status")).toContainText("Service Worker not supported");
  });

  test("over plain HTTP", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "isSecureContext", { value: false });
    });
    await signUpAndAcceptTerms(page);
    await openSettings(page);
    await expect(page.getByTestId("install-status")).toContainText("HTTPS required for installation");
  });
});
