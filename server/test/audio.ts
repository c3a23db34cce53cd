import { pcmWav } from "../audio/wav";

/**
 * Test support: a WAV file in memory, a vowel-like tone (a fundamental plus harmonics) so the
 * sample analysis finds a pitch, without depending on a synthesiser being installed.
 */
export function toneWav(seconds: number, hz = 120, rate = 16000, amplitude = 0.3): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const value =
      Math.sin(2 * Math.PI * hz * t) +
      0.5 * Math.sin(4 * Math.PI * hz * t) +
      0.25 * Math.sin(6 * Math.PI * hz * t);
    data.writeInt16LE(Math.round((value / 1.75) * amplitude * 32767), i * 2);
  }
  return pcmWav(data, rate);
}

export const asDataUrl = (audio: Buffer, type = "audio/wav") =>
  `data:${type};base64,${audio.toString("base64")}`;
