import { expect, test } from "@playwright/test";
import { asDataUrl, speechLikeWav } from "../server/test/audio";
import { expectAccessible, screenshot, signUpAndAcceptTerms } from "./helpers";

/**
 * The voice call demo speaks the assistant's replies in the workspace's voice: the same signed
 * audio address a phone call plays. This server has no voice service (no VOICE_API_KEY), so the
 * profile speaks with the built-in voice nearest it (espeak-ng, WAV).
 */

test("the demo plays each reply in the workspace's voice, and a reply plays again from its button", async ({
  page,
}, testInfo) => {
  // Every play() the page asks for, and whether the browser played it.
  await page.addInitScript(() => {
    const played: { src: string; ok: boolean | null }[] = [];
    (window as unknown as { played: typeof played }).played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const entry = { src: this.src, ok: null as boolean | null };
      played.push(entry);
      const result = play.call(this);
      result.then(
        () => {
          entry.ok = true;
        },
        () => {
          entry.ok = false;
        },
      );
      return result;
    };
  });
  await signUpAndAcceptTerms(page);
  const activated = await page.evaluate(
    async (audioData) => {
      const created = await fetch("/api/voice-profiles", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ voiceName: "Front desk", audioData, consent: true }),
      });
      const profile = (await created.json()) as { id: string };
      const active = await fetch(`/api/voice-profiles/${profile.id}/activate`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      return active.status;
    },
    asDataUrl(speechLikeWav(13)),
  );
  expect(activated).toBe(200);

  await page.goto("/voice-call-demo");
  await page.getByLabel("Caller's phone number").fill("212 555 0191");
  const greetingAudio = page.waitForResponse((response) =>
    response.url().includes("/api/voice-replies/audio"),
  );
  await page.getByRole("button", { name: "Start Demo Call" }).click();
  const log = page.getByRole("log", { name: "Conversation" });
  await expect(log).toContainText("How can I help you today?");
  const greeting = await greetingAudio;
  expect(greeting.status()).toBe(200);
  expect(greeting.headers()["content-type"]).toBe("audio/wav");

  const replyAudio = page.waitForResponse(
    (response) => response.url().includes("/api/voice-replies/audio") && response.url() !== greeting.url(),
  );
  const box = page.getByPlaceholder("Type what the caller would say...");
  await box.fill("Hi, my order arrived broken and I want a replacement.");
  await box.press("Enter");
  await expect(page.getByTestId("demo-analysis")).toContainText(/support/i);
  const reply = await replyAudio;
  expect(reply.status()).toBe(200);
  expect(reply.headers()["content-type"]).toBe("audio/wav");
  expect((await reply.body()).subarray(0, 4).toString()).toBe("RIFF");

  const buttons = log.getByRole("button", { name: "Play this reply" });
  await expect(buttons).toHaveCount(2);
  await buttons.first().click();
  // Greeting, reply, then the greeting again: each played by the browser.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { played: { src: string; ok: boolean | null }[] }).played),
    )
    .toEqual([
      { src: greeting.url(), ok: true },
      { src: reply.url(), ok: true },
      { src: greeting.url(), ok: true },
    ]);
  await screenshot(page, "voice-call-demo-audio");
  await expectAccessible(page, testInfo, "voice-call-demo-audio");
});
