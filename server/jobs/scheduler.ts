import { type Cron, nextTick, parseCron } from "./cron";
import type { JobLogger } from "./types";

type Schedule = { kind: string; expression: string; cron: Cron; payload: unknown };

/** setTimeout's longest delay (about 24.8 days); a later tick is reached in several waits. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Periodic work. Every server keeps a timer per schedule and, at each tick, sends the job with
 * an idempotency key naming the tick (`cron <expression> <tick time>`): the servers' sends for
 * one tick are one job, so only one server runs it.
 */
export function createScheduler(deps: {
  now: () => Date;
  log: JobLogger;
  send: (kind: string, payload: unknown, idempotencyKey: string) => Promise<string>;
}) {
  const schedules: Schedule[] = [];
  const timers = new Map<Schedule, NodeJS.Timeout>();
  let running = false;

  function arm(schedule: Schedule, tick: Date): void {
    const wait = Math.min(Math.max(tick.getTime() - deps.now().getTime(), 0), MAX_TIMER_MS);
    timers.set(
      schedule,
      setTimeout(() => fire(schedule, tick), wait),
    );
  }

  function fire(schedule: Schedule, tick: Date): void {
    if (!running) return;
    const current = deps.now();
    // A timer may wake a little early, or the wait was capped: wait again for the same tick.
    if (current < tick) {
      arm(schedule, tick);
      return;
    }
    deps
      .send(schedule.kind, schedule.payload, `cron ${schedule.expression} ${tick.toISOString()}`)
      .catch((error: unknown) =>
        deps.log.error({ err: error, kind: schedule.kind, tick }, "queueing a scheduled job failed"),
      );
    // From the later of the tick and now: a server that slept through ticks skips them.
    arm(schedule, nextTick(schedule.cron, current > tick ? current : tick));
  }

  return {
    add(kind: string, expression: string, payload: unknown): void {
      if (schedules.some((s) => s.kind === kind && s.expression === expression)) {
        throw new Error(`"${kind}" is already scheduled at "${expression}"`);
      }
      const schedule = { kind, expression, cron: parseCron(expression), payload };
      schedules.push(schedule);
      if (running) arm(schedule, nextTick(schedule.cron, deps.now()));
    },
    start(): void {
      running = true;
      for (const schedule of schedules) arm(schedule, nextTick(schedule.cron, deps.now()));
    },
    stop(): void {
      running = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
