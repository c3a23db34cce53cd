import os from "node:os";
import { Unavailable } from "../domain/errors";

export const AUDIO_BUSY = "The server is busy with other recordings. Please try again in a moment.";

/**
 * Decoding and recognition use a whole core each: at most one job per core runs at once, a few
 * more wait their turn, and past that an upload is refused (503) instead of piling up processes.
 */
export function workQueue(options: { concurrency: number; maxWaiting: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };

  return {
    /** Runs `job` when a place is free; a `signal` that fires while waiting gives the place up. */
    async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (running >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) throw new Unavailable(AUDIO_BUSY);
        await new Promise<void>((resolve, reject) => {
          const start = () => {
            signal?.removeEventListener("abort", giveUp);
            resolve();
          };
          const giveUp = () => {
            const at = waiting.indexOf(start);
            if (at >= 0) waiting.splice(at, 1);
            reject(signal?.reason ?? new Error("aborted"));
          };
          if (signal?.aborted) {
            giveUp();
            return;
          }
          signal?.addEventListener("abort", giveUp, { once: true });
          waiting.push(start);
        });
      } else {
        running++;
      }
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** The process-wide queue every audio job (probe, decode, analysis, local recognition) goes through. */
export const audioWork = workQueue({
  concurrency: Math.max(2, os.availableParallelism()),
  maxWaiting: 16,
});
