import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyzePcm } from "../features/voice/audio";
import { runEspeakWasm } from "./espeak-wasm";
import { wasmArguments } from "./espeak-wasm-worker";
import { ToolFailed, ToolTimeout } from "./spawn-tool";
import { wavSeconds } from "./wav";

const limits = { timeoutMs: 30_000, maxOutputBytes: 20 * 1024 * 1024 };
const TEXT = "Thank you for calling. How can I help you today?";
const dir = mkdtempSync(path.join(os.tmpdir(), "aip-espeak-wasm-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const speak = (options: string[], text = TEXT) => runEspeakWasm([...options, "--stdout", "--", text], limits);

/** The WAV's format from its 44-byte header (espeak-ng's), and its samples. */
function readSpeech(wav: Buffer) {
  expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
  expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
  const rate = wav.readUInt32LE(24);
  const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
  return {
    channels: wav.readUInt16LE(22),
    rate,
    bits: wav.readUInt16LE(34),
    seconds: wavSeconds(wav),
    pitchHz: analyzePcm(samples, rate).pitchHz ?? 0,
  };
}

describe("espeak-ng's WebAssembly build", () => {
  it("speaks a 22 kHz mono WAV in the voice, variant, pitch and speed asked", async () => {
    const male = readSpeech(await speak(["-v", "en-us+m3", "-p", "50", "-s", "165"]));
    expect(male).toMatchObject({ channels: 1, rate: 22050, bits: 16 });
    expect(male.seconds).toBeGreaterThan(1.5);
    expect(male.seconds).toBeLessThan(6);

    const female = readSpeech(await speak(["-v", "en-us+f2", "-p", "50", "-s", "165"]));
    expect(female.pitchHz).toBeGreaterThan(male.pitchHz * 1.4);
    const lower = readSpeech(await speak(["-v", "en-us+f2", "-p", "20", "-s", "165"]));
    expect(lower.pitchHz).toBeLessThan(female.pitchHz);

    const fast = readSpeech(await speak(["-v", "en-us+m3", "-p", "50", "-s", "300"]));
    expect(fast.seconds).toBeLessThan(male.seconds * 0.75);

    const spanish = readSpeech(await speak(["-v", "es+f3", "-p", "72"], "Gracias por llamar."));
    expect(spanish.seconds).toBeGreaterThan(0.5);
  });

  it("writes -w's file, and answers --version with its text", async () => {
    const file = path.join(dir, "hello.wav");
    expect((await runEspeakWasm(["-v", "en-us", "-w", file, "Hello"], limits)).length).toBe(0);
    expect(readSpeech(readFileSync(file)).seconds).toBeGreaterThan(0.2);
    expect((await runEspeakWasm(["--version"], limits)).toString()).toMatch(/^eSpeak NG text-to-speech: \d/);
  });

  it("fails with espeak-ng's own message, as the program would", async () => {
    const failed = speak(["-v", "xx-nowhere"]);
    await expect(failed).rejects.toBeInstanceOf(ToolFailed);
    await expect(failed).rejects.toThrow(/voice does not exist/);
    await expect(runEspeakWasm(["--stdout", "Hi"], { ...limits, maxOutputBytes: 1000 })).rejects.toThrow(
      /wrote more than 1000 bytes/,
    );
  });

  it("stops at the deadline, or when the caller gives up, and speaks the next text", async () => {
    await expect(
      runEspeakWasm(["--stdout", "--", TEXT.repeat(10)], { ...limits, timeoutMs: 20 }),
    ).rejects.toBeInstanceOf(ToolTimeout);
    const cancel = new AbortController();
    const cancelled = runEspeakWasm(["--stdout", "--", TEXT.repeat(10)], {
      ...limits,
      signal: cancel.signal,
    });
    cancel.abort();
    await expect(cancelled).rejects.toBeInstanceOf(ToolTimeout);
    expect(readSpeech(await speak(["-v", "en-us"])).seconds).toBeGreaterThan(1);
  });

  it("writes its WAV in memory for --stdout and -w, and passes the text after -- untouched", () => {
    expect(wasmArguments(["-v", "en", "--stdout", "--", "--stdout -w x"])).toEqual({
      args: ["-v", "en", "-w", "/output.wav", "--", "--stdout -w x"],
      wav: "stdout",
    });
    expect(wasmArguments(["-w", "/tmp/x.wav", "Hi"])).toEqual({
      args: ["-w", "/output.wav", "Hi"],
      wav: "/tmp/x.wav",
    });
    expect(wasmArguments(["--version"])).toEqual({ args: ["--version"], wav: null });
  });
});
