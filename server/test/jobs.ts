import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { JobLogger, JobQueueOptions } from "../jobs";

/** A workspace row for jobs to belong to (jobs.workspace_id references one). */
export async function newWorkspaceId(database: Database): Promise<string> {
  const result = (await database.db.execute(
    sql`insert into workspaces (name) values ('Jobs test') returning id`,
  )) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error("no workspace created");
  return id;
}

/** A logger that keeps what it was told, for tests that check a warning was written. */
export function recordingLog(): JobLogger & { lines: { level: string; message: string }[] } {
  const lines: { level: string; message: string }[] = [];
  const keep = (level: string) => (_details: object, message: string) => void lines.push({ level, message });
  return { lines, info: keep("info"), warn: keep("warn"), error: keep("error") };
}

/** Timings that make a queue react in tens of milliseconds instead of seconds. */
export const QUICK_QUEUE: Omit<JobQueueOptions, "log"> = { pollMs: 20, heartbeatMs: 100, leaseMs: 2000 };

/** Polls `check` until it returns something other than undefined or false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  what = "the condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A promise with its resolve exposed: lets a test hold a handler mid-run. */
export function gate(): { opened: Promise<void>; open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
