import { statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Where an audio tool runs from: a program (Debian's on PATH, or the static build an npm package
 * ships), or espeak-ng compiled to WebAssembly, run in a worker thread (espeak-wasm.ts).
 */
export type ToolLocation =
  | { kind: "program"; path: string; from: "system" | "npm" }
  | { kind: "espeak-wasm" };

const require = createRequire(import.meta.url);

/**
 * The npm packages whose per-platform optional dependency holds a static build. Their index
 * answers the binary's path, and throws (a string) where npm had no build for this platform.
 */
const NPM_PROGRAMS: Record<string, string> = {
  ffmpeg: "@ffmpeg-installer/ffmpeg",
  ffprobe: "@ffprobe-installer/ffprobe",
};

/** The program's full path in one of PATH's folders, or null. */
export function onPath(command: string, searchPath = process.env.PATH ?? ""): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      // Any execute bit: the tool runner runs as whoever owns the install, like npm's postinstall.
      const stat = statSync(candidate);
      if (stat.isFile() && (stat.mode & 0o111) !== 0) return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

function npmProgram(packageName: string): string | null {
  try {
    return (require(packageName) as { path: string }).path;
  } catch {
    return null;
  }
}

/**
 * Debian's ffmpeg, ffprobe and espeak-ng come first when installed: apt keeps them patched
 * (ffmpeg reads uploads from strangers, and the npm ffmpeg build dates from 2018), and native
 * espeak-ng speaks in a tenth of the time its WebAssembly build takes to start. Without them, the
 * npm packages' copies, so `npm install` is all a machine needs. Any other command (sh,
 * pocketsphinx_continuous) is left to spawn's own PATH search, which reports it missing.
 * Looked up on every run (a few stat calls): installing or removing a package takes effect
 * without a restart.
 */
export function locateTool(command: string): ToolLocation {
  const system = onPath(command);
  if (system) return { kind: "program", path: system, from: "system" };
  if (command === "espeak-ng") return { kind: "espeak-wasm" };
  const packageName = NPM_PROGRAMS[command];
  const bundled = packageName ? npmProgram(packageName) : null;
  if (bundled) return { kind: "program", path: bundled, from: "npm" };
  return { kind: "program", path: command, from: "system" };
}
