import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { AnalysisJob } from "./analysis-worker";
import type { SampleAnalysis } from "./audio";

/** A sample at the 2-minute limit analyses in well under a second; this is the backstop. */
const ANALYSIS_TIMEOUT_MS = 10_000;
/** A worker holds the sample (2 MB at most) and its frames: a small heap is plenty. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
/** Idle workers are kept this long for the next sample, then stopped to give their memory back. */
const IDLE_MS = 60_000;

export class AnalysisFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AnalysisFailed";
  }
}

/**
 * The compiled server ships the worker as dist/server/voice-analysis-worker.js beside main.js;
 * from the sources (tsx, Vitest) the TypeScript file is loaded through tsx's loader.
 */
function startWorker(): Worker {
  const bundled = path.join(import.meta.dirname, "voice-analysis-worker.js");
  if (existsSync(bundled)) return new Worker(bundled, { resourceLimits: RESOURCE_LIMITS });
  const source = pathToFileURL(path.join(import.meta.dirname, "analysis-worker.ts")).href;
  return new Worker(
    `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, resourceLimits: RESOURCE_LIMITS },
  );
}

const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

function takeWorker(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    return kept.worker;
  }
  const worker = startWorker();
  // An idle worker never keeps the process alive.
  worker.unref();
  return worker;
}

function giveBack(worker: Worker): void {
  const timer = setTimeout(() => {
    const at = idle.findIndex((entry) => entry.worker === worker);
    if (at >= 0) idle.splice(at, 1);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
}

/**
 * Length, level and pitch of a decoded sample, worked out in a worker thread with a time and
 * memory limit, so the event loop stays free whatever the sample. The PCM's buffer is handed
 * over to the worker (transferred, not copied) and is unusable here afterwards.
 */
export function analyzeOffThread(pcm: Int16Array, rate: number): Promise<SampleAnalysis> {
  const worker = takeWorker();
  return new Promise<SampleAnalysis>((resolve, reject) => {
    const cleanUp = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const fail = (message: string) => {
      cleanUp();
      void worker.terminate();
      reject(new AnalysisFailed(message));
    };
    const onMessage = (analysis: SampleAnalysis) => {
      cleanUp();
      giveBack(worker);
      resolve(analysis);
    };
    const onError = (error: Error) => fail(`the analysis failed: ${error.message}`);
    const onExit = (code: number) => fail(`the analysis worker stopped (exit ${code})`);
    const timer = setTimeout(() => fail("the analysis took too long"), ANALYSIS_TIMEOUT_MS);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    const job: AnalysisJob = { pcm, rate };
    worker.postMessage(job, [pcm.buffer as ArrayBuffer]);
  });
}
