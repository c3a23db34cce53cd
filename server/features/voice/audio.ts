/**
 * Analysis of a decoded voice sample: pure arithmetic, run in a worker thread (analysis-worker.ts)
 * so a long sample never holds the event loop. Decoding is ffmpeg's job (server/audio).
 */

/** Samples are analysed as 8 kHz mono 16-bit PCM: plenty for length, level and pitch. */
export const ANALYSIS_RATE = 8000;

export type SampleAnalysis = {
  /** Seconds of audio. */
  duration: number;
  /** Loudness in dBFS (RMS over the whole sample); -Infinity for digital silence. */
  levelDb: number;
  /** The speaker's median fundamental frequency in Hz, or null when no voiced speech was found. */
  pitchHz: number | null;
};

function rms(pcm: Int16Array, from = 0, to = pcm.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) {
    const v = (pcm[i] ?? 0) / 32768;
    sum += v * v;
  }
  return to > from ? Math.sqrt(sum / (to - from)) : 0;
}

const toDb = (value: number) => (value > 0 ? 20 * Math.log10(value) : Number.NEGATIVE_INFINITY);

/**
 * Length, level and pitch of a decoded sample. Pitch: normalised autocorrelation on 40 ms frames
 * of the louder, periodic parts, looking between 60 and 400 Hz (human speaking voices), median
 * over the frames.
 */
export function analyzePcm(pcm: Int16Array, rate = ANALYSIS_RATE): SampleAnalysis {
  const duration = pcm.length / rate;
  const overall = rms(pcm);
  const frame = Math.round(rate * 0.04);
  const hop = Math.round(rate * 0.02);
  const minLag = Math.floor(rate / 400);
  const maxLag = Math.ceil(rate / 60);
  const gate = Math.max(overall * 0.5, 10 ** (-45 / 20));
  const pitches: number[] = [];
  for (let start = 0; start + frame + maxLag <= pcm.length; start += hop) {
    if (rms(pcm, start, start + frame) < gate) continue;
    let energy0 = 0;
    for (let i = 0; i < frame; i++) energy0 += (pcm[start + i] ?? 0) ** 2;
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let cross = 0;
      let energy1 = 0;
      for (let i = 0; i < frame; i++) {
        const a = pcm[start + i] ?? 0;
        const b = pcm[start + i + lag] ?? 0;
        cross += a * b;
        energy1 += b * b;
      }
      const r = cross / Math.sqrt(energy0 * energy1 || 1);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best > 0.6 && bestLag > 0) pitches.push(rate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  // Speech needs a good share of voiced frames; a steady tone or noise is not a voice.
  const pitchHz = pitches.length >= 5 ? (pitches[Math.floor(pitches.length / 2)] ?? null) : null;
  return { duration, levelDb: toDb(overall), pitchHz: pitchHz === null ? null : Math.round(pitchHz) };
}

/** 0 to 100: mostly length against the recommended 30 s, some level (too quiet clones badly). */
export function sampleQuality(analysis: SampleAnalysis, recommendedSeconds: number): number {
  const length = Math.min(1, analysis.duration / recommendedSeconds);
  const level = Number.isFinite(analysis.levelDb)
    ? Math.min(1, Math.max(0, (analysis.levelDb + 50) / 30))
    : 0;
  return Math.round(length * 80 + level * 20);
}
