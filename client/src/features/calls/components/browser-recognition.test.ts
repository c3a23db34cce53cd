import { describe, expect, it } from "vitest";
import {
  DictationUnavailable,
  findBrowserRecognition,
  type Recognition,
  type RecognitionResultEvent,
  startDictation,
} from "./browser-recognition";

/** A recogniser the test drives: it records what it was asked and emits what the test says. */
class FakeRecognition implements Recognition {
  static last: FakeRecognition | null = null;
  lang = "";
  continuous = false;
  interimResults = false;
  maxAlternatives = 0;
  onaudiostart: (() => void) | null = null;
  onresult: ((event: RecognitionResultEvent) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  calls: string[] = [];
  /** Each result as [transcript, isFinal]. */
  results: [string, boolean][] = [];

  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.calls.push("start");
  }
  stop() {
    this.calls.push("stop");
    queueMicrotask(() => this.onend?.());
  }
  abort() {
    this.calls.push("abort");
    queueMicrotask(() => this.onend?.());
  }
  listen() {
    this.onaudiostart?.();
  }
  /** Sets result `index` (a new one, or a provisional one revised) and reports from there. */
  hear(index: number, transcript: string, isFinal: boolean) {
    this.results[index] = [transcript, isFinal];
    const results = this.results.map(([text, final]) =>
      Object.assign([{ transcript: text }], { isFinal: final }),
    );
    this.onresult?.({ resultIndex: index, results });
  }
  fail(error: string) {
    this.onerror?.({ error });
  }
  end() {
    this.onend?.();
  }
}

const recogniser = () => {
  const fake = FakeRecognition.last;
  if (!fake) throw new Error("no recogniser was made");
  return fake;
};

function start(overrides: Partial<Parameters<typeof startDictation>[1]> = {}) {
  const seen = { texts: [] as string[], ended: [] as string[], failed: [] as DictationUnavailable[] };
  const started = startDictation(FakeRecognition, {
    lang: "en-GB",
    onText: (text) => seen.texts.push(text),
    onEnded: (text) => seen.ended.push(text),
    onFailed: (error) => seen.failed.push(error),
    ...overrides,
  });
  return { started, seen };
}

describe("finding the browser's recogniser", () => {
  it("takes the standard name, then Chrome's prefixed one, else none", () => {
    expect(findBrowserRecognition({})).toBeNull();
    expect(findBrowserRecognition({ webkitSpeechRecognition: FakeRecognition })).toBe(FakeRecognition);
    class Standard extends FakeRecognition {}
    expect(
      findBrowserRecognition({ SpeechRecognition: Standard, webkitSpeechRecognition: FakeRecognition }),
    ).toBe(Standard);
    expect(findBrowserRecognition({ SpeechRecognition: "not a constructor" })).toBeNull();
  });
});

describe("dictation", () => {
  it("listens continuously with provisional results, shows the words as they come, and hands back the final text", async () => {
    const { started, seen } = start();
    const fake = recogniser();
    expect(fake).toMatchObject({ lang: "en-GB", continuous: true, interimResults: true, calls: ["start"] });
    fake.listen();
    const dictation = await started;

    fake.hear(0, "hello i'd", false);
    fake.hear(0, "Hello, I'd like to book", true);
    fake.hear(1, "a cleaning", false);
    expect(seen.texts).toEqual([
      "hello i'd",
      "Hello, I'd like to book",
      "Hello, I'd like to book a cleaning",
    ]);
    fake.hear(1, "a cleaning for Friday", true);

    await expect(dictation.stop()).resolves.toBe("Hello, I'd like to book a cleaning for Friday");
    expect(fake.calls).toEqual(["start", "stop"]);
    expect(seen.ended).toEqual([]);
  });

  it("keeps a provisional result that was not final when stopped", async () => {
    const { started } = start();
    recogniser().listen();
    const dictation = await started;
    recogniser().hear(0, "call me back", false);
    await expect(dictation.stop()).resolves.toBe("call me back");
  });

  it("drops what is heard while muted", async () => {
    const { started, seen } = start();
    recogniser().listen();
    const dictation = await started;
    recogniser().hear(0, "first part", true);
    dictation.setMuted(true);
    recogniser().hear(1, "private words", true);
    dictation.setMuted(false);
    recogniser().hear(2, "second part", true);
    expect(seen.texts.at(-1)).toBe("first part second part");
    await expect(dictation.stop()).resolves.toBe("first part second part");
  });

  it.each([
    ["network", "unavailable"],
    ["service-not-allowed", "unavailable"],
    ["audio-capture", "unavailable"],
    ["language-not-supported", "unavailable"],
    ["not-allowed", "denied"],
  ])("refuses to start on %s before listening (%s)", async (code, reason) => {
    const { started } = start();
    recogniser().fail(code);
    recogniser().end();
    const error = await started.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DictationUnavailable);
    expect(error).toMatchObject({ reason, code });
  });

  it("refuses when the browser throws on start", async () => {
    class Throwing extends FakeRecognition {
      override start() {
        throw new DOMException("already started", "InvalidStateError");
      }
    }
    const started = startDictation(Throwing, { lang: "en-US", onText() {}, onEnded() {}, onFailed() {} });
    await expect(started).rejects.toMatchObject({ reason: "unavailable", code: "InvalidStateError" });
  });

  it("reports a service that fails after listening began but before any word", async () => {
    const { started, seen } = start();
    recogniser().listen();
    await started;
    recogniser().fail("network");
    recogniser().end();
    expect(seen.failed).toHaveLength(1);
    expect(seen.failed[0]).toMatchObject({ reason: "unavailable", code: "network" });
    expect(seen.ended).toEqual([]);
  });

  it("delivers what was heard when the browser ends by itself (a long silence, or an error after words)", async () => {
    const { started, seen } = start();
    recogniser().listen();
    await started;
    recogniser().hear(0, "is anyone there", true);
    recogniser().fail("network");
    recogniser().end();
    expect(seen.ended).toEqual(["is anyone there"]);
    expect(seen.failed).toEqual([]);

    const quiet = start();
    recogniser().listen();
    await quiet.started;
    recogniser().fail("no-speech");
    recogniser().end();
    expect(quiet.seen.ended).toEqual([""]);
  });

  it("keeps nothing when cancelled", async () => {
    const { started, seen } = start();
    recogniser().listen();
    const dictation = await started;
    recogniser().hear(0, "never mind", true);
    dictation.cancel();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recogniser().calls).toEqual(["start", "abort"]);
    expect(seen.ended).toEqual([]);
  });
});
