import { runLocatedTool } from "./run-located-tool";
import { ToolMissing, ToolTimeout } from "./spawn-tool";
import type { RunnerReply, RunnerRequest } from "./tools";

/**
 * The tool runner: a small process of its own (about 40 MB) that starts ffmpeg, ffprobe,
 * pocketsphinx and espeak-ng for the server, which asks over the IPC channel. Forking this small
 * process costs a few milliseconds; forking the server costs up to hundreds, on its event loop.
 * Where espeak-ng is not installed, its WebAssembly build runs here, in a worker thread, so its
 * memory is this process's and not the server's. It exits with the server (the channel closes).
 */

const running = new Map<number, AbortController>();

function reply(message: RunnerReply): void {
  process.send?.(message);
}

process.on("message", (message: RunnerRequest) => {
  if (message.type === "cancel") {
    running.get(message.id)?.abort();
    return;
  }
  const cancel = new AbortController();
  running.set(message.id, cancel);
  runLocatedTool(message.command, message.args, {
    timeoutMs: message.timeoutMs,
    maxOutputBytes: message.maxOutputBytes,
    ...(message.input ? { input: Buffer.from(message.input) } : {}),
    signal: cancel.signal,
  })
    .then(
      (stdout) => reply({ id: message.id, ok: true, stdout: new Uint8Array(stdout) }),
      (error: unknown) =>
        reply({
          id: message.id,
          ok: false,
          kind:
            error instanceof ToolMissing ? "missing" : error instanceof ToolTimeout ? "timeout" : "failed",
          message: error instanceof Error ? error.message : String(error),
        }),
    )
    .finally(() => running.delete(message.id));
});

process.on("disconnect", () => process.exit(0));
