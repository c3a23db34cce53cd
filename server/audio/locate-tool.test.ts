import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { locateTool, onPath } from "./locate-tool";

const dir = mkdtempSync(path.join(os.tmpdir(), "aip-locate-"));
const originalPath = process.env.PATH;

afterEach(() => {
  process.env.PATH = originalPath;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder holding an executable `ffmpeg` and a non-executable `ffprobe`. */
function fakeSystemTools(): string {
  const bin = mkdtempSync(path.join(dir, "bin-"));
  writeFileSync(path.join(bin, "ffmpeg"), "#!/bin/sh\necho system ffmpeg\n");
  chmodSync(path.join(bin, "ffmpeg"), 0o755);
  writeFileSync(path.join(bin, "ffprobe"), "not a program");
  chmodSync(path.join(bin, "ffprobe"), 0o644);
  return bin;
}

describe("where the audio tools are found", () => {
  it("takes the program on PATH first, skipping files that are not executable", () => {
    const bin = fakeSystemTools();
    process.env.PATH = `${bin}${path.delimiter}/nonexistent-aip`;
    expect(onPath("ffmpeg")).toBe(path.join(bin, "ffmpeg"));
    expect(onPath("ffprobe")).toBeNull();
    expect(locateTool("ffmpeg")).toEqual({ kind: "program", path: path.join(bin, "ffmpeg"), from: "system" });
    // ffprobe on PATH is not runnable: the npm package's build instead.
    expect(locateTool("ffprobe")).toMatchObject({ kind: "program", from: "npm" });
  });

  it("without Debian's tools on PATH, runs the npm packages' ffmpeg and ffprobe, and espeak-ng's WebAssembly build", () => {
    process.env.PATH = path.join(dir, "empty");
    const ffmpeg = locateTool("ffmpeg");
    const ffprobe = locateTool("ffprobe");
    expect(ffmpeg).toMatchObject({ kind: "program", from: "npm" });
    expect(ffprobe).toMatchObject({ kind: "program", from: "npm" });
    expect(locateTool("espeak-ng")).toEqual({ kind: "espeak-wasm" });
    process.env.PATH = originalPath;
    // The builds run here, with the decoders the server asks for.
    const ffmpegPath = ffmpeg.kind === "program" ? ffmpeg.path : "";
    const ffprobePath = ffprobe.kind === "program" ? ffprobe.path : "";
    expect(ffmpegPath).toContain(`${path.sep}node_modules${path.sep}`);
    expect(execFileSync(ffmpegPath, ["-hide_banner", "-decoders"], { encoding: "utf8" })).toMatch(/\bopus\b/);
    expect(execFileSync(ffprobePath, ["-hide_banner", "-formats"], { encoding: "utf8" })).toMatch(
      /matroska,webm/,
    );
  });

  it("leaves any other command to spawn's own search, which reports it missing", () => {
    process.env.PATH = path.join(dir, "empty");
    expect(locateTool("pocketsphinx_continuous")).toEqual({
      kind: "program",
      path: "pocketsphinx_continuous",
      from: "system",
    });
  });
});
