import { describe, expect, it } from "vitest";
import { recordingOf } from "../test/speech";
import { pcmWav, wavSeconds } from "./wav";

describe("PCM WAV in memory", () => {
  it("writes a header whose length reads back", () => {
    const wav = pcmWav(Buffer.alloc(8000 * 2 * 3), 8000);
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
    expect(wav.length).toBe(44 + 48_000);
    expect(wavSeconds(wav)).toBe(3);
  });

  it("finds the data chunk after other chunks, and is 0 for what is not a WAV", () => {
    // Half a second at 16 kHz, with a chunk of words before the data.
    expect(wavSeconds(recordingOf("Call me back"))).toBe(0.5);
    expect(wavSeconds(Buffer.from("not audio at all, just some text"))).toBe(0);
    expect(wavSeconds(Buffer.alloc(10))).toBe(0);
  });
});
