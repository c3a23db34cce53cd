import { beforeAll, describe, expect, it } from "vitest";
import { MIN_SPEECH_SECONDS } from "../../../common/voice";
import { ffmpeg, speechLikePcm, spokenWav, toneWav } from "../../test/audio";
import { ANALYSIS_RATE, analyzePcm } from "./audio";

/** Speech measured: what counts toward a voice sample and what does not. */

const RATE = ANALYSIS_RATE;

/** Any audio as the service analyses it: 8 kHz mono 16-bit PCM, decoded by ffmpeg. */
function decoded(audio: Buffer): Int16Array {
  const raw = ffmpeg(["-i", "pipe:0", "-f", "s16le", "-ac", "1", "-ar", String(RATE), "pipe:1"], audio);
  return new Int16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}

/** A seeded random number between -1 and 1, so each run hears the same noise. */
function noiseSource(seed = 1) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

function whiteNoise(seconds: number, amplitude: number): Int16Array {
  const next = noiseSource();
  return Int16Array.from({ length: seconds * RATE }, () => Math.round(next() * amplitude * 32767));
}

/** `burst` seconds of `make(length)` every `every` seconds, silence between. */
function bursts(seconds: number, every: number, burst: number, make: (length: number) => Int16Array) {
  const out = new Int16Array(seconds * RATE);
  for (let at = 0; at + burst * RATE <= out.length; at += every * RATE) out.set(make(burst * RATE), at);
  return out;
}

const speech = (pcm: Int16Array) => analyzePcm(pcm, RATE).speechSeconds;

describe("speech measured in a sample", () => {
  it.each([
    ["20 s of digital silence", () => new Int16Array(20 * RATE)],
    ["20 s of faint room noise", () => whiteNoise(20, 0.002)],
    ["20 s of loud noise", () => whiteNoise(20, 0.2)],
    ["20 s of a steady vowel-like tone", () => decoded(toneWav(20, 120))],
    [
      "a 10 s tone between stretches of silence",
      () => {
        const out = new Int16Array(20 * RATE);
        out.set(decoded(toneWav(10, 150)), 5 * RATE);
        return out;
      },
    ],
    [
      "beeps of one pitch every half second",
      () => {
        const beep = decoded(toneWav(0.3, 440));
        return bursts(20, 0.5, 0.3, () => beep);
      },
    ],
    ["bursts of noise", () => bursts(20, 0.5, 0.3, (length) => whiteNoise(length / RATE, 0.3))],
    [
      "bursts of low rumble",
      () =>
        bursts(20, 0.5, 0.3, (length) => {
          const next = noiseSource(3);
          let value = 0;
          return Int16Array.from({ length }, () => {
            value = 0.98 * value + next() * 0.05;
            return Math.round(value * 32767);
          });
        }),
    ],
  ])("%s: no speech", (_name, make) => {
    expect(speech(make())).toBe(0);
  });

  it("speech-like syllables with a moving pitch and pauses: most of the time, and short of it", () => {
    const long = analyzePcm(speechLikePcm(14, 120), RATE);
    expect(long.speechSeconds).toBeGreaterThanOrEqual(MIN_SPEECH_SECONDS);
    expect(long.speechSeconds).toBeLessThan(14);
    expect(long.pitchHz).toBeGreaterThan(105);
    expect(long.pitchHz).toBeLessThan(135);
    const short = speech(speechLikePcm(6, 120));
    expect(short).toBeGreaterThan(4);
    expect(short).toBeLessThan(6);
    // A high voice, and the same bursts with noise under them, measure the same.
    expect(speech(speechLikePcm(14, 210))).toBeGreaterThanOrEqual(MIN_SPEECH_SECONDS);
    const noise = whiteNoise(14, 0.01);
    const noisy = speechLikePcm(14, 120).map((value, i) => value + (noise[i] ?? 0));
    expect(speech(noisy)).toBeGreaterThanOrEqual(MIN_SPEECH_SECONDS);
  });

  describe("espeak-ng reading a 15-second passage", () => {
    let passage: Int16Array;
    beforeAll(async () => {
      passage = decoded(
        await spokenWav(
          "Hello, thanks for calling. I can't get to the phone right now, but my assistant will take your name, your number and what it's about. If it's urgent, say so and I'll get it straight away. Otherwise I will call you back this afternoon. Have a wonderful day.",
        ),
      );
    });

    it("is at least 10 seconds of speech; its first 6 seconds are not", () => {
      expect(passage.length / RATE).toBeGreaterThan(13);
      const whole = speech(passage);
      expect(whole).toBeGreaterThanOrEqual(MIN_SPEECH_SECONDS);
      expect(whole).toBeLessThanOrEqual(passage.length / RATE);
      const start = speech(passage.subarray(0, 6 * RATE));
      expect(start).toBeLessThan(MIN_SPEECH_SECONDS);
      expect(start).toBeGreaterThan(4);
    });

    it("pauses do not count: the passage with 2 s of silence after each 2 s measures no more", () => {
      const spaced = new Int16Array(passage.length * 2);
      for (let at = 0; at < passage.length; at += 2 * RATE) {
        spaced.set(passage.subarray(at, at + 2 * RATE), at * 2);
      }
      expect(Math.abs(speech(spaced) - speech(passage))).toBeLessThan(1.5);
    });
  });
});
