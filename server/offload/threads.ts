import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { domainError } from "../domain/errors";
import { inPieces } from "./pieces";
import type { FromWorker, ToWorker, WireError } from "./protocol";

/**
 * Work over user data in worker threads (the reading side is serve.ts), so no upload holds the
 * event loop: `stream` sends a stream's input to a worker a piece at a time and yields the lists
 * of items the worker sends back.
 *
 * A pool keeps a few threads and shares them between streams (each piece of work is a piece of
 * input, so streams on one thread take turns); a thread left without a stream stops after a
 * minute. Reading never runs ahead of the consumer: a piece of input goes to the worker only
 * while fewer than MAX_WAITING_LISTS of its answers wait to be taken, so memory stays a few
 * pieces deep however large the file.
 */

/** Where a worker's code is: the compiled bundle's file beside main.js, or its TypeScript source. */
export type WorkerFiles = { bundled: string; source: string };

/** Answers waiting for the consumer before no more input is sent. */
const MAX_WAITING_LISTS = 4;
const IDLE_MS = 60_000;
/**
 * A reader holds a few pieces of input and the rows they make (bounded by the CSV limits of a
 * line), per stream: a small heap is plenty, and a runaway one ends the thread, not the server.
 */
const RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 };

export class WorkerStopped extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WorkerStopped";
  }
}

/**
 * The compiled server ships each worker as its own file beside main.js (scripts/build-server.mjs);
 * from the sources (tsx, Vitest) the TypeScript file is loaded through tsx's loader.
 */
function startWorker(files: WorkerFiles): Worker {
  if (existsSync(files.bundled)) return new Worker(files.bundled, { resourceLimits: RESOURCE_LIMITS });
  const source = pathToFileURL(files.source).href;
  return new Worker(
    `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, resourceLimits: RESOURCE_LIMITS },
  );
}

const fromWire = (error: WireError): Error =>
  error.kind ? domainError(error.kind, error.message, error.issues) : new Error(error.message);

type Stream = {
  onWant(): void;
  onOut(items: unknown[]): void;
  onDone(): void;
  onError(error: Error): void;
};

type Thread = { worker: Worker; streams: Map<number, Stream>; idle: NodeJS.Timeout | null };

export type WorkerPool = {
  /**
   * Runs the worker's `kind` over `input`, yielding the lists of items it answers. An error the
   * worker throws is thrown here (a domain failure keeps its kind); stopping early cancels it.
   */
  stream<Out>(
    kind: string,
    init: unknown,
    input: AsyncIterable<unknown> | Iterable<unknown>,
  ): AsyncGenerator<Out[]>;
  /** Threads running now (for tests). */
  readonly threads: number;
  close(): Promise<void>;
};

export function workerPool(options: { files: WorkerFiles; maxThreads: number }): WorkerPool {
  const threads: Thread[] = [];
  let nextId = 1;

  function retire(thread: Thread, error: Error): void {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    if (thread.idle) clearTimeout(thread.idle);
    for (const stream of thread.streams.values()) stream.onError(error);
    thread.streams.clear();
  }

  function spawn(): Thread {
    const worker = startWorker(options.files);
    // A thread with nothing to do never keeps the process alive.
    worker.unref();
    const thread: Thread = { worker, streams: new Map(), idle: null };
    worker.on("message", (message: FromWorker) => {
      const stream = thread.streams.get(message.id);
      if (!stream) return;
      if (message.type === "want") stream.onWant();
      else if (message.type === "out") stream.onOut(message.items);
      else if (message.type === "done") stream.onDone();
      else stream.onError(fromWire(message.error));
    });
    worker.on("error", (error) => retire(thread, new WorkerStopped(`the reader failed: ${error.message}`)));
    worker.on("exit", (code) => retire(thread, new WorkerStopped(`the reader stopped (exit ${code})`)));
    threads.push(thread);
    return thread;
  }

  /** The thread with the fewest streams; a new one while an idle one is lacking and there is room. */
  function pick(): Thread {
    let least: Thread | undefined;
    for (const thread of threads) if (!least || thread.streams.size < least.streams.size) least = thread;
    if (least && (least.streams.size === 0 || threads.length >= options.maxThreads)) return least;
    return spawn();
  }

  function release(thread: Thread, id: number): void {
    thread.streams.delete(id);
    if (thread.streams.size > 0 || !threads.includes(thread)) return;
    thread.idle = setTimeout(() => {
      retire(thread, new WorkerStopped("the reader was idle"));
      void thread.worker.terminate();
    }, IDLE_MS);
    thread.idle.unref();
  }

  async function* stream<Out>(
    kind: string,
    init: unknown,
    input: AsyncIterable<unknown>,
  ): AsyncGenerator<Out[]> {
    const thread = pick();
    if (thread.idle) {
      clearTimeout(thread.idle);
      thread.idle = null;
    }
    const id = nextId++;
    const post = (message: ToWorker, transfer: ArrayBuffer[] = []) =>
      thread.worker.postMessage(message, transfer);
    const source = inPieces(input);
    const lists: Out[][] = [];
    let wanted = false;
    let feeding = false;
    let finished = false;
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const notify = () => {
      const resume = wake;
      wake = null;
      resume?.();
    };

    // Answers the worker's ask for input, once the consumer has room.
    const feed = async () => {
      if (feeding || !wanted || finished || failure || lists.length >= MAX_WAITING_LISTS) return;
      feeding = true;
      wanted = false;
      try {
        const next = await source.next();
        if (finished || failure) return;
        if (next.done) post({ type: "end", id });
        else if (next.value instanceof Uint8Array) {
          // Its own copy, handed over: a view's whole underlying buffer would otherwise be cloned.
          const copy = new Uint8Array(next.value);
          post({ type: "chunk", id, data: copy }, [copy.buffer]);
        } else post({ type: "chunk", id, data: next.value });
      } catch (error) {
        // The input failed (a body over its limit, a file gone): the worker's work is void.
        failure = error as Error;
        post({ type: "cancel", id });
        notify();
      } finally {
        feeding = false;
      }
    };

    thread.streams.set(id, {
      onWant() {
        wanted = true;
        void feed();
      },
      onOut(items) {
        lists.push(items as Out[]);
        notify();
      },
      onDone() {
        finished = true;
        notify();
      },
      onError(error) {
        failure ??= error;
        notify();
      },
    });
    post({ type: "open", id, kind, init });
    try {
      for (;;) {
        if (failure) throw failure;
        const list = lists.shift();
        if (list) {
          void feed();
          yield list;
          continue;
        }
        if (finished) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      if (!finished && !failure) post({ type: "cancel", id });
      finished = true;
      release(thread, id);
      // The input is let go (a request body, a file) without waiting on it.
      void source.return(undefined).catch(() => {});
    }
  }

  return {
    stream,
    get threads() {
      return threads.length;
    },
    async close() {
      const stopping = threads.splice(0);
      for (const thread of stopping) {
        if (thread.idle) clearTimeout(thread.idle);
        for (const entry of thread.streams.values())
          entry.onError(new WorkerStopped("the server is stopping"));
      }
      await Promise.all(stopping.map((thread) => thread.worker.terminate()));
    },
  };
}
