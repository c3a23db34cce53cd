import { statfs } from "node:fs/promises";
import type { HealthCheck, SystemHealth } from "../../../common/admin";

/** Thresholds for systemHealth: a warning first, critical beyond. */
const BACKLOG_WARNING = 100;
const BACKLOG_CRITICAL = 1_000;
const DISK_FREE_WARNING = 0.1;
const DISK_FREE_CRITICAL = 0.03;
const ERROR_RATE_WARNING = 0.01;
const ERROR_RATE_CRITICAL = 0.05;
const ERROR_WINDOW_MS = 5 * 60_000;

/**
 * Counts answers and server errors in one-minute buckets over the last five minutes, in this
 * process: the error-rate check reads it. A hook on every response feeds it.
 */
export function errorRateMeter(now: () => Date = () => new Date()) {
  const buckets = new Map<number, { total: number; errors: number }>();
  const minute = () => Math.floor(now().getTime() / 60_000);
  return {
    count(statusCode: number): void {
      const key = minute();
      const bucket = buckets.get(key) ?? { total: 0, errors: 0 };
      bucket.total += 1;
      if (statusCode >= 500) bucket.errors += 1;
      buckets.set(key, bucket);
      for (const old of buckets.keys()) if (old <= key - ERROR_WINDOW_MS / 60_000) buckets.delete(old);
    },
    read(): { total: number; errors: number } {
      const from = minute() - ERROR_WINDOW_MS / 60_000;
      let total = 0;
      let errors = 0;
      for (const [key, bucket] of buckets) {
        if (key <= from) continue;
        total += bucket.total;
        errors += bucket.errors;
      }
      return { total, errors };
    },
  };
}
export type ErrorRateMeter = ReturnType<typeof errorRateMeter>;

const rate = (value: number, warning: number, critical: number): SystemHealth =>
  value >= critical ? "critical" : value >= warning ? "warning" : "healthy";

export type HealthProbes = {
  ping: () => Promise<void>;
  jobBacklog: () => Promise<number>;
  dataDir: string;
  errors: ErrorRateMeter;
};

/** The four real checks behind the admin's systemHealth. */
export async function healthChecks(probes: HealthProbes): Promise<HealthCheck[]> {
  const checks: HealthCheck[] = [];
  const started = Date.now();
  try {
    await probes.ping();
    checks.push({ name: "database", status: "healthy", detail: `Answered in ${Date.now() - started} ms` });
  } catch {
    checks.push({ name: "database", status: "critical", detail: "The database did not answer" });
  }
  try {
    const backlog = await probes.jobBacklog();
    checks.push({
      name: "jobQueue",
      status: rate(backlog, BACKLOG_WARNING, BACKLOG_CRITICAL),
      detail: `${backlog} jobs due and waiting`,
    });
  } catch {
    checks.push({ name: "jobQueue", status: "critical", detail: "The job queue could not be read" });
  }
  try {
    const disk = await statfs(probes.dataDir);
    const free = disk.bavail / disk.blocks;
    checks.push({
      name: "diskSpace",
      status: rate(1 - free, 1 - DISK_FREE_WARNING, 1 - DISK_FREE_CRITICAL),
      detail: `${Math.round(free * 100)}% free (${Math.round((disk.bavail * disk.bsize) / 1_048_576)} MB)`,
    });
  } catch {
    checks.push({
      name: "diskSpace",
      status: "warning",
      detail: "The data directory's disk could not be read",
    });
  }
  const { total, errors } = probes.errors.read();
  const errorRate = total === 0 ? 0 : errors / total;
  checks.push({
    name: "errorRate",
    status: rate(errorRate, ERROR_RATE_WARNING, ERROR_RATE_CRITICAL),
    detail: `${errors} server errors in ${total} answers over 5 minutes`,
  });
  return checks;
}

export function worstOf(checks: HealthCheck[]): SystemHealth {
  if (checks.some((check) => check.status === "critical")) return "critical";
  if (checks.some((check) => check.status === "warning")) return "warning";
  return "healthy";
}
