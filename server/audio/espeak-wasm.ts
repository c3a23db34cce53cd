import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import type { EspeakJob, EspeakResult } from "./espeak-wasm-worker";
import { ToolFailed, type ToolOptions, ToolTimeout } from "./spawn-tool";

const COMMAND = "espeak-ng";
/**
 * The program's own memory (32 MB, its voices' data inside) is WebAssembly memory, outside these
 * limits; the JavaScript side holds the glue, the in-memory files and the WAV read back (6 MB for
 * the longest text the server speaks).
 */
const RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };
/** An idle thread (with its compiled module) is kept this long for the next text, then stopped. */
const IDLE_MS = 60_000;

/**
 * The compiled server ships the worker as audio-espeak-worker.js beside its entry files
 * (scripts/build-server.mjs); from the sources (tsx, Vitest) the TypeScript file is loaded
 * through tsx's loader.
 */
function startWorker(): Worker {
  const bundled = path.join(import.meta.dirname, "audio-espeak-worker.js");
  const worker = existsSync(bundled)
    ? new Worker(bundled, { resourceLimits: RESOURCE_LIMITS })
    : new Worker(
        `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(
          pathToFileURL(path.join(import.meta.dirname, "espeak-wasm-worker.ts")).href,
        )}); });`,
        { eval: true, resourceLimits: RESOURCE_LIMITS },
      );
  // An idle thread never keeps the process alive.
  worker.unref();
  return worker;
}

const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
let nextId = 1;

function takeWorker(): Worker {
  const kept = idle.pop();
  if (!kept) return startWorker();
  clearTimeout(kept.timer);
  return kept.worker;
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
 * Runs espeak-ng's WebAssembly build with a command line as the program takes it (`--stdout`
 * included) in a worker thread: the synthesis (a few hundred milliseconds of CPU) never holds
 * this thread's event loop, and the deadline or the caller's signal ends it at once (the thread
 * is terminated). One text per thread at a time; threads are kept a minute for the next one.
 * Fails as a program would: ToolFailed, ToolTimeout.
 */
export function runEspeakWasm(args: string[], options: ToolOptions): Promise<Buffer> {
  if (options.signal?.aborted) return Promise.reject(new ToolTimeout(COMMAND, options.timeoutMs));
  const worker = takeWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const fail = (error: Error) => {
      cleanUp();
      void worker.terminate();
      reject(error);
    };
    const onMessage = (result: EspeakResult) => {
      if (result.id !== id) return;
      cleanUp();
      giveBack(worker);
      if (!result.ok) reject(new ToolFailed(COMMAND, result.message.trim().slice(0, 300)));
      else if (result.stdout.length > options.maxOutputBytes)
        reject(new ToolFailed(COMMAND, `wrote more than ${options.maxOutputBytes} bytes`));
      else resolve(Buffer.from(result.stdout.buffer, result.stdout.byteOffset, result.stdout.length));
    };
    const onError = (error: Error) => fail(new ToolFailed(COMMAND, error.message));
    const onExit = (code: number) => fail(new ToolFailed(COMMAND, `the synthesiser stopped (exit ${code})`));
    const onAbort = () => fail(new ToolTimeout(COMMAND, options.timeoutMs));
    const timer = setTimeout(onAbort, options.timeoutMs);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage({ id, args } satisfies EspeakJob);
  });
}
