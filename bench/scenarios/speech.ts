import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { printTable } from "../load";
import { signUp, startServer } from "../server";

/**
 * Speech recognition on clear synthetic speech: 20 sentences a caller might say, spoken by
 * espeak-ng and resampled to 16 kHz mono. Each is one recorded turn through the real server
 * (POST /api/calls/:id/process-audio with the WAV) with the recogniser the server is configured
 * with (SPEECH_BASE_URL in the environment measures that service; otherwise local pocketsphinx),
 * beside a baseline in the same run: pocketsphinx_continuous called directly the way the server
 * called it before it had a deadline (`-infile x.wav -logfn /dev/null`, no deadline).
 * Prints the median word error rate and the time per turn (p50, p95).
 */

const PORT = 5187;

/** Written for this benchmark; not in any training or test corpus. */
export const SENTENCES = [
  "hello i would like to book an appointment for next tuesday",
  "can you tell her that her mother called and wants a call back",
  "this is the pharmacy your prescription is ready for pickup",
  "i am calling about the car insurance quote you asked for",
  "please call me back as soon as you can it is urgent",
  "we have a special offer on solar panels for your home",
  "hi this is john from the dental office confirming your visit",
  "the package will be delivered tomorrow between nine and noon",
  "your account has been suspended press one to speak to an agent",
  "i need to reschedule my meeting to friday afternoon",
  "good morning i am returning your call from yesterday",
  "my phone number is five five five one two three four",
  "is this a good time to talk about your electricity bill",
  "the school nurse says your son has a fever",
  "thank you for calling have a nice day",
  "we would like to invite you to a free seminar on retirement",
  "the plumber is running late and will arrive at three",
  "could you send me the price list by email",
  "there is a problem with your order and we need your address",
  "i just wanted to say happy birthday and i love you",
];

const words = (text: string) => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];

/** Word error rate: word-level edit distance over the reference's length. */
export function wordErrorRate(reference: string, heard: string): number {
  const ref = words(reference);
  const hyp = words(heard);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return (previous[hyp.length] ?? 0) / Math.max(1, ref.length);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2
    ? (sorted[Math.floor(mid)] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

function speak(dir: string, index: number, sentence: string): string {
  const raw = path.join(dir, `raw-${index}.wav`);
  const wav = path.join(dir, `turn-${index}.wav`);
  execFileSync("espeak-ng", ["-v", "en-us", "-w", raw, sentence]);
  execFileSync("ffmpeg", [
    "-nostdin",
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-i",
    raw,
    "-ar",
    "16000",
    "-ac",
    "1",
    wav,
  ]);
  return wav;
}

type Result = { wer: number; ms: number; failed: string | null; heard: string };

function summarise(label: string, results: Result[]) {
  const timedOut = results.filter((r) => r.failed?.includes("took longer")).length;
  return {
    recogniser: label,
    "median WER": median(results.map((r) => r.wer)).toFixed(2),
    "mean WER": (results.reduce((sum, r) => sum + r.wer, 0) / results.length).toFixed(2),
    "p50 ms/turn": Math.round(
      percentile(
        results.map((r) => r.ms),
        50,
      ),
    ),
    "p95 ms/turn": Math.round(
      percentile(
        results.map((r) => r.ms),
        95,
      ),
    ),
    "max ms/turn": Math.round(Math.max(...results.map((r) => r.ms))),
    "not transcribed": `${results.filter((r) => r.failed).length} (${timedOut} past the deadline)`,
  };
}

export async function speechBench(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "aip-bench-speech-"));
  try {
    const files = SENTENCES.map((sentence, i) => speak(dir, i, sentence));

    // Baseline: the old invocation, straight on the command line, no deadline.
    const baseline: Result[] = [];
    for (const [i, file] of files.entries()) {
      const started = performance.now();
      const heard = execFileSync("pocketsphinx_continuous", ["-infile", file, "-logfn", "/dev/null"], {
        encoding: "utf8",
      })
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .join(" ");
      baseline.push({
        wer: wordErrorRate(SENTENCES[i] ?? "", heard),
        ms: performance.now() - started,
        failed: null,
        heard,
      });
    }

    const server = await startServer({ port: PORT });
    const turns: Result[] = [];
    let recogniser = "";
    try {
      const { cookie } = await signUp(server.url);
      const headers = { cookie, origin: server.url };
      const status = (await (await fetch(`${server.url}/api/speech/status`, { headers })).json()) as {
        label: string;
        timeoutSeconds: number;
      };
      recogniser = `server: ${status.label}, deadline ${status.timeoutSeconds} s`;
      for (const [i, file] of files.entries()) {
        const call = (await (
          await fetch(`${server.url}/api/calls/simulate`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify({ phoneNumber: `+1212555${String(1000 + i)}` }),
          })
        ).json()) as { id: string };
        const form = new FormData();
        form.append(
          "audio",
          new Blob([new Uint8Array(readFileSync(file))], { type: "audio/wav" }),
          "recording.wav",
        );
        const started = performance.now();
        const response = await fetch(`${server.url}/api/calls/${call.id}/process-audio`, {
          method: "POST",
          headers,
          body: form,
        });
        const ms = performance.now() - started;
        const body = (await response.json()) as { transcription?: string; message?: string };
        const heard = response.ok ? (body.transcription ?? "") : "";
        turns.push({
          wer: wordErrorRate(SENTENCES[i] ?? "", heard),
          ms,
          failed: response.ok ? null : (body.message ?? String(response.status)),
          heard,
        });
      }
    } finally {
      await server.stop();
    }

    printTable(
      "What was heard (server turns)",
      turns.map((r, i) => ({
        said: SENTENCES[i] ?? "",
        heard: r.failed ? `(${r.failed.slice(0, 60)})` : r.heard,
        WER: r.wer.toFixed(2),
      })),
    );
    printTable(
      `Speech recognition on ${SENTENCES.length} clear espeak-ng sentences (16 kHz mono WAV), one recorded turn each`,
      [
        summarise("baseline: pocketsphinx_continuous as called before (CLI, no deadline)", baseline),
        summarise(recogniser, turns),
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
