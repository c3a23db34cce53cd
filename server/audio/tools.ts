import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { runLocatedTool } from "./run-located-tool";
import { ToolFailed, ToolMissing, type ToolOptions, ToolTimeout } from "./spawn-tool";

export { ToolFailed, ToolMissing, type ToolOptions, ToolTimeout };

/** What the server asks the tool runner (tool-runner.ts). */
export type RunnerRequest =
  | {
      type: "run";
      id: number;
      command: string;
      args: string[];
      timeoutMs: number;
      maxOutputBytes: number;
      input?: Uint8Array;
    }
  | { type: "cancel"; id: number };

export type RunnerReply =
  | { id: number; ok: true; stdout: Uint8Array }
  | { id: number; ok: false; kind: "missing" | "timeout" | "failed"; message: string };

type Pending = {
  command: string;
  timeoutMs: number;
  resolve(stdout: Buffer): void;
  reject(error: Error): void;
};

let runner: ChildProcess | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * The compiled server ships the runner as dist/server/audio-tool-runner.js beside main.js; from
 * the sources (tsx, Vitest) the TypeScript file runs through tsx's loader.
 */
function startRunner(): ChildProcess {
  const bundled = path.join(import.meta.dirname, "audio-tool-runner.js");
  const child = existsSync(bundled)
    ? fork(bundled, [], {
        serialization: "advanced",
        stdio: ["ignore", "ignore", "inherit", "ipc"],
        execArgv: [],
      })
    : fork(path.join(import.meta.dirname, "tool-runner.ts"), [], {
        serialization: "advanced",
        stdio: ["ignore", "ignore", "inherit", "ipc"],
        execArgv: ["--import", "tsx"],
      });
  child.on("message", (message: RunnerReply) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok)
      waiting.resolve(Buffer.from(message.stdout.buffer, message.stdout.byteOffset, message.stdout.length));
    else if (message.kind === "missing") waiting.reject(new ToolMissing(waiting.command));
    else if (message.kind === "timeout") waiting.reject(new ToolTimeout(waiting.command, waiting.timeoutMs));
    else waiting.reject(new ToolFailed(waiting.command, message.message));
  });
  child.on("exit", () => {
    if (runner === child) runner = null;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(new ToolFailed(waiting.command, "the tool runner stopped"));
    }
  });
  // Neither the runner nor its channel keeps the server (or a test) alive.
  child.unref();
  child.channel?.unref();
  return child;
}

/**
 * Starts the tool runner now. The server calls this first thing, while it is still small: the
 * one fork of the server process then takes milliseconds instead of hundreds.
 */
export function startAudioTools(): void {
  runner ??= startRunner();
}

/**
 * Runs an outside program (through the tool runner) with a deadline and a bound on what it may
 * write, and answers its standard output. Heavy work (decoding, recognition) runs there, never
 * on the event loop. Where the runner cannot start, the program is started from here.
 */
export function runTool(command: string, args: string[], options: ToolOptions): Promise<Buffer> {
  try {
    runner ??= startRunner();
  } catch {
    return runLocatedTool(command, args, options);
  }
  const child = runner;
  return new Promise<Buffer>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ToolTimeout(command, options.timeoutMs));
      return;
    }
    const id = nextId++;
    // The runner enforces the deadline; this one (a little later) covers a runner that hangs.
    const backstop = setTimeout(() => {
      if (!pending.has(id)) return;
      pending.delete(id);
      child.send({ type: "cancel", id } satisfies RunnerRequest);
      reject(new ToolTimeout(command, options.timeoutMs));
    }, options.timeoutMs + 2000);
    const onAbort = () => {
      if (!pending.has(id)) return;
      pending.delete(id);
      clearTimeout(backstop);
      child.send({ type: "cancel", id } satisfies RunnerRequest);
      reject(new ToolTimeout(command, options.timeoutMs));
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => {
      clearTimeout(backstop);
      options.signal?.removeEventListener("abort", onAbort);
    };
    pending.set(id, {
      command,
      timeoutMs: options.timeoutMs,
      resolve: (stdout) => {
        settle();
        resolve(stdout);
      },
      reject: (error) => {
        settle();
        reject(error);
      },
    });
    const request: RunnerRequest = {
      type: "run",
      id,
      command,
      args,
      timeoutMs: options.timeoutMs,
      maxOutputBytes: options.maxOutputBytes,
      ...(options.input ? { input: new Uint8Array(options.input) } : {}),
    };
    child.send(request);
  });
}
