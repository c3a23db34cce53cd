import type { Readable } from "node:stream";
import { type SQL, sql } from "drizzle-orm";
import { type ExportKind, INACTIVE_AFTER_DAYS } from "../../../common/admin";
import { planFor, UNLIMITED } from "../../../common/plans";
import type { Db } from "../../db/client";
import { csvFileStream, datedCsvName } from "../../http/csv";

/**
 * The platform administrator's CSV exports (GET /api/admin/export/
 * {users|calls|all}): every person, every call across all workspaces (test calls left out, as
 * from every admin figure), or both in one file. Streamed: rows are read in keyset batches and
 * written as they come (server/http/csv.ts, whose cells are formula-safe), so a million calls
 * cost one batch of memory. A read across every area's tables, like admin/reports.ts.
 */

const BATCH = 2000;
const DAY_MS = 86_400_000;

export const USER_HEADERS = [
  "User ID",
  "Username",
  "Email",
  "Full Name",
  "Role",
  "Status",
  "Plan",
  "Total Calls",
  "Last Login (UTC)",
  "Created (UTC)",
] as const;

export const CALL_HEADERS = [
  "Call ID",
  "Started (UTC)",
  "Workspace ID",
  "Owner ID",
  "Owner",
  "Phone Number",
  "Caller Name",
  "Direction",
  "Classification",
  "Status",
  "Duration (seconds)",
  "Cost (USD)",
] as const;

type Cell = string | number | null;
type Keyed = { k: string; id: string };
type UserRow = Keyed & {
  username: string;
  email: string;
  full_name: string | null;
  role: string;
  suspended: boolean;
  plan: string;
  total_calls: number | string;
  last_login: string | null;
  created: string;
};
type CallRow = Keyed & {
  started: string;
  workspace_id: string;
  owner_id: string | null;
  owner: string | null;
  phone_number: string;
  caller_name: string | null;
  direction: string;
  classification: string | null;
  status: string;
  duration: number;
  plan: string;
};

/**
 * Dollars, to the cent: the call's minutes rounded up at the plan's per-minute rate, its monthly
 * price spread over the minutes it includes (nothing by the minute on a free or unlimited plan).
 * The rule GET /api/admin/calls prices calls by (calls-cost.ts); to be shared once that lands.
 */
export function exportedCallCost(planType: string, durationSeconds: number): number {
  const plan = planFor(planType);
  const included = plan.features.monthlyMinutes;
  if (plan.priceCents <= 0 || included === UNLIMITED || included <= 0) return 0;
  const minutes = Math.ceil(Math.max(0, durationSeconds) / 60);
  return Math.round((minutes * plan.priceCents) / included) / 100;
}

const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export function adminExports(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /** Keyset pages of (k, id) ascending: each batch starts after the last row of the one before. */
  async function* batches<T extends Keyed>(page: (after: Keyed | null) => SQL): AsyncGenerator<T> {
    let after: Keyed | null = null;
    for (;;) {
      const batch: T[] = await rows<T>(page(after));
      yield* batch;
      if (batch.length < BATCH) return;
      const last: T = batch[batch.length - 1]!;
      after = { k: last.k, id: last.id };
    }
  }

  function users(): AsyncGenerator<UserRow> {
    return batches<UserRow>(
      (after) => sql`
      select u.created_at::text as k, u.id::text as id, u.username, u.email, u.full_name, u.role,
             s.user_id is not null as suspended, coalesce(w.plan_type, 'free') as plan,
             (select count(*) from calls c where c.workspace_id = o.workspace_id and not c.is_test) as total_calls,
             ${utc(sql`(select max(x.last_seen_at) from sessions x where x.user_id = u.id)`)} as last_login,
             ${utc(sql`u.created_at`)} as created
        from users u
        left join user_suspensions s on s.user_id = u.id
        left join lateral (
          select m.workspace_id from memberships m
           where m.user_id = u.id and m.role = 'owner' order by m.created_at limit 1
        ) o on true
        left join workspaces w on w.id = o.workspace_id
       ${after ? sql`where (u.created_at, u.id) > (${after.k}::timestamptz, ${after.id}::uuid)` : sql``}
       order by u.created_at, u.id
       limit ${BATCH}`,
    );
  }

  function calls(): AsyncGenerator<CallRow> {
    return batches<CallRow>(
      (after) => sql`
      select c.start_time::text as k, c.id::text as id, ${utc(sql`c.start_time`)} as started,
             c.workspace_id::text as workspace_id, o.user_id::text as owner_id, u.username as owner,
             c.phone_number, c.caller_name, c.direction, c.classification, c.status, c.duration,
             coalesce(w.plan_type, 'free') as plan
        from calls c
        join workspaces w on w.id = c.workspace_id
        left join lateral (
          select m.user_id from memberships m
           where m.workspace_id = c.workspace_id and m.role = 'owner' order by m.created_at limit 1
        ) o on true
        left join users u on u.id = o.user_id
       where not c.is_test
         ${after ? sql`and (c.start_time, c.id) > (${after.k}::timestamptz, ${after.id}::uuid)` : sql``}
       order by c.start_time, c.id
       limit ${BATCH}`,
    );
  }

  function userCells(row: UserRow, activeSince: string): Cell[] {
    const status = row.suspended
      ? "suspended"
      : row.last_login && row.last_login >= activeSince
        ? "active"
        : "inactive";
    return [
      row.id,
      row.username,
      row.email,
      row.full_name,
      row.role,
      status,
      row.plan,
      Number(row.total_calls),
      row.last_login,
      row.created,
    ];
  }

  const callCells = (row: CallRow): Cell[] => [
    row.id,
    row.started,
    row.workspace_id,
    row.owner_id,
    row.owner,
    row.phone_number,
    row.caller_name,
    row.direction,
    row.classification,
    row.status,
    row.duration,
    exportedCallCost(row.plan, row.duration).toFixed(2),
  ];

  return {
    /** The file's name ("admin-users-2026-11-25.csv", today in UTC) and its rows as a stream. */
    export(kind: ExportKind): { fileName: string; stream: Readable } {
      const at = now();
      const activeSince = new Date(at.getTime() - INACTIVE_AFTER_DAYS * DAY_MS)
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z");
      const fileName = datedCsvName(kind === "all" ? "admin-export-all" : `admin-${kind}`, at, "UTC");
      if (kind === "users")
        return {
          fileName,
          stream: csvFileStream(
            USER_HEADERS,
            mapped(users(), (row) => userCells(row, activeSince)),
          ),
        };
      if (kind === "calls")
        return { fileName, stream: csvFileStream(CALL_HEADERS, mapped(calls(), callCells)) };
      // Both in one rectangular file: a Record column, then the users' columns, then the calls';
      // each row fills its own kind's columns and leaves the other's empty.
      const blankCalls = CALL_HEADERS.map(() => null);
      const blankUsers = USER_HEADERS.map(() => null);
      async function* both(): AsyncGenerator<Cell[]> {
        for await (const row of users()) yield ["user", ...userCells(row, activeSince), ...blankCalls];
        for await (const row of calls()) yield ["call", ...blankUsers, ...callCells(row)];
      }
      return { fileName, stream: csvFileStream(["Record", ...USER_HEADERS, ...CALL_HEADERS], both()) };
    },
  };
}

async function* mapped<T>(rows: AsyncIterable<T>, shape: (row: T) => Cell[]): AsyncGenerator<Cell[]> {
  for await (const row of rows) yield shape(row);
}

export type AdminExports = ReturnType<typeof adminExports>;
