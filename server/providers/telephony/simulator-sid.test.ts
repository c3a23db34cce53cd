import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { carriedByDeadProcess, newSimulatorSid } from "./simulator";

describe("simulated call SIDs name the process carrying them", () => {
  it("look like a Twilio SID with the SIM prefix", () => {
    expect(newSimulatorSid()).toMatch(/^SIM[0-9a-f]{32}$/);
    expect(newSimulatorSid()).not.toBe(newSimulatorSid());
  });

  it("tell a call whose process died from one still carried", async () => {
    expect(carriedByDeadProcess(newSimulatorSid())).toBe(false);
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    const pid = child.pid as number;
    const sid = newSimulatorSid("SIM", pid);
    expect(carriedByDeadProcess(sid)).toBe(false);
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(carriedByDeadProcess(sid)).toBe(true);
  });

  it("never call another host's or an unrecognised SID dead", () => {
    const elsewhere = `SIM${"f".repeat(8)}${"0".repeat(7)}1${"a".repeat(16)}`;
    expect(carriedByDeadProcess(elsewhere)).toBe(false);
    expect(carriedByDeadProcess("CA0123456789abcdef0123456789abcdef")).toBe(false);
    expect(carriedByDeadProcess("SIMnothex")).toBe(false);
  });
});
