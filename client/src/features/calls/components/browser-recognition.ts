/**
 * The browser's own speech recognition (Web Speech API: `SpeechRecognition`, or
 * `webkitSpeechRecognition` in Chrome, Edge and Safari) behind a small promise-based dictation:
 * start, show the words as they are heard, stop and hand back the text. Written against the few
 * members it uses, so tests can drive it with a fake recogniser.
 */

/** One alternative of one result, as the browser reports it. */
type Alternative = { transcript: string };
type Result = { readonly isFinal: boolean; readonly length: number; [index: number]: Alternative };
export type RecognitionResultEvent = {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: Result };
};
export type RecognitionErrorEvent = { readonly error: string; readonly message?: string };

/** The members of SpeechRecognition used here. */
export type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onaudiostart: (() => void) | null;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
export type RecognitionConstructor = new () => Recognition;

/** The browser's recogniser, or null where it has none (Firefox, most embedded browsers). */
export function findBrowserRecognition(scope: object = globalThis): RecognitionConstructor | null {
  const candidates = scope as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const found = candidates.SpeechRecognition ?? candidates.webkitSpeechRecognition;
  return typeof found === "function" ? (found as RecognitionConstructor) : null;
}

/**
 * Why dictation could not start. `unavailable`: the browser has no working speech service here
 * (no network, a browser without the service, headless): record and let the server recognise.
 * `denied`: the microphone is blocked: recording would fail the same way.
 */
export class DictationUnavailable extends Error {
  constructor(
    readonly reason: "unavailable" | "denied",
    readonly code: string,
  ) {
    super(`speech recognition ${reason} (${code})`);
    this.name = "DictationUnavailable";
  }
}

const DENIED = new Set(["not-allowed"]);

export type Dictation = {
  /** Stops listening and resolves with everything heard (trimmed; empty when nothing was). */
  stop(): Promise<string>;
  /** Stops without keeping anything. */
  cancel(): void;
  /** While muted, what is heard is dropped (the recogniser itself cannot be muted). */
  setMuted(muted: boolean): void;
};

export type DictationOptions = {
  lang: string;
  /** Everything heard so far, final and provisional, each time it changes. */
  onText(text: string): void;
  /**
   * The recogniser ended by itself (the browser stops after a long silence, or on an error once
   * words were heard), with what it heard.
   */
  onEnded(text: string): void;
  /** The speech service failed after listening began but before a word came back. */
  onFailed(error: DictationUnavailable): void;
};

/**
 * Starts dictation; resolves once the microphone is listening (audiostart), or rejects with
 * DictationUnavailable when the recogniser fails first (Chromium without a speech service says
 * "start", then "audio-capture" or "network", then "end").
 */
export function startDictation(
  Recognizer: RecognitionConstructor,
  options: DictationOptions,
): Promise<Dictation> {
  const recognition = new Recognizer();
  recognition.lang = options.lang;
  recognition.continuous = true;
  recognition.interimResults = true;
  recognition.maxAlternatives = 1;

  /** The text of each result by its index; results heard while muted are left out. */
  const heard = new Map<number, string>();
  const muted = new Set<number>();
  let isMuted = false;
  let started = false;
  let failure: DictationUnavailable | null = null;
  let stopping: ((text: string) => void) | null = null;
  let cancelled = false;

  const text = () =>
    [...heard.entries()]
      .filter(([index]) => !muted.has(index))
      .sort(([a], [b]) => a - b)
      .map(([, words]) => words.trim())
      .filter(Boolean)
      .join(" ");

  return new Promise<Dictation>((resolve, reject) => {
    const dictation: Dictation = {
      stop() {
        return new Promise<string>((done) => {
          stopping = done;
          recognition.stop();
        });
      },
      cancel() {
        cancelled = true;
        recognition.abort();
      },
      setMuted(next) {
        isMuted = next;
      },
    };

    recognition.onaudiostart = () => {
      started = true;
      resolve(dictation);
    };
    recognition.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        if (!result) continue;
        if (isMuted) muted.add(i);
        heard.set(i, result[0]?.transcript ?? "");
      }
      options.onText(text());
    };
    recognition.onerror = (event) => {
      if (event.error === "aborted" || event.error === "no-speech") return;
      const error = new DictationUnavailable(DENIED.has(event.error) ? "denied" : "unavailable", event.error);
      if (!started) reject(error);
      // Nothing heard yet: the service is not working here. Otherwise "end" delivers what was heard.
      else if (heard.size === 0) failure = error;
    };
    recognition.onend = () => {
      if (!started) {
        reject(new DictationUnavailable("unavailable", "ended"));
        return;
      }
      if (cancelled) return;
      if (stopping) stopping(text());
      else if (failure) options.onFailed(failure);
      else options.onEnded(text());
    };
    try {
      recognition.start();
    } catch (error) {
      reject(new DictationUnavailable("unavailable", error instanceof Error ? error.name : "start"));
    }
  });
}
