import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * The queue's one table, created by `JobQueue.start()` because the Drizzle migrations belong to
 * another change in flight (issue 10). Fold these statements into a migration later; they are
 * idempotent, so a database that already has the table is left as it is.
 *
 * Why each column and index exists:
 * - `lease_id` is new at every claim. A worker's writes (progress, completion, failure) name
 *   their lease, so a worker that lost its job (cancelled, or taken over after its lease ran
 *   out) can no longer change it: this is what keeps a job from completing twice.
 * - `locked_until` is the lease's end, pushed forward by the running worker's heartbeat; a job
 *   still `running` after it belongs to a worker that died and may be claimed again.
 * - The idempotency index treats a null workspace (scheduled, system-wide jobs) as one value
 *   (`nulls not distinct`, PostgreSQL 15 and later), so each cron tick is queued once.
 */
export const JOB_TABLE_STATEMENTS = [
  `create table if not exists jobs (
    id uuid primary key,
    kind text not null,
    workspace_id uuid,
    idempotency_key text not null,
    payload jsonb not null,
    status text not null check (status in ('queued', 'running', 'completed', 'failed', 'cancelled')),
    run_at timestamptz not null,
    attempts integer not null default 0,
    progress_done integer not null default 0,
    progress_total integer not null default 0,
    progress_message text,
    error text,
    result jsonb,
    lease_id uuid,
    locked_until timestamptz,
    worker text,
    created_at timestamptz not null,
    started_at timestamptz,
    finished_at timestamptz,
    updated_at timestamptz not null
  )`,
  `create unique index if not exists jobs_idempotency_key
    on jobs (workspace_id, kind, idempotency_key) nulls not distinct`,
  "create index if not exists jobs_due on jobs (run_at) where status = 'queued'",
  "create index if not exists jobs_leased on jobs (locked_until) where status = 'running'",
];

/** An arbitrary constant: serialises the statements above when several servers start at once. */
const SCHEMA_LOCK_KEY = 7_318_412_001;

/**
 * Creates the table if it is missing. Two servers starting together on one PostgreSQL could
 * both try to create it and one would fail on the catalogue's unique index, so the statements
 * run under a transaction-scoped advisory lock. One statement per query: PGlite's parameterised
 * query path takes a single statement.
 */
export async function ensureJobTable(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`);
    for (const statement of JOB_TABLE_STATEMENTS) await tx.execute(sql.raw(statement));
  });
}
