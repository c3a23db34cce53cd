import { parentPort } from "node:worker_threads";
import { analyzePcm } from "./audio";

/** The worker thread's side of analysis.ts: one message in (a sample's PCM), one analysis out. */
export type AnalysisJob = { pcm: Int16Array; rate: number };

parentPort?.on("message", (job: AnalysisJob) => {
  parentPort?.postMessage(analyzePcm(job.pcm, job.rate));
});
