import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

/** This thread's CPU time in ms (user and system, in clock ticks of 10 ms), or null without /proc. */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * How long the event loop was held while `work` ran: the most CPU time this thread (the app's,
 * in a test) spent between two turns of a 5 ms timer, and the wall clock's longest delay. On a
 * machine shared with other busy processes the thread also waits for a core, which the wall
 * clock counts too; the CPU time is what the server's own work held. Without /proc, the wall
 * clock's delay stands in for both.
 */
export async function longestHold<T>(
  work: () => Promise<T>,
): Promise<{ value: T; heldMs: number; wallMs: number; seconds: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let lastCpu = threadCpuMs();
  let heldMs = 0;
  const tick = () => {
    const cpu = threadCpuMs();
    if (cpu !== null && lastCpu !== null) heldMs = Math.max(heldMs, cpu - lastCpu);
    lastCpu = cpu;
  };
  const ticker = setInterval(tick, 5);
  delay.enable();
  const started = performance.now();
  let value: T;
  try {
    value = await work();
    // The last stretch ends where the work's answer came: the timers get one more turn to see it.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    clearInterval(ticker);
    tick();
    delay.disable();
  }
  const wallMs = delay.max / 1e6;
  return {
    value,
    heldMs: lastCpu === null ? wallMs : heldMs,
    wallMs,
    seconds: (performance.now() - started) / 1000,
  };
}
