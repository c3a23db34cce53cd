import { expect, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms } from "./helpers";

/**
 * Settings, Voice Cloning: an account keeps at most 10 voice profiles. The
 * screen counts them, says so at the limit and offers no Create button to press until one is
 * deleted. Profiles are made through the API with a short tone (the microphone path is in
 * settings.spec.ts).
 */

/** A 4-second 120 Hz tone with harmonics as a WAV data URL. */
function toneDataUrl(): string {
  const rate = 8000;
  const samples = rate * 4;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const value = Math.sin(2 * Math.PI * 120 * t) + 0.5 * Math.sin(4 * Math.PI * 120 * t);
    view.setInt16(44 + i * 2, Math.round((value / 1.5) * 0.3 * 32767), true);
  }
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:audio/wav;base64,${btoa(binary)}`;
}

test("ten voice profiles is the most: the screen counts them and says so at the limit", async ({
  page,
}, testInfo) => {
  await signUpAndAcceptTerms(page);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Voice Cloning", exact: true });
  await expect(section.getByRole("heading", { name: "Your voice profiles (0 of 10)" })).toBeVisible();
  await expect(
    section.getByText("Recording stops by itself at 2:00, the longest sample taken."),
  ).toBeVisible();

  const statuses = await page.evaluate(async (audioData) => {
    const answers: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const response = await fetch("/api/voice-profiles", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ voiceName: `Voice ${i}`, audioData, consent: true }),
      });
      answers.push(response.status);
    }
    return answers;
  }, toneDataUrl());
  expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 201, 201, 409]);

  await page.reload();
  await expect(section.getByRole("heading", { name: "Your voice profiles (10 of 10)" })).toBeVisible();
  await expect(page.getByTestId("voice-limit")).toHaveText(
    "You have 10 voice profiles, the most an account can keep. Delete one you no longer use to create another.",
  );
  await expect(section.getByRole("button", { name: "Create Voice Profile" })).toBeDisabled();
  await expect(section.getByRole("button", { name: "Start Recording" })).toBeDisabled();
  await screenshot(page, "settings-voice-limit");
  await expectAccessible(page, testInfo, "settings-voice-limit");

  await section.getByRole("button", { name: "Delete Voice 1", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete Voice Profile" }).click();
  await expect(section.getByRole("heading", { name: "Your voice profiles (9 of 10)" })).toBeVisible();
  await expect(page.getByTestId("voice-limit")).toBeHidden();
  await expect(section.getByRole("button", { name: "Create Voice Profile" })).toBeEnabled();
  await expect(section.getByRole("button", { name: "Start Recording" })).toBeEnabled();
});
