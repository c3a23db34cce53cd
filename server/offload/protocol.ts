import type { FailureKind } from "../domain/errors";
/**
 * The messages between the server and a reading worker thread (threads.ts on the server's side,
 * serve.ts on the worker's). Several streams share one thread, each under its own id. The worker
 * asks for input one piece at a time ("want"), so the server decides how fast it reads: a slow
 * consumer (a database write) holds back the reading, and memory stays a few pieces deep.
 */
export type ToWorker =
  | { type: "open"; id: number; kind: string; init: unknown }
  | { type: "chunk"; id: number; data: unknown }
  | { type: "end"; id: number }
  | { type: "cancel"; id: number };

export type FromWorker =
  | { type: "want"; id: number }
  | { type: "out"; id: number; items: unknown[] }
  | { type: "done"; id: number }
  | { type: "error"; id: number; error: WireError };

/** An error as it crosses threads: a domain failure keeps its kind, message and issues. */
export type WireError = {
  message: string;
  kind?: FailureKind | undefined;
  issues?: { path: string; message: string }[] | undefined;
};
