import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runTool, startAudioTools, ToolFailed, ToolMissing, ToolTimeout } from "./tools";

const limits = { timeoutMs: 10_000, maxOutputBytes: 64 * 1024 };

/** Processes whose command line contains `marker`, still running. */
function running(marker: string): string[] {
  return execFileSync("ps", ["-eo", "args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(marker) && !line.includes("ps -eo"));
}

describe("outside programs run through the tool runner", () => {
  it("are started by the runner process, not by the server's (whose fork would hold its event loop)", async () => {
    startAudioTools();
    const parent = Number((await runTool("sh", ["-c", "echo $PPID"], limits)).toString().trim());
    expect(parent).toBeGreaterThan(1);
    expect(parent).not.toBe(process.pid);
    const runnerArgs = execFileSync("ps", ["-o", "args=", "-p", String(parent)], { encoding: "utf8" });
    expect(runnerArgs).toMatch(/tool-runner/);
    // One runner serves every call.
    expect(Number((await runTool("sh", ["-c", "echo $PPID"], limits)).toString().trim())).toBe(parent);
  });

  it("hand back standard output, and pass standard input", async () => {
    const out = await runTool("sh", ["-c", "tr a-z A-Z"], { ...limits, input: Buffer.from("hello\n") });
    expect(out.toString()).toBe("HELLO\n");
  });

  it("say when a program is not installed, or fails", async () => {
    await expect(runTool("no-such-program-aip", [], limits)).rejects.toBeInstanceOf(ToolMissing);
    const failed = runTool("sh", ["-c", "echo broken >&2; exit 3"], limits);
    await expect(failed).rejects.toBeInstanceOf(ToolFailed);
    await expect(failed).rejects.toThrow(/broken/);
  });

  it("stop a program at its deadline", async () => {
    const marker = `aip-deadline-${process.pid}`;
    await expect(
      runTool("sh", ["-c", `sleep 30; echo ${marker}`], { ...limits, timeoutMs: 300 }),
    ).rejects.toBeInstanceOf(ToolTimeout);
    await expect.poll(() => running(`sleep 30; echo ${marker}`)).toEqual([]);
  });

  it("stop a program when the caller gives up", async () => {
    const marker = `aip-cancel-${process.pid}`;
    const cancel = new AbortController();
    const run = runTool("sh", ["-c", `sleep 30; echo ${marker}`], { ...limits, signal: cancel.signal });
    await expect.poll(() => running(marker).length).toBe(1);
    cancel.abort();
    await expect(run).rejects.toBeInstanceOf(ToolTimeout);
    await expect.poll(() => running(marker)).toEqual([]);
  });

  it("stop a program that writes more than it may", async () => {
    const run = runTool("sh", ["-c", "yes aip"], { ...limits, maxOutputBytes: 4096 });
    await expect(run).rejects.toBeInstanceOf(ToolFailed);
    await expect(run).rejects.toThrow(/more than 4096 bytes/);
  });
});
