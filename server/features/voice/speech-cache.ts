import type { SpeechAudio } from "../../providers/voice/types";

/**
 * Synthesised replies kept in memory, least recently used first out, bounded by their bytes and
 * their number. A Map keeps insertion order, so reading an entry moves it to the end and the
 * first key is always the oldest: a dozen lines, no dependency.
 */
export function speechCache(limits: { maxBytes: number; maxEntries: number }) {
  const entries = new Map<string, SpeechAudio>();
  let bytes = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.audio.length;
  }

  return {
    get(key: string): SpeechAudio | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    set(key: string, speech: SpeechAudio): void {
      // One reply larger than the whole cache is served, not kept.
      if (speech.audio.length > limits.maxBytes) return;
      drop(key);
      entries.set(key, speech);
      bytes += speech.audio.length;
      for (const oldest of entries.keys()) {
        if (bytes <= limits.maxBytes && entries.size <= limits.maxEntries) break;
        drop(oldest);
      }
    },

    get size() {
      return { entries: entries.size, bytes };
    },
  };
}

export type SpeechCache = ReturnType<typeof speechCache>;
