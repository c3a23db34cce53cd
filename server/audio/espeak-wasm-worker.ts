import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import ESpeakNG from "espeak-ng";

/**
 * A worker thread that runs espeak-ng's command line, compiled to WebAssembly: one job at a time,
 * each in a fresh instance of the program (espeak-ng keeps state between texts), all from one
 * compilation of the module. Started and kept by espeak-wasm.ts.
 */

export type EspeakJob = { id: number; args: string[] };
export type EspeakResult =
  | { id: number; ok: true; stdout: Uint8Array }
  | { id: number; ok: false; message: string };

/** Where the program writes its WAV in its in-memory file system. */
const WAV_IN_MEMORY = "/output.wav";

/**
 * The command line as the WebAssembly build can run it: `--stdout` and `-w FILE` write to its
 * in-memory file system instead (its standard output is lines of text, not bytes), read back
 * after the run. Answers the arguments and where the WAV goes.
 */
export function wasmArguments(args: string[]): { args: string[]; wav: "stdout" | string | null } {
  const translated: string[] = [];
  let wav: "stdout" | string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") {
      translated.push(...args.slice(i));
      break;
    }
    if (arg === "--stdout") {
      wav = "stdout";
      translated.push("-w", WAV_IN_MEMORY);
    } else if (arg === "-w" && i + 1 < args.length) {
      wav = args[++i] as string;
      translated.push("-w", WAV_IN_MEMORY);
    } else {
      translated.push(arg);
    }
  }
  return { args: translated, wav };
}

let compiled: Promise<WebAssembly.Module> | undefined;

/** The package's .wasm beside its JavaScript, compiled once for every run of this thread. */
function compiledProgram(): Promise<WebAssembly.Module> {
  const glue = createRequire(import.meta.url).resolve("espeak-ng");
  compiled ??= readFile(path.join(path.dirname(glue), "espeak-ng.wasm")).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return compiled;
}

/** Runs the program once; answers its standard output (the WAV for --stdout), or why it failed. */
export async function runEspeak(
  args: string[],
): Promise<{ ok: true; stdout: Uint8Array } | { ok: false; message: string }> {
  const { args: translated, wav } = wasmArguments(args);
  const module = await compiledProgram();
  const printed: string[] = [];
  const errors: string[] = [];
  let status = 0;
  try {
    const program = await ESpeakNG({
      arguments: translated,
      instantiateWasm: (imports, receive) => {
        void WebAssembly.instantiate(module, imports).then((instance) => receive(instance));
        return {};
      },
      print: (line) => printed.push(line),
      // Emscripten adds a note when exit() is called while its runtime stays up: not the program's.
      printErr: (line) => {
        if (!line.startsWith("program exited")) errors.push(line);
      },
      quit: (code, toThrow) => {
        status = code;
        throw toThrow;
      },
    });
    if (status !== 0) return { ok: false, message: errors.join("\n") || `exited with ${status}` };
    if (wav === null)
      return { ok: true, stdout: new TextEncoder().encode(printed.map((line) => `${line}\n`).join("")) };
    const audio = program.FS.readFile(WAV_IN_MEMORY);
    if (wav === "stdout") return { ok: true, stdout: audio };
    await writeFile(wav, audio);
    return { ok: true, stdout: new Uint8Array(0) };
  } catch (error) {
    return {
      ok: false,
      message: errors.join("\n") || (error instanceof Error ? error.message : String(error)),
    };
  }
}

if (parentPort) {
  // This build of the program makes an error, with a stack trace, for each file it sets up in its
  // in-memory file system: without the traces a run takes about a third less time (measured).
  // Only messages leave this thread.
  Error.stackTraceLimit = 0;
  const port = parentPort;
  port.on("message", (job: EspeakJob) => {
    void runEspeak(job.args).then((result) => {
      const reply: EspeakResult = { id: job.id, ...result };
      port.postMessage(reply, result.ok ? [result.stdout.buffer as ArrayBuffer] : []);
    });
  });
}
