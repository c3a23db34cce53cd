/**
 * Analysis of a decoded voice sample: pure arithmetic, run in a worker thread (analysis-worker.ts)
 * so a long sample never holds the event loop. Decoding is ffmpeg's job (server/audio).
 */

/** Samples are analysed as 8 kHz mono 16-bit PCM: plenty for length, level, pitch and speech. */
export const ANALYSIS_RATE = 8000;

export type SampleAnalysis = {
  /** Seconds of audio. */
  duration: number;
  /** Loudness in dBFS (RMS over the whole sample); -Infinity for digital silence. */
  levelDb: number;
  /** The speaker's median fundamental frequency in Hz, or null when no voiced speech was found. */
  pitchHz: number | null;
  /** Seconds of speech heard (see speechActivity): 0 for silence, noise or a steady tone. */
  speechSeconds: number;
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

/** The value at `share` (0 to 1) of the way through `sorted` (ascending). */
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(share * sorted.length)))] ?? 0;

/**
 * How periodic a frame is: the best normalised autocorrelation between 60 and 400 Hz (human
 * speaking voices) and its lag in samples (for the pitch, as it always was), and the period:
 * the shortest lag whose correlation peaks near the best (a periodic sound correlates as well
 * at two periods as at one, so the best lag alone jumps between octaves), after a clear dip: a
 * period repeats the wave, so the correlation falls between one cycle and the next. Low rumble
 * and other low-pass noise correlate most at the shortest lag and only drift from there: no
 * period, and no pitch at all.
 */
/** How far the correlation must fall before it rises again to a period's peak. */
const PERIOD_DIP = 0.3;

function periodicity(pcm: Int16Array, start: number, frame: number, minLag: number, maxLag: number) {
  let energy0 = 0;
  for (let i = 0; i < frame; i++) energy0 += (pcm[start + i] ?? 0) ** 2;
  // The lagged window's energy, slid along one sample per lag rather than summed again.
  let energy1 = 0;
  for (let i = 0; i < frame; i++) energy1 += (pcm[start + minLag + i] ?? 0) ** 2;
  const r = new Float64Array(maxLag + 2);
  let bestLag = 0;
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    if (lag > minLag) {
      energy1 += (pcm[start + lag + frame - 1] ?? 0) ** 2 - (pcm[start + lag - 1] ?? 0) ** 2;
    }
    let cross = 0;
    for (let i = 0; i < frame; i++) cross += (pcm[start + i] ?? 0) * (pcm[start + i + lag] ?? 0);
    r[lag] = cross / Math.sqrt(energy0 * Math.max(0, energy1) || 1);
    if ((r[lag] ?? 0) > best) {
      best = r[lag] ?? 0;
      bestLag = lag;
    }
  }
  let period = 0;
  let dip = r[minLag] ?? 0;
  for (let lag = minLag + 1; lag < maxLag; lag++) {
    const here = r[lag] ?? 0;
    dip = Math.min(dip, here);
    if (
      here >= 0.85 * best &&
      here >= (r[lag - 1] ?? 0) &&
      here >= (r[lag + 1] ?? 0) &&
      here - dip >= PERIOD_DIP
    ) {
      period = lag;
      break;
    }
  }
  return { r: best, lag: bestLag, period, periodR: period ? (r[period] ?? 0) : 0 };
}

/** Frames this far (dB) above the quiet part of the sample may be speech... */
const ABOVE_FLOOR_DB = 12;
/** ...and no more than this far below its loud part (faint breaths and room sounds are not)... */
const BELOW_PEAK_DB = 35;
/** ...and louder than this whatever the rest of the sample: quieter than this is silence. */
const ABSOLUTE_FLOOR_DB = -55;
/** The quiet part: the level this share of the frames lie under (pauses between words). */
const FLOOR_PERCENTILE = 0.1;
/** The loud part: the level this share of the frames lie under. */
const PEAK_PERCENTILE = 0.95;
/** A frame this periodic, at a pitch a voice has, is voiced (vowels, m, n, l...). */
const VOICED_CORRELATION = 0.6;
/** A stretch of activity counts as speech when this share of its loud frames is voiced. */
const VOICED_SHARE = 0.3;
/** Activity carries on this long after the last loud frame, over gaps between syllables. */
const HANGOVER_SECONDS = 0.16;
/**
 * Speech moves in pitch: a voice's voiced frames spread over several semitones. Less spread than
 * this (between the 10th and 90th percentiles) is a steady tone, a beep or a hum.
 */
const MIN_PITCH_SPREAD_SEMITONES = 1.5;

/**
 * Length, level, pitch and speech of a decoded sample, over 40 ms frames every 20 ms.
 *
 * Pitch: normalised autocorrelation on the louder, periodic frames, looking between 60 and 400 Hz
 * (human speaking voices), median over the frames.
 *
 * Speech: a frame is loud when it stands well above the sample's own quiet level (its pauses:
 * ABOVE_FLOOR_DB over the FLOOR_PERCENTILE frame level), not far below its loud level, and
 * above an absolute floor; loud frames carry activity on for HANGOVER_SECONDS so the short gaps
 * inside and between words count. A stretch of activity is speech when enough of its loud frames
 * are voiced (periodic at a voice's pitch): a cough, a knock or a burst of noise is not. A sample
 * whose voiced frames keep one pitch is a tone, not a voice: no speech at all. The same level
 * throughout (a tone, a hum, steady noise) never stands above its own quiet level either.
 */
export function analyzePcm(pcm: Int16Array, rate = ANALYSIS_RATE): SampleAnalysis {
  const duration = pcm.length / rate;
  const overall = rms(pcm);
  const frame = Math.round(rate * 0.04);
  const hop = Math.round(rate * 0.02);
  const minLag = Math.floor(rate / 400);
  const maxLag = Math.ceil(rate / 60);

  const starts: number[] = [];
  for (let start = 0; start + frame + maxLag <= pcm.length; start += hop) starts.push(start);
  const levels = starts.map((start) => Math.max(-120, toDb(rms(pcm, start, start + frame))));

  const sorted = [...levels].sort((a, b) => a - b);
  const threshold = Math.max(
    percentile(sorted, FLOOR_PERCENTILE) + ABOVE_FLOOR_DB,
    percentile(sorted, PEAK_PERCENTILE) - BELOW_PEAK_DB,
    ABSOLUTE_FLOOR_DB,
  );
  const pitchGate = toDb(Math.max(overall * 0.5, 10 ** (-45 / 20)));

  const pitches: number[] = [];
  const loud: boolean[] = [];
  const voicedLag: number[] = [];
  for (const [index, start] of starts.entries()) {
    const level = levels[index] ?? -120;
    loud.push(level >= threshold);
    voicedLag.push(0);
    if (level < threshold && level < pitchGate) continue;
    const { r, lag, period, periodR } = periodicity(pcm, start, frame, minLag, maxLag);
    if (level >= pitchGate && r > VOICED_CORRELATION && lag > 0) pitches.push(rate / lag);
    if (level >= threshold && periodR > VOICED_CORRELATION) voicedLag[index] = period;
  }

  // Stretches of activity: loud frames, each carrying on for the hangover.
  const hangover = Math.round(HANGOVER_SECONDS / (hop / rate));
  let speechFrames = 0;
  const speechLags: number[] = [];
  let index = 0;
  while (index < starts.length) {
    if (!loud[index]) {
      index++;
      continue;
    }
    let end = index;
    let loudFrames = 0;
    const lags: number[] = [];
    let last = index;
    while (end < starts.length && end - last <= hangover) {
      if (loud[end]) {
        last = end;
        loudFrames++;
        const lag = voicedLag[end] ?? 0;
        if (lag > 0) lags.push(lag);
      }
      end++;
    }
    if (lags.length >= VOICED_SHARE * loudFrames) {
      speechFrames += end - index;
      speechLags.push(...lags);
    }
    index = end;
  }
  speechLags.sort((a, b) => a - b);
  const spread =
    speechLags.length > 0 ? 12 * Math.log2(percentile(speechLags, 0.9) / percentile(speechLags, 0.1)) : 0;
  const speechSeconds = spread >= MIN_PITCH_SPREAD_SEMITONES ? (speechFrames * hop) / rate : 0;

  pitches.sort((a, b) => a - b);
  // Speech needs a good share of voiced frames; a steady tone or noise is not a voice.
  const pitchHz = pitches.length >= 5 ? (pitches[Math.floor(pitches.length / 2)] ?? null) : null;
  return {
    duration,
    levelDb: toDb(overall),
    pitchHz: pitchHz === null ? null : Math.round(pitchHz),
    speechSeconds: Math.round(speechSeconds * 10) / 10,
  };
}

/** 0 to 100: mostly speech against the recommended 30 s, some level (too quiet clones badly). */
export function sampleQuality(analysis: SampleAnalysis, recommendedSeconds: number): number {
  const length = Math.min(1, analysis.speechSeconds / recommendedSeconds);
  const level = Number.isFinite(analysis.levelDb)
    ? Math.min(1, Math.max(0, (analysis.levelDb + 50) / 30))
    : 0;
  return Math.round(length * 80 + level * 20);
}
