import { readlinkSync } from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { DomainError } from "../domain/errors";
import type { FromWorker, ToWorker, WireError } from "./protocol";

/**
 * The worker thread's side of threads.ts: each stream the server opens runs its kind's handler,
 * which reads the input the server sends piece by piece and yields lists of items to send back.
 * The handler's next piece of input is asked for only when it needs one.
 */
export type StreamHandler = (init: never, input: AsyncIterable<never>) => AsyncIterable<unknown[]>;

class Cancelled extends Error {}

function toWire(error: unknown): WireError {
  if (error instanceof DomainError) return { message: error.message, kind: error.kind, issues: error.issues };
  return { message: error instanceof Error ? error.message : String(error) };
}

/** How much lower than the server's own thread a reading thread runs (nice 0 to 19). */
const READER_NICENESS = 10;

/**
 * Gives the CPU to the server's event loop first when both want it: a reader's work can wait a
 * moment, a request cannot. On Linux the nice value belongs to each thread (setpriority on the
 * thread's id); elsewhere, or where it is not allowed, the thread keeps the process's.
 */
function yieldToEventLoop(): void {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (threadId > 0 && threadId !== process.pid) os.setPriority(threadId, READER_NICENESS);
  } catch {
    // not Linux, or not permitted: the default priority
  }
}

export function serveStreams(handlers: Record<string, StreamHandler>): void {
  const port = parentPort;
  if (!port) throw new Error("serveStreams runs in a worker thread");
  yieldToEventLoop();
  const post = (message: FromWorker) => port.postMessage(message);
  const streams = new Map<number, { deliver(message: ToWorker): void; cancelled: boolean }>();

  async function run(id: number, kind: string, init: unknown): Promise<void> {
    let waiting: ((message: ToWorker) => void) | null = null;
    const stream = {
      cancelled: false,
      deliver(message: ToWorker) {
        if (message.type === "cancel") stream.cancelled = true;
        const resume = waiting;
        waiting = null;
        resume?.(message);
      },
    };
    streams.set(id, stream);
    async function* input(): AsyncGenerator<unknown> {
      for (;;) {
        if (stream.cancelled) throw new Cancelled();
        const message = await new Promise<ToWorker>((resolve) => {
          waiting = resolve;
          post({ type: "want", id });
        });
        if (message.type === "cancel") throw new Cancelled();
        if (message.type === "end") return;
        if (message.type === "chunk") yield message.data;
      }
    }
    try {
      const handler = handlers[kind];
      if (!handler) throw new Error(`No reader of kind ${kind}`);
      for await (const items of handler(init as never, input() as AsyncIterable<never>)) {
        if (stream.cancelled) return;
        if (items.length > 0) post({ type: "out", id, items });
      }
      if (!stream.cancelled) post({ type: "done", id });
    } catch (error) {
      if (!stream.cancelled && !(error instanceof Cancelled))
        post({ type: "error", id, error: toWire(error) });
    } finally {
      streams.delete(id);
    }
  }

  port.on("message", (message: ToWorker) => {
    if (message.type === "open") void run(message.id, message.kind, message.init);
    else streams.get(message.id)?.deliver(message);
  });
}
