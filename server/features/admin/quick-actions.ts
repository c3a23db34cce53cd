import { type SQL, sql } from "drizzle-orm";
import type { QuickAction, QuickActionResult } from "../../../common/admin";
import type { Db } from "../../db/client";
import type { AccessChanges } from "../../events/access";

/**
 * The admin console's quick actions (POST /api/admin/quick-action),
 * each doing something real and saying what:
 * - clear-cache: every server drops its in-memory caches at once (an access change naming
 *   nothing, sent on the bus): cached sessions, AI settings, routing sets, default scripts and
 *   AI Studio flows; the next request reads them fresh from the database.
 * - sync-users: recounts the figures kept per workspace by triggers (call counts by class and
 *   status, contact counts and lead-score sums) from the calls and contacts themselves, and
 *   says how many were off. Writers wait during the recount (share locks), so nothing is missed.
 * - cleanup-inactive: lists what it would remove (sessions past their end or idle limit, jobs
 *   finished over 30 days ago, invitations expired over 30 days ago) and removes them only when
 *   confirmed.
 * The counters, sessions, jobs and invitations belong to other areas: these are the admin's
 * named maintenance writes over them, plain SQL in one place, like the triggers they repair.
 */

/** What clear-cache drops on every server (the caches that listen for access changes). */
export const CACHES_CLEARED = [
  "signed-in sessions",
  "AI assistant settings",
  "agent routing sets",
  "default scripts",
  "AI Studio flows and rules",
] as const;

export const FINISHED_JOBS_KEPT_DAYS = 30;
export const EXPIRED_INVITATIONS_KEPT_DAYS = 30;
const DAY_MS = 86_400_000;

export type QuickActionDeps = {
  db: Db;
  access: Pick<AccessChanges, "changed">;
  /** How long a session may sit unused before it is over (config.sessionIdleMs). */
  sessionIdleMs: number;
  now?: () => Date;
};

type Candidates = { label: string; count: SQL; remove: SQL };

export function quickActionService(deps: QuickActionDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function one<T>(runner: Pick<Db, "execute">, query: SQL): Promise<T | undefined> {
    return ((await runner.execute(query)) as unknown as { rows: T[] }).rows[0];
  }

  function candidates(at: Date): Candidates[] {
    const idleSince = new Date(at.getTime() - deps.sessionIdleMs).toISOString();
    const jobsBefore = new Date(at.getTime() - FINISHED_JOBS_KEPT_DAYS * DAY_MS).toISOString();
    const invitesBefore = new Date(at.getTime() - EXPIRED_INVITATIONS_KEPT_DAYS * DAY_MS).toISOString();
    const moment = at.toISOString();
    const sessions = sql`sessions where expires_at < ${moment}::timestamptz or last_seen_at < ${idleSince}::timestamptz`;
    const jobs = sql`jobs where status in ('completed', 'failed', 'cancelled') and finished_at < ${jobsBefore}::timestamptz`;
    const invitations = sql`invitations where status = 'pending' and expires_at < ${invitesBefore}::timestamptz`;
    return [
      {
        label: "expired or idle sessions",
        count: sql`select count(*)::int as n from ${sessions}`,
        remove: sql`delete from ${sessions}`,
      },
      {
        label: `jobs finished over ${FINISHED_JOBS_KEPT_DAYS} days ago`,
        count: sql`select count(*)::int as n from ${jobs}`,
        remove: sql`delete from ${jobs}`,
      },
      {
        label: `invitations expired over ${EXPIRED_INVITATIONS_KEPT_DAYS} days ago`,
        count: sql`select count(*)::int as n from ${invitations}`,
        remove: sql`delete from ${invitations}`,
      },
    ];
  }

  function clearCache(): QuickActionResult {
    deps.access.changed({});
    return {
      action: "clear-cache",
      message: `Cleared ${CACHES_CLEARED.length} caches on every server: ${CACHES_CLEARED.join(", ")}`,
      affected: CACHES_CLEARED.length,
      items: [...CACHES_CLEARED],
    };
  }

  async function syncUsers(): Promise<QuickActionResult> {
    return db.transaction(async (tx) => {
      // Writers to calls and contacts wait while the figures are recounted (their triggers
      // would otherwise add to counters being rebuilt); readers do not.
      await tx.execute(sql`lock table calls, contacts in share mode`);
      const callTruth = sql`select workspace_id, coalesce(classification, '') as classification, status,
          is_active, is_test, count(*)::bigint as n, coalesce(sum(duration), 0)::bigint as duration_sum
        from calls group by 1, 2, 3, 4, 5`;
      const callStored = sql`select workspace_id, classification, status, is_active, is_test, n, duration_sum
        from call_counts where n <> 0 or duration_sum <> 0`;
      const contactTruth = sql`select workspace_id, count(*)::int as total,
          count(*) filter (where contact_status = 'new')::int as fresh,
          count(*) filter (where contact_status = 'converted')::int as converted,
          coalesce(sum(lead_score), 0)::bigint as score_sum
        from contacts group by 1`;
      const contactStored = sql`select workspace_id, total, fresh, converted, score_sum from contact_counts
        where total <> 0 or fresh <> 0 or converted <> 0 or score_sum <> 0`;
      const drift = (truth: SQL, stored: SQL) =>
        sql`select count(distinct workspace_id)::int as n from (
              (${truth} except ${stored}) union all (${stored} except ${truth})) as differences`;
      const callsOff = (await one<{ n: number }>(tx, drift(callTruth, callStored)))?.n ?? 0;
      const contactsOff = (await one<{ n: number }>(tx, drift(contactTruth, contactStored)))?.n ?? 0;
      await tx.execute(sql`delete from call_counts`);
      await tx.execute(sql`insert into call_counts (workspace_id, classification, status, is_active, is_test, n, duration_sum)
        ${callTruth}`);
      await tx.execute(sql`delete from contact_counts`);
      await tx.execute(
        sql`insert into contact_counts (workspace_id, total, fresh, converted, score_sum) ${contactTruth}`,
      );
      const figures = await one<{ workspaces: number; people: number }>(
        tx,
        sql`select (select count(*) from workspaces)::int as workspaces,
                   (select count(distinct user_id) from memberships)::int as people`,
      );
      const workspaces = figures?.workspaces ?? 0;
      const people = figures?.people ?? 0;
      const corrected = callsOff + contactsOff;
      return {
        action: "sync-users" as const,
        message:
          `Recounted the call and contact figures of ${workspaces} workspaces (${people} people): ` +
          (corrected === 0 ? "all were right" : `${corrected} corrected`),
        affected: workspaces,
        items: [
          `${callsOff} ${callsOff === 1 ? "workspace's call counts were" : "workspaces' call counts were"} off and are corrected`,
          `${contactsOff} ${contactsOff === 1 ? "workspace's contact counts were" : "workspaces' contact counts were"} off and are corrected`,
        ],
      };
    });
  }

  async function cleanupInactive(confirm: boolean): Promise<QuickActionResult> {
    const at = now();
    const found = candidates(at);
    if (!confirm) {
      const counts: number[] = [];
      for (const candidate of found) counts.push((await one<{ n: number }>(db, candidate.count))?.n ?? 0);
      const total = counts.reduce((sum, n) => sum + n, 0);
      return {
        action: "cleanup-inactive",
        message: total === 0 ? "Nothing to clean up" : `Would remove ${total} items: confirm to remove them`,
        affected: total,
        items: found.map((candidate, i) => `${counts[i]} ${candidate.label}`),
        needsConfirmation: total > 0,
      };
    }
    const removed = await db.transaction(async (tx) => {
      const counts: number[] = [];
      for (const candidate of found) {
        const result = (await tx.execute(candidate.remove)) as unknown as {
          rowCount?: number | null;
          affectedRows?: number;
        };
        counts.push(result.rowCount ?? result.affectedRows ?? 0);
      }
      return counts;
    });
    const total = removed.reduce((sum, n) => sum + n, 0);
    return {
      action: "cleanup-inactive",
      message: `Removed ${total} items`,
      affected: total,
      items: found.map((candidate, i) => `${removed[i]} ${candidate.label}`),
      needsConfirmation: false,
    };
  }

  return {
    run(action: QuickAction, confirm = false): Promise<QuickActionResult> {
      if (action === "clear-cache") return Promise.resolve(clearCache());
      if (action === "sync-users") return syncUsers();
      return cleanupInactive(confirm);
    },
  };
}

export type QuickActionService = ReturnType<typeof quickActionService>;
