import type { SpeechToText } from "../providers/speech/types";

/**
 * Test support for recorded turns without a real recogniser: a real WAV file (half a second of a
 * quiet tone, so every check on recordings passes) that carries the words it "says" in a RIFF
 * chunk of its own ("TEXT", skipped by every audio reader), and a recogniser that reads them back.
 */
export function recordingOf(words: string): Buffer {
  const rate = 16000;
  const samples = rate / 2;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 150 * i) / rate) * 3000), i * 2);
  }
  const fmt = Buffer.alloc(24);
  fmt.write("fmt ", 0);
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8); // PCM
  fmt.writeUInt16LE(1, 10); // mono
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE(rate * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write("data", 0);
  dataHeader.writeUInt32LE(data.length, 4);
  const text = Buffer.from(words, "utf8");
  const padded = text.length % 2 ? Buffer.concat([text, Buffer.alloc(1)]) : text;
  const textHeader = Buffer.alloc(8);
  textHeader.write("TEXT", 0);
  textHeader.writeUInt32LE(text.length, 4);
  const body = Buffer.concat([Buffer.from("WAVE"), fmt, textHeader, padded, dataHeader, data]);
  const riff = Buffer.alloc(8);
  riff.write("RIFF", 0);
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** The words a recordingOf() recording carries; empty for any other recording. */
export function wordsIn(recording: Buffer): string {
  const at = recording.indexOf("TEXT");
  if (at < 0) return "";
  const length = recording.readUInt32LE(at + 4);
  return recording.subarray(at + 8, at + 8 + length).toString("utf8");
}

/** Stands in for a recogniser: it "hears" the words a recordingOf() recording carries. */
export function wordReader(): SpeechToText {
  return {
    name: "test",
    timeoutMs: 5000,
    describe: () => ({ kind: "openai-compatible", host: "recogniser.test", model: "test" }),
    async transcribe(recording) {
      return wordsIn(recording.bytes);
    },
  };
}
