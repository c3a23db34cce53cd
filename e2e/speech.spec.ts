import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms, toastText } from "./helpers";

/**
 * The Record button on Active Calls: the browser's own speech recognition where it works (the
 * words appear as they are heard and go to the server as a typed turn), otherwise a recording the
 * server recognises; the screen says which recogniser is in use. Headless Chromium has a
 * `webkitSpeechRecognition` with no speech service behind it, so the real one exercises the
 * fallback; a fake recogniser injected before the page loads exercises the browser path.
 */

async function startCall(page: Page, number: string) {
  await page.goto("/active-calls");
  await page.getByLabel("Caller number").fill(number);
  await page.getByRole("button", { name: "Start Call Simulation" }).click();
  await expect(page.getByText("Live Call", { exact: true })).toBeVisible();
  await expect(page.getByTestId("ai-response")).toContainText("You've reached my assistant");
}

const SERVER_NOTICE =
  /^Speech recognition: (local \(pocketsphinx\), rough on open speech|none on this server)/;

/**
 * Replaces the browser's recogniser with one the test speaks through: `window.speech.hear(text,
 * final)`, `window.speech.fail(code)`, `window.speech.end()`. `failOnStart` makes it fail before
 * listening (as a blocked microphone does).
 */
async function fakeRecogniser(page: Page, options: { failOnStart?: string } = {}) {
  await page.addInitScript((failOnStart) => {
    type Handler = ((event?: unknown) => void) | null;
    const state = {
      instance: null as FakeRecognition | null,
      results: [] as [string, boolean][],
      started: 0,
    };
    class FakeRecognition {
      lang = "";
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      onaudiostart: Handler = null;
      onresult: Handler = null;
      onerror: Handler = null;
      onend: Handler = null;
      start() {
        state.instance = this;
        state.results = [];
        state.started++;
        setTimeout(() => {
          if (failOnStart) {
            this.onerror?.({ error: failOnStart });
            this.onend?.();
          } else this.onaudiostart?.();
        }, 50);
      }
      stop() {
        setTimeout(() => this.onend?.(), 50);
      }
      abort() {
        setTimeout(() => this.onend?.(), 0);
      }
    }
    const speech = {
      state,
      hear(text: string, final: boolean) {
        const last = state.results.at(-1);
        const index = last && !last[1] ? state.results.length - 1 : state.results.length;
        state.results[index] = [text, final];
        const results = state.results.map(([t, f]) => Object.assign([{ transcript: t }], { isFinal: f }));
        state.instance?.onresult?.({ resultIndex: index, results });
      },
      fail(code: string) {
        state.instance?.onerror?.({ error: code });
      },
      end() {
        state.instance?.onend?.();
      },
    };
    Object.assign(window, { webkitSpeechRecognition: FakeRecognition, SpeechRecognition: undefined, speech });
  }, options.failOnStart ?? "");
}

/**
 * Notes, in the page, the parts of every FormData the page sends to process-audio: the type of
 * each file part and the text of text parts (a browser's multipart body is not visible to the
 * test from outside).
 */
async function noteUploads(page: Page) {
  await page.addInitScript(() => {
    const sent: { type: string; text: string | null }[][] = [];
    Object.assign(window, { uploads: sent });
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (String(input).includes("/process-audio") && init?.body instanceof FormData) {
        const parts = await Promise.all(
          [...init.body.values()].map(async (value) =>
            value instanceof Blob
              ? { type: value.type, text: value.type.startsWith("text/") ? await value.text() : null }
              : { type: "field", text: value },
          ),
        );
        sent.push(parts);
      }
      return original(input, init);
    };
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { uploads: { type: string; text: string | null }[][] }).uploads,
    );
}

type SpeechWindow = {
  speech: {
    hear(text: string, final: boolean): void;
    fail(code: string): void;
    end(): void;
    state: { started: number };
  };
};
const hear = (page: Page, text: string, final: boolean) =>
  page.evaluate(
    ([t, f]) => (window as unknown as SpeechWindow).speech.hear(t as string, f as boolean),
    [text, final],
  );

test("the browser's recogniser: words shown as they are heard, sent as the caller's turn", async ({
  page,
}, testInfo) => {
  await fakeRecogniser(page);
  const uploads = await noteUploads(page);
  await signUpAndAcceptTerms(page);
  await startCall(page, "+1 415 555 0182");
  const controls = page.getByRole("toolbar", { name: "Call controls" });
  await expect(page.getByTestId("speech-notice")).toContainText(
    "Speech recognition: your browser's own, showing the words as they are heard",
  );
  await expect(page.getByTestId("speech-notice")).toContainText(
    /Where it is unavailable, recordings are transcribed on the server: (local \(pocketsphinx\)|none)\./,
  );

  await controls.getByRole("button", { name: "Record" }).click();
  await expect(toastText(page, "Speak now to test the AI assistant")).toBeVisible();
  const heard = page.getByTestId("heard-so-far");
  await expect(heard).toHaveText("Hearing: listening...");
  await hear(page, "hi i'd like to", false);
  await expect(heard).toHaveText("Hearing: hi i'd like to");
  await hear(page, "Hi, I'd like to book a cleaning", true);
  await hear(page, "for Friday at 10am", false);
  await expect(heard).toHaveText("Hearing: Hi, I'd like to book a cleaning for Friday at 10am");
  await expect(controls.getByRole("button", { name: /Stop Recording \(0:0\d\)/ })).toBeVisible();
  await screenshot(page, "speech-browser-hearing");
  await expectAccessible(page, testInfo, "active-call-dictating");

  const upload = page.waitForResponse((response) => response.url().includes("/process-audio"));
  await controls.getByRole("button", { name: /Stop Recording/ }).click();
  expect((await (await upload).json()).transcription).toBe(
    "Hi, I'd like to book a cleaning for Friday at 10am",
  );
  // The browser's text goes as a typed turn: one text/plain part, no audio.
  expect(await uploads()).toEqual([
    [{ type: "text/plain", text: "Hi, I'd like to book a cleaning for Friday at 10am" }],
  ]);
  await expect(toastText(page, "Call classified as: appointment")).toBeVisible();
  await expect(page.getByRole("region", { name: "Transcript" })).toContainText(
    "Caller: Hi, I'd like to book a cleaning for Friday at 10am",
  );
  await expect(heard).toBeHidden();
  await screenshot(page, "speech-browser-sent");
});

test("the browser's recogniser stopping by itself sends what it heard; silence sends nothing", async ({
  page,
}) => {
  await fakeRecogniser(page);
  await signUpAndAcceptTerms(page);
  await startCall(page, "+1 415 555 0183");
  const controls = page.getByRole("toolbar", { name: "Call controls" });

  await controls.getByRole("button", { name: "Record" }).click();
  await expect(page.getByTestId("heard-so-far")).toBeVisible();
  await page.evaluate(() => (window as unknown as SpeechWindow).speech.end());
  await expect(
    toastText(page, "No speech was recognised. Please try again, or type what the caller says."),
  ).toBeVisible();
  await expect(controls.getByRole("button", { name: "Record" })).toBeVisible();

  await controls.getByRole("button", { name: "Record" }).click();
  // Listening first (a recogniser reports words only once it listens).
  await expect(page.getByTestId("heard-so-far")).toHaveText("Hearing: listening...");
  await hear(page, "Can you ask her to call me back about the invoice", true);
  const upload = page.waitForResponse((response) => response.url().includes("/process-audio"));
  await page.evaluate(() => (window as unknown as SpeechWindow).speech.end());
  expect((await upload).status()).toBe(200);
  await expect(page.getByRole("region", { name: "Transcript" })).toContainText(
    "Caller: Can you ask her to call me back about the invoice",
  );
});

test("a blocked microphone says so and sends nothing", async ({ page }) => {
  await fakeRecogniser(page, { failOnStart: "not-allowed" });
  await signUpAndAcceptTerms(page);
  await startCall(page, "+1 415 555 0184");
  let uploads = 0;
  page.on("request", (request) => {
    if (request.url().includes("/process-audio")) uploads++;
  });
  await page.getByRole("toolbar", { name: "Call controls" }).getByRole("button", { name: "Record" }).click();
  await expect(
    toastText(page, "Could not start recording. Please check microphone permissions."),
  ).toBeVisible();
  await expect(page.getByTestId("heard-so-far")).toBeHidden();
  expect(uploads).toBe(0);
});

test("a speech service that fails once listening carries the turn on as a recording for the server", async ({
  page,
}) => {
  await fakeRecogniser(page);
  const uploads = await noteUploads(page);
  await signUpAndAcceptTerms(page);
  await startCall(page, "+1 415 555 0185");
  const controls = page.getByRole("toolbar", { name: "Call controls" });
  await controls.getByRole("button", { name: "Record" }).click();
  await expect(page.getByTestId("heard-so-far")).toBeVisible();
  await page.evaluate(() => {
    const { speech } = window as unknown as SpeechWindow;
    speech.fail("network");
    speech.end();
  });
  await expect(toastText(page, /this turn is recorded and transcribed on the server/)).toBeVisible();
  await expect(page.getByTestId("heard-so-far")).toBeHidden();
  await expect(page.getByTestId("speech-notice")).toHaveText(SERVER_NOTICE);
  await expect(controls.getByRole("button", { name: /Stop Recording \(0:0[1-9]\)/ })).toBeVisible({
    timeout: 5000,
  });
  const upload = page.waitForResponse((response) => response.url().includes("/process-audio"));
  await controls.getByRole("button", { name: /Stop Recording/ }).click();
  await upload;
  expect(await uploads()).toEqual([[{ type: expect.stringMatching(/^audio\/webm/), text: null }]]);
  // The next turn records straight away: the browser's recogniser is not tried again this visit.
  await expect(toastText(page, /Call classified as|Processing Error/)).toBeVisible({ timeout: 30_000 });
  await controls.getByRole("button", { name: "Record" }).click();
  await expect(controls.getByRole("button", { name: /Stop Recording/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as SpeechWindow).speech.state.started)).toBe(1);
  await expect(page.getByTestId("heard-so-far")).toBeHidden();
});

test("headless Chromium's recogniser has no service: Record falls back to a recording the server recognises", async ({
  page,
}, testInfo) => {
  const uploads = await noteUploads(page);
  await signUpAndAcceptTerms(page);
  await startCall(page, "+1 415 555 0186");
  const controls = page.getByRole("toolbar", { name: "Call controls" });
  await controls.getByRole("button", { name: "Record" }).click();
  await expect(toastText(page, "Speak now to test the AI assistant")).toBeVisible();
  await expect(controls.getByRole("button", { name: /Stop Recording \(0:0[1-9]\)/ })).toBeVisible({
    timeout: 5000,
  });
  await expect(page.getByTestId("heard-so-far")).toBeHidden();
  // Once the browser's recogniser has failed, the notice names the server's.
  await expect(page.getByTestId("speech-notice")).toHaveText(SERVER_NOTICE);
  await screenshot(page, "speech-server-fallback");
  await expectAccessible(page, testInfo, "active-call-recording");

  const upload = page.waitForResponse((response) => response.url().includes("/process-audio"));
  await controls.getByRole("button", { name: /Stop Recording/ }).click();
  const response = await upload;
  expect(await uploads()).toEqual([[{ type: expect.stringMatching(/^audio\/webm/), text: null }]]);
  // The fake microphone plays a tone: the server answers with what it heard, or that it heard nothing.
  expect([200, 422]).toContain(response.status());
  await expect(toastText(page, /Call classified as|Processing Error/)).toBeVisible({ timeout: 30_000 });
});

test("a browser without speech recognition records from the start and names the server's recogniser", async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.assign(window, { webkitSpeechRecognition: undefined, SpeechRecognition: undefined });
  });
  await signUpAndAcceptTerms(page);
  await startCall(page, "+1 415 555 0187");
  await expect(page.getByTestId("speech-notice")).toHaveText(SERVER_NOTICE);
  const status = await page.evaluate(() => fetch("/api/speech/status").then((r) => r.json()));
  await expect(page.getByTestId("speech-notice")).toHaveText(status.message);
  const controls = page.getByRole("toolbar", { name: "Call controls" });
  await controls.getByRole("button", { name: "Record" }).click();
  await expect(controls.getByRole("button", { name: /Stop Recording/ })).toBeVisible();
  await expect(page.getByTestId("heard-so-far")).toBeHidden();
  await screenshot(page, "speech-no-browser-recogniser");
});
