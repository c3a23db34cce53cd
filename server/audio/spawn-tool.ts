import { spawn } from "node:child_process";

/** The tool (pocketsphinx, or ffmpeg where npm had no build for this platform) is not installed. */
export class ToolMissing extends Error {
  constructor(readonly command: string) {
    super(`${command} is not installed`);
    this.name = "ToolMissing";
  }
}

/** The tool ran past its deadline, or was cancelled, and was killed. */
export class ToolTimeout extends Error {
  constructor(
    readonly command: string,
    readonly timeoutMs: number,
  ) {
    super(`${command} took longer than ${timeoutMs} ms and was stopped`);
    this.name = "ToolTimeout";
  }
}

/** The tool failed (non-zero exit) or wrote more than it was allowed to. */
export class ToolFailed extends Error {
  constructor(
    readonly command: string,
    message: string,
  ) {
    super(`${command}: ${message}`);
    this.name = "ToolFailed";
  }
}

export type ToolOptions = {
  /** Written to the tool's standard input; nothing (closed) when absent. */
  input?: Buffer;
  /** Killed (SIGKILL) after this long. */
  timeoutMs: number;
  /** Killed when its standard output grows past this: what we read is bounded, whatever the input. */
  maxOutputBytes: number;
  /** Cancels the run (the caller's own deadline): the tool is killed and ToolTimeout thrown. */
  signal?: AbortSignal;
};

const MAX_STDERR = 4096;

/**
 * Runs an outside program with a deadline and a bound on what it may write, and answers its
 * standard output. Called in the tool runner process (tool-runner.ts): starting a program from
 * the server itself would fork a process of several hundred MB, which holds the event loop for
 * 40 to 370 ms each time (measured; libuv forks). `program` is the file to run (locate-tool.ts);
 * errors name the tool by `command`.
 */
export function spawnTool(
  command: string,
  args: string[],
  options: ToolOptions,
  program = command,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ToolTimeout(command, options.timeoutMs));
      return;
    }
    const child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    let settled = false;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    const kill = (error: Error) => {
      child.kill("SIGKILL");
      finish(() => reject(error));
    };
    const onAbort = () => kill(new ToolTimeout(command, options.timeoutMs));
    const timer = setTimeout(() => kill(new ToolTimeout(command, options.timeoutMs)), options.timeoutMs);
    options.signal?.addEventListener("abort", onAbort, { once: true });

    child.on("error", (error: NodeJS.ErrnoException) =>
      finish(() => reject(error.code === "ENOENT" ? new ToolMissing(command) : error)),
    );
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxOutputBytes) {
        kill(new ToolFailed(command, `wrote more than ${options.maxOutputBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.toString();
    });
    child.on("close", (code) =>
      finish(() => {
        if (code === 0) resolve(Buffer.concat(chunks));
        else reject(new ToolFailed(command, stderr.trim().slice(0, 300) || `exited with ${code}`));
      }),
    );
    // A tool that stops reading early (it gave up on the input) surfaces through "close".
    child.stdin.on("error", () => {});
    child.stdin.end(options.input);
  });
}
