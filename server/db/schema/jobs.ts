import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * The durable job queue (server/jobs): one row per job, claimed with a lease. Why each column
 * and index exists:
 * - `lease_id` is new at every claim. A worker's writes (progress, completion, failure) name
 *   their lease, so a worker that lost its job (cancelled, or taken over after its lease ran
 *   out) can no longer change it: this is what keeps a job from completing twice.
 * - `locked_until` is the lease's end, pushed forward by the running worker's heartbeat; a job
 *   still `running` after it belongs to a worker that died and may be claimed again.
 * - The idempotency index treats a null workspace (scheduled, system-wide jobs) as one value
 *   (`nulls not distinct`, PostgreSQL 15 and later), so each cron tick is queued once.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    /** Null for system-wide work (schedules); a workspace's jobs go when it does. */
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    progressMessage: text("progress_message"),
    error: text("error"),
    result: jsonb("result"),
    leaseId: uuid("lease_id"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    worker: text("worker"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    unique("jobs_idempotency_key").on(table.workspaceId, table.kind, table.idempotencyKey).nullsNotDistinct(),
    index("jobs_due").on(table.runAt).where(sql`${table.status} = 'queued'`),
    index("jobs_leased").on(table.lockedUntil).where(sql`${table.status} = 'running'`),
    // Finished jobs are pruned after a while; this finds them.
    index("jobs_finished").on(table.finishedAt).where(sql`${table.finishedAt} is not null`),
  ],
);
