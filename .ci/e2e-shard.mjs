#!/usr/bin/env node
// Prints the browser spec files of one CI shard: `node .ci/e2e-shard.mjs <shard> <shards>`.
// Playwright's own --shard cuts the suite in file order, which put every long walk in the first
// half (one shard ran three times as long as the other). This deals the files out by their
// measured seconds instead, longest first, each to the shard with the least so far. A spec not
// yet measured counts as the average one. Re-measure with `node .ci/e2e-shard.mjs --measure
// <playwright list output>...` after a run, and commit the durations file it writes.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const durationsFile = path.join(root, ".ci", "e2e-durations.json");

function readDurations() {
  try {
    return JSON.parse(readFileSync(durationsFile, "utf8"));
  } catch {
    return {};
  }
}

/** Seconds per spec file, summed from the list reporter's lines ("✓ 12 [desktop] › e2e/x.spec.ts:5:1 › … (4.7s)"). */
function measure(logFiles) {
  const seconds = {};
  const line = /e2e\/([\w.-]+\.spec\.ts):\d+:\d+ .*\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/;
  for (const file of logFiles) {
    for (const text of readFileSync(file, "utf8").split("\n")) {
      const match = line.exec(text);
      if (!match || text.includes("(retry #")) continue;
      const [, spec, amount, unit] = match;
      const value = Number(amount) * (unit === "m" ? 60 : unit === "ms" ? 0.001 : 1);
      seconds[spec] = Math.round(((seconds[spec] ?? 0) + value) * 10) / 10;
    }
  }
  return Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
}

function shardFiles(shard, shards) {
  const durations = readDurations();
  const specs = readdirSync(path.join(root, "e2e")).filter((name) => name.endsWith(".spec.ts"));
  const known = Object.values(durations);
  const average = known.length ? known.reduce((sum, value) => sum + value, 0) / known.length : 1;
  const weighted = specs
    .map((spec) => ({ spec, seconds: durations[spec] ?? average }))
    .sort((a, b) => b.seconds - a.seconds || a.spec.localeCompare(b.spec));
  const loads = Array.from({ length: shards }, () => ({ seconds: 0, specs: [] }));
  for (const { spec, seconds } of weighted) {
    const lightest = loads.reduce((best, load) => (load.seconds < best.seconds ? load : best));
    lightest.seconds += seconds;
    lightest.specs.push(spec);
  }
  return loads[shard - 1].specs.sort().map((spec) => `e2e/${spec}`);
}

const args = process.argv.slice(2);
if (args[0] === "--measure") {
  writeFileSync(durationsFile, `${JSON.stringify(measure(args.slice(1)), null, 2)}\n`);
} else {
  const [shard, shards] = args.map(Number);
  if (!(shard >= 1 && shards >= shard)) {
    console.error("usage: node .ci/e2e-shard.mjs <shard> <shards> | --measure <log>...");
    process.exit(2);
  }
  console.log(shardFiles(shard, shards).join("\n"));
}
