import { expect, test } from "@playwright/test";
import { asDataUrl, speechLikeWav } from "../server/test/audio";
import { expectAccessible, screenshot, signUpAndAcceptTerms } from "./helpers";

/**
 * Settings, Voice Cloning: an account keeps at most 10 voice profiles. The
 * screen counts them, says so at the limit and offers no Create button to press until one is
 * deleted. Profiles are made through the API with 13 s of speech-like audio (the microphone path
 * is in settings.spec.ts).
 */

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

  const statuses = await page.evaluate(
    async (audioData) => {
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
    },
    asDataUrl(speechLikeWav(13)),
  );
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
