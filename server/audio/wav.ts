/**
 * PCM WAV in memory: 16-bit mono samples with the standard 44-byte header, and the length of
 * a WAV's audio from its header. For audio the app makes itself (the carrier simulator's
 * recordings) and the tests' tones; uploads are read by ffprobe (inspect.ts), never by this.
 */

/** 16-bit little-endian mono PCM samples (`data`) at `rate` Hz, as a WAV file. */
export function pcmWav(data: Buffer, rate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Seconds of audio in a PCM WAV (its byte rate and data chunk); 0 when it is not one. */
export function wavSeconds(audio: Buffer): number {
  if (audio.length < 44 || audio.toString("ascii", 0, 4) !== "RIFF") return 0;
  const byteRate = audio.readUInt32LE(28);
  let offset = 12;
  while (offset + 8 <= audio.length) {
    const id = audio.toString("ascii", offset, offset + 4);
    const size = audio.readUInt32LE(offset + 4);
    if (id === "data") return byteRate > 0 ? Math.min(size, audio.length - offset - 8) / byteRate : 0;
    offset += 8 + size + (size % 2);
  }
  return 0;
}
