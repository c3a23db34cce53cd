import { ACCEPTED_AUDIO_TYPES } from "../../common/voice";

export type AudioType = (typeof ACCEPTED_AUDIO_TYPES)[number];

type Format = {
  /** What a person calls it. */
  label: string;
  /** ffmpeg's demuxer, forced so the bytes are read as what they were declared to be, never guessed. */
  demuxer: string;
  /** ffprobe's format_name for it (a comma list, e.g. "matroska,webm"). */
  formatName: string;
  extension: string;
  /** The first bytes of such a file. */
  looksRight(head: Buffer): boolean;
};

const ascii = (head: Buffer, at: number, text: string) =>
  head.subarray(at, at + text.length).toString("latin1") === text;

const WEBM: Format = {
  label: "WebM",
  demuxer: "matroska",
  formatName: "matroska,webm",
  extension: "webm",
  looksRight: (head) => head.readUInt32BE(0) === 0x1a45dfa3,
};
const WAV: Format = {
  label: "WAV",
  demuxer: "wav",
  formatName: "wav",
  extension: "wav",
  looksRight: (head) => (ascii(head, 0, "RIFF") || ascii(head, 0, "RF64")) && ascii(head, 8, "WAVE"),
};

const FORMATS: Record<AudioType, Format> = {
  "audio/webm": WEBM,
  "audio/ogg": {
    label: "Ogg",
    demuxer: "ogg",
    formatName: "ogg",
    extension: "ogg",
    looksRight: (head) => ascii(head, 0, "OggS"),
  },
  "audio/wav": WAV,
  "audio/x-wav": WAV,
  "audio/wave": WAV,
  "audio/mpeg": {
    label: "MP3",
    demuxer: "mp3",
    formatName: "mp3",
    extension: "mp3",
    // An ID3 tag, or straight into an MPEG audio frame (11 sync bits).
    looksRight: (head) => ascii(head, 0, "ID3") || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0),
  },
  "audio/mp4": {
    label: "MP4",
    demuxer: "mov",
    formatName: "mov,mp4,m4a,3gp,3g2,mj2",
    extension: "m4a",
    looksRight: (head) => ascii(head, 4, "ftyp"),
  },
  "audio/aac": {
    label: "AAC",
    demuxer: "aac",
    formatName: "aac",
    extension: "aac",
    // ADTS frames (12 sync bits, layer 0) or an ADIF header.
    looksRight: (head) => ascii(head, 0, "ADIF") || (head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0),
  },
};

/**
 * The declared type of an upload reduced to one we accept ("audio/webm;codecs=opus" is
 * "audio/webm"), or null when it is not one of them.
 */
export function acceptedAudioType(declared: string | undefined): AudioType | null {
  const base = (declared ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return (ACCEPTED_AUDIO_TYPES as readonly string[]).includes(base) ? (base as AudioType) : null;
}

export function audioFormat(type: AudioType): Format {
  return FORMATS[type];
}

/** True when the bytes look like readable text rather than audio (for a plainer refusal). */
export function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 512);
  if (head.length === 0) return false;
  const text = head.toString("utf8");
  if (text.includes("\uFFFD")) return false;
  // Tabs, newlines and printable characters only.
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if ((code < 0x20 && char !== "\t" && char !== "\n" && char !== "\r") || code === 0x7f) return false;
  }
  return true;
}

/** "2 hours 18 minutes", "2 minutes 30 seconds", "45 seconds": how long a recording is, in words. */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (hours > 0) return minutes ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(hours, "hour");
  if (minutes > 0)
    return rest ? `${unit(minutes, "minute")} ${unit(rest, "second")}` : unit(minutes, "minute");
  return unit(rest, "second");
}
