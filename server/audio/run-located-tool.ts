import { runEspeakWasm } from "./espeak-wasm";
import { locateTool } from "./locate-tool";
import { spawnTool, type ToolOptions } from "./spawn-tool";

/**
 * Runs a tool from wherever it is installed (locate-tool.ts): a program as a child process, or
 * espeak-ng's WebAssembly build in a worker thread. Both stop at the deadline or the caller's
 * signal and fail with the same errors, so callers never know which one ran.
 */
export function runLocatedTool(command: string, args: string[], options: ToolOptions): Promise<Buffer> {
  const location = locateTool(command);
  if (location.kind === "espeak-wasm") return runEspeakWasm(args, options);
  return spawnTool(command, args, options, location.path);
}
