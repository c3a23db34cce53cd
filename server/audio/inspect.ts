import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type DomainError, Invalid, TooLarge, UnsupportedFormat } from "../domain/errors";
import { type AudioType, audioFormat, looksLikeText, spokenDuration } from "./formats";
import { runTool, ToolMissing } from "./tools";

/** What one kind of upload may be, and how to say no to it. */
export type AudioRules = {
  /** The longest recording taken, in seconds. */
  maxSeconds: number;
  /** What the person is sending: "voice sample", "recording". */
  noun: string;
  /** Said after a refusal for length: what to do instead. */
  tooLongAdvice: string;
  /** Said when the bytes are of the declared kind but cannot be read. */
  unreadable: string;
};

/** An upload checked against its rules, stored in a private temporary file while it is worked on. */
export type CheckedAudio = {
  type: AudioType;
  file: string;
  /** From the container, or counted from its packets when it does not say; null when ffprobe is missing. */
  durationSeconds: number | null;
  /** False when ffprobe is not installed: the bytes were only sniffed. */
  probed: boolean;
};

const PROBE_TIMEOUT_MS = 5_000;
const PROBE_OUTPUT_BYTES = 64 * 1024;
/** Decoding a recording at the longest allowed length takes well under a second; this is a backstop. */
const DECODE_TIMEOUT_MS = 15_000;

/**
 * Checks an upload before anything decodes it: the declared type against the bytes' signature,
 * then ffprobe (reading the declared container only, never guessing) for an audio stream and the
 * length. Refuses with a 4xx a person can act on; hands the checked file to `use`, then deletes it.
 */
export async function withCheckedAudio<T>(
  bytes: Buffer,
  type: AudioType,
  rules: AudioRules,
  use: (audio: CheckedAudio) => Promise<T>,
  /** The caller's deadline: when it fires, the tools are stopped and ToolTimeout thrown. */
  signal?: AbortSignal,
): Promise<T> {
  const format = audioFormat(type);
  if (!format.looksRight(bytes)) {
    const what = looksLikeText(bytes) ? "it is text" : `its content is not ${format.label} audio`;
    throw new UnsupportedFormat(
      `The ${rules.noun} was sent as ${format.label} audio, but ${what}. Record it again, or send it with its real type.`,
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "aip-audio-"));
  try {
    const file = path.join(dir, `input.${format.extension}`);
    await writeFile(file, bytes, { mode: 0o600 });
    const probe = await probeAudio(file, type, rules, signal);
    if (probe && probe.durationSeconds !== null && probe.durationSeconds > rules.maxSeconds) {
      throw tooLong(rules, probe.durationSeconds);
    }
    let durationSeconds = probe?.durationSeconds ?? null;
    if (probe && durationSeconds === null) {
      // The container does not say (Chromium's recordings): count the packets, stopping past the limit.
      durationSeconds = await measureSeconds(file, type, rules, signal);
      if (durationSeconds > rules.maxSeconds) throw tooLong(rules, null);
    }
    return await use({ type, file, durationSeconds, probed: probe !== null });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * 413 for a recording over the limit: its length when the container said it, or "longer than"
 * when decoding (which stops just past the limit) found out.
 */
export function tooLong(rules: AudioRules, seconds: number | null): DomainError {
  const limit = spokenDuration(rules.maxSeconds);
  const said =
    seconds === null
      ? `The ${rules.noun} is longer than ${limit}, the longest taken.`
      : `The ${rules.noun} is ${spokenDuration(seconds)} long; the longest taken is ${limit}.`;
  return new TooLarge(`${said} ${rules.tooLongAdvice}`);
}

type ProbeJson = {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string; duration?: string }[];
};

async function probeAudio(
  file: string,
  type: AudioType,
  rules: AudioRules,
  signal: AbortSignal | undefined,
): Promise<{ durationSeconds: number | null } | null> {
  const format = audioFormat(type);
  let output: Buffer;
  try {
    output = await runTool(
      "ffprobe",
      [
        "-v",
        "error",
        "-protocol_whitelist",
        "file",
        "-f",
        format.demuxer,
        "-show_entries",
        "format=format_name,duration:stream=codec_type,codec_name,duration",
        "-of",
        "json",
        file,
      ],
      { timeoutMs: PROBE_TIMEOUT_MS, maxOutputBytes: PROBE_OUTPUT_BYTES, ...(signal ? { signal } : {}) },
    );
  } catch (error) {
    if (error instanceof ToolMissing) return null;
    if (signal?.aborted) throw error;
    throw new Invalid(rules.unreadable);
  }
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(output.toString("utf8")) as ProbeJson;
  } catch {
    throw new Invalid(rules.unreadable);
  }
  if (parsed.format?.format_name !== format.formatName) {
    throw new UnsupportedFormat(`The ${rules.noun} was sent as ${format.label} audio, but it is not.`);
  }
  const streams = parsed.streams ?? [];
  if (!streams.some((stream) => stream.codec_type === "audio")) {
    throw new Invalid(`The ${rules.noun} has no sound in it. Record it again.`);
  }
  if (streams.some((stream) => stream.codec_type === "video")) {
    throw new UnsupportedFormat(`The ${rules.noun} has video in it. Send the sound only.`);
  }
  const lengths = [parsed.format?.duration, ...streams.map((stream) => stream.duration)]
    .map((value) => Number(value))
    .filter((value) => Number.isFinite(value) && value > 0);
  return { durationSeconds: lengths.length ? Math.max(...lengths) : null };
}

/**
 * How long a recording is, from its packets' timestamps: ffmpeg copies the audio stream (no
 * decoding) to the null muxer, stopping one second past the limit, and reports how far it got.
 */
async function measureSeconds(
  file: string,
  type: AudioType,
  rules: AudioRules,
  signal: AbortSignal | undefined,
): Promise<number> {
  let output: Buffer;
  try {
    output = await runTool(
      "ffmpeg",
      [
        "-nostdin",
        "-hide_banner",
        "-loglevel",
        "error",
        "-protocol_whitelist",
        "file",
        "-f",
        audioFormat(type).demuxer,
        "-i",
        file,
        "-t",
        String(rules.maxSeconds + 1),
        "-map",
        "0:a:0",
        "-c",
        "copy",
        "-f",
        "null",
        "-progress",
        "pipe:1",
        "-nostats",
        "-",
      ],
      { timeoutMs: PROBE_TIMEOUT_MS, maxOutputBytes: PROBE_OUTPUT_BYTES, ...(signal ? { signal } : {}) },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Invalid(rules.unreadable);
  }
  const reached = [...output.toString("utf8").matchAll(/^out_time_us=(\d+)$/gm)].map((match) =>
    Number(match[1]),
  );
  return Math.max(0, ...reached) / 1e6;
}

/**
 * Decodes a checked recording to 16-bit mono PCM at `rate`, in ffmpeg: at most `maxSeconds`
 * (plus one, to tell "too long" from "exactly at the limit") whatever the container claims, so
 * the output, and our memory, stay bounded.
 */
export async function decodeToPcm(
  audio: CheckedAudio,
  options: { rate: number; maxSeconds: number; signal?: AbortSignal },
): Promise<Int16Array> {
  const cap = options.maxSeconds + 1;
  const bytes = await runTool(
    "ffmpeg",
    [
      ...decodeInput(audio),
      "-t",
      String(cap),
      "-ac",
      "1",
      "-ar",
      String(options.rate),
      "-f",
      "s16le",
      "pipe:1",
    ],
    {
      timeoutMs: DECODE_TIMEOUT_MS,
      maxOutputBytes: Math.ceil(cap * options.rate * 2) + 64 * 1024,
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  // A buffer of its own (not a view into Node's shared pool), so it can be handed to a worker.
  const samples = new Int16Array(Math.floor(bytes.length / 2));
  new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.length * 2));
  return samples;
}

/** Decodes a checked recording to a 16 kHz (or `rate`) mono WAV file, bounded the same way. */
export async function decodeToWavFile(
  audio: CheckedAudio,
  output: string,
  options: { rate: number; maxSeconds: number; signal?: AbortSignal },
): Promise<void> {
  await runTool(
    "ffmpeg",
    [
      ...decodeInput(audio),
      "-t",
      String(options.maxSeconds + 1),
      "-ac",
      "1",
      "-ar",
      String(options.rate),
      "-y",
      output,
    ],
    {
      timeoutMs: DECODE_TIMEOUT_MS,
      maxOutputBytes: 1024,
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
}

function decodeInput(audio: CheckedAudio): string[] {
  return [
    "-nostdin",
    "-hide_banner",
    "-loglevel",
    "error",
    "-threads",
    "1",
    "-protocol_whitelist",
    "file",
    "-f",
    audioFormat(audio.type).demuxer,
    "-i",
    audio.file,
    "-vn",
    "-sn",
  ];
}
