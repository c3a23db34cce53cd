// Loaded into the benchmarked server with NODE_OPTIONS=--import (bench/scenarios/audio.ts): the
// server's own event-loop delay, measured inside it. On SIGUSR2 it writes the largest and 99th
// percentile delay since the last signal to EVENT_LOOP_PROBE_FILE and starts over.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on("SIGUSR2", () => {
    writeFileSync(
      file,
      JSON.stringify({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, at: Date.now() }),
    );
    histogram.reset();
  });
}
