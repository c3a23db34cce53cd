import os from "node:os";
import pg from "pg";
import { printTable } from "../load";
import { type RunningServer, signUp, startServer } from "../server";

/**
 * Reports at scale: one workspace with 1,000,000 autodialer attempts (BENCH_REPORT_CALLS) over
 * the last year and a call for each one that went out, plus the calls outside the autodialer,
 * about 1,000,000 calls in all, on PostgreSQL (DATABASE_URL; the report's goal is PostgreSQL's).
 * Ten campaigns, sixteen reps on eight of them and four AI agents on the other two, in New York
 * business hours. The rows are written by the database (INSERT ... SELECT over generate_series),
 * with the two tables' secondary indexes dropped while they load and built again after, as a
 * bulk load does. Then each report endpoint is timed through HTTP against the real server:
 * p50 and p95 for ranges of 7, 30, 90 and 366 days, one campaign, the leaderboard and a CSV.
 * Goal: under 1 s for a report on PostgreSQL.
 */
const PORT = 5187;
const DATABASE = "aip_bench_reports";
const GOAL_MS = 1000;
const CAMPAIGNS = 10;
const REPS = 16;
const AI_AGENTS = 4;
const DAYS = 365;
/** Calls outside the autodialer, on top of one call per dialled attempt (a twentieth of the attempts). */
const OTHER_SHARE = 0.05;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10
  );
}

/** A day `days` before today, in New York (the workspace's zone). */
function dayBefore(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

async function seconds(label: string, run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  const took = (performance.now() - started) / 1000;
  console.log(`  ${label}: ${took.toFixed(1)} s`);
  return took;
}

/**
 * The secondary indexes of a table (not those behind a primary key or unique constraint), as
 * PostgreSQL would write them again: dropped while a million rows load, then built in one pass.
 */
async function secondaryIndexes(
  db: pg.Client,
  table: string,
): Promise<{ name: string; definition: string }[]> {
  const result = await db.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
     from pg_indexes i
     where i.schemaname = 'public' and i.tablename = $1
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  return result.rows;
}

async function seed(
  db: pg.Client,
  ids: { workspace: string; campaigns: string[]; reps: string[]; ai: string[] },
  attempts: number,
) {
  const leads = Math.ceil(attempts / 3);
  const dropped = [
    ...(await secondaryIndexes(db, "dial_attempts")),
    ...(await secondaryIndexes(db, "calls")),
  ];
  for (const index of dropped) await db.query(`drop index ${index.name}`);
  await db.query("select setseed(0.42)");
  await seconds(`${leads.toLocaleString()} leads`, () =>
    db.query(
      `insert into campaign_leads (id, workspace_id, campaign_id, phone_number, phone_e164, status, call_attempts)
       select md5('lead' || g)::uuid, $1, ($2::uuid[])[1 + g % $3], '+1212' || lpad(g::text, 7, '0'),
              '+1212' || lpad(g::text, 7, '0'), 'completed', 3
       from generate_series(1, $4::int) g`,
      [ids.workspace, ids.campaigns, CAMPAIGNS, leads],
    ),
  );
  // Each lead dialled three times, every day of the year in New York business hours: 4% never
  // went out (the dial gate), 35% no answer, 10% busy, 15% a machine, the rest a person; of those
  // 3% abandoned and the others put through (campaigns 1-8 to two reps each, 9 and 10 to two AI
  // agents each) with an outcome, a rep's wrap-up after it.
  await seconds(`${attempts.toLocaleString()} attempts`, () =>
    db.query(
      `insert into dial_attempts (workspace_id, campaign_id, lead_id, attempt_number, dial_key, phone_e164, state,
         call_id, agent_user_id, ai_agent_id, answered_by_person, queued_at, dialed_at, answered_at, connected_at,
         ended_at, disposition, disposed_by, disposed_at)
       select $1, ($2::uuid[])[c], lead, n, lead || ':' || n, '+12125550100',
         case when r < 0.04 then 'failed' when r < 0.39 then 'no_answer' when r < 0.49 then 'busy'
              when r < 0.64 then 'machine' when p < 0.03 then 'abandoned' else 'completed' end,
         case when r >= 0.04 then gen_random_uuid() end,
         case when talked and c <= 8 then ($3::uuid[])[(c - 1) * 2 + 1 + g % 2] end,
         case when talked and c > 8 then ($4::uuid[])[(c - 9) * 2 + 1 + g % 2] end,
         r >= 0.64, t,
         case when r >= 0.04 then t + interval '1 second' end,
         case when r >= 0.49 then t + interval '12 seconds' end,
         case when talked then t + interval '13 seconds' + p * interval '3 seconds' end,
         case when r >= 0.04 then t + case when talked then 40 + g % 500 else 25 end * interval '1 second' end,
         case when r < 0.04 then 'failed' when r < 0.39 then 'no_answer' when r < 0.49 then 'busy'
              when r < 0.64 then 'answering_machine' when p < 0.03 then 'abandoned'
              else (array['sale','appointment','interested','interested','not_interested','not_interested',
                          'not_interested','callback','do_not_call','wrong_number'])[1 + g % 10] end,
         case when talked and c <= 8 then ($3::uuid[])[(c - 1) * 2 + 1 + g % 2] end,
         case when talked then t + (45 + g % 500 + g % 30) * interval '1 second' end
       from (
         select g, r, p, md5('lead' || ((g - 1) / 3 + 1))::uuid as lead, 1 + (g - 1) % 3 as n,
                1 + ((g - 1) / 3 + 1) % $5 as c, r >= 0.64 and p >= 0.03 as talked,
                ((date_trunc('day', now() at time zone 'America/New_York') - floor(random() * $6) * interval '1 day'
                  + interval '9 hours' + random() * interval '11 hours') at time zone 'America/New_York') as t
         from (select g, random() as r, random() as p from generate_series(1, $7::int) g) s
       ) a
       -- In the order they happened, as a live workspace's rows are written.
       order by t`,
      [ids.workspace, ids.campaigns, ids.reps, ids.ai, CAMPAIGNS, DAYS, attempts],
    ),
  );
  // The calls the attempts placed (telephony's rows, keyed by the attempt's dial key).
  await seconds("their calls", () =>
    db.query(
      `insert into calls (id, workspace_id, phone_number, direction, status, start_time, end_time, duration,
         transcript, disposition, agent_id, call_type, dial_key, created_at, last_activity_at, is_active)
       select a.call_id, a.workspace_id, a.phone_e164, 'outbound', 'completed', a.dialed_at, a.ended_at,
         coalesce(extract(epoch from a.ended_at - a.connected_at)::int, 0), '',
         case a.disposition when 'appointment' then 'booked' when 'callback' then 'call_back'
           when 'answering_machine' then 'voicemail' when 'interested' then 'interested'
           when 'not_interested' then 'not_interested' when 'do_not_call' then 'do_not_call'
           when 'wrong_number' then 'wrong_number' end,
         a.ai_agent_id, 'twilio', a.dial_key, a.dialed_at, a.ended_at, false
       from dial_attempts a where a.workspace_id = $1 and a.call_id is not null order by a.queued_at`,
      [ids.workspace],
    ),
  );
  // Calls outside the autodialer: calls in (three in four) and a contact's Dial, most taken by an AI agent.
  const others = Math.round(attempts * OTHER_SHARE);
  await seconds(`${others.toLocaleString()} calls outside the autodialer`, () =>
    db.query(
      `insert into calls (workspace_id, phone_number, direction, status, start_time, end_time, duration, transcript,
         disposition, agent_id, call_type, created_at, last_activity_at, is_active, analysis)
       select $1, '+13125550100', case when g % 4 = 0 then 'outbound' else 'inbound' end, 'completed', t,
         t + (30 + g % 300) * interval '1 second', 30 + g % 300, '',
         (array['booked','interested','qualified','not_interested','call_back',null,null,'voicemail',
                'transferred','wrong_number'])[1 + g % 10],
         case when g % 3 <> 0 then ($2::uuid[])[1 + g % $3] end, 'twilio', t, t, false,
         case when g % 5 <> 0 then '{}'::jsonb end
       from (select g, ((date_trunc('day', now() at time zone 'America/New_York') - floor(random() * $4) * interval '1 day'
                       + interval '8 hours' + random() * interval '12 hours') at time zone 'America/New_York') as t
             from generate_series(1, $5::int) g) s
       order by t`,
      [ids.workspace, ids.ai, AI_AGENTS, DAYS, others],
    ),
  );
  await seconds(`${dropped.length} indexes built again`, async () => {
    await db.query("set maintenance_work_mem = '256MB'");
    for (const index of dropped) await db.query(index.definition);
  });
  await seconds("vacuum analyze", async () => {
    await db.query("vacuum analyze dial_attempts");
    await db.query("vacuum analyze calls");
    await db.query("vacuum analyze campaign_leads");
  });
  const counts = await db.query<{ attempts: string; calls: string }>(
    `select (select count(*) from dial_attempts where workspace_id = $1) as attempts,
            (select count(*) from calls where workspace_id = $1) as calls`,
    [ids.workspace],
  );
  return { attempts: Number(counts.rows[0]?.attempts), calls: Number(counts.rows[0]?.calls) };
}

async function timeRequests(
  server: RunningServer,
  cookie: string,
  path: string,
  n: number,
): Promise<number[]> {
  const run = async () => {
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  await run(); // plans and caches warm
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(await run());
  return times;
}

export async function reportsBench(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log(
      "Skipped: the reports bench measures PostgreSQL. Set DATABASE_URL to a server it may create a database on.",
    );
    return;
  }
  const attempts = Number(process.env.BENCH_REPORT_CALLS ?? 1_000_000);
  // BENCH_REPORT_KEEP=1 times the database the last run seeded again (seeding takes minutes).
  const keep = process.env.BENCH_REPORT_KEEP === "1";
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists =
    (await admin.query("select 1 from pg_database where datname = $1", [DATABASE])).rowCount === 1;
  const reuse = keep && exists;
  if (!reuse) {
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const databaseUrl = url.toString();

  const server = await startServer({ port: PORT, env: { DATABASE_URL: databaseUrl } });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    if (reuse) {
      await timeReports(server, db);
      return;
    }
    const { cookie } = await signUp(server.url);
    const headers = { cookie, origin: server.url, "content-type": "application/json" };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    const me = (await (await fetch(`${server.url}/api/user`, { headers: { cookie } })).json()) as {
      workspace: { id: string };
    };
    const campaigns: string[] = [];
    for (let i = 1; i <= CAMPAIGNS; i++)
      campaigns.push((await post("/api/autodialer/campaigns", { name: `Campaign ${i}` })).id);
    const ai: string[] = [];
    for (let i = 1; i <= AI_AGENTS; i++)
      ai.push((await post("/api/ai-agents", { name: `AI agent ${i}` })).id);
    // The reps: members of the workspace, written straight in (sign-ups would each cost a password hash).
    const reps = (
      await db.query<{ id: string }>(
        `with people as (
           insert into users (username, email, password_hash, full_name)
           select 'bench_rep_' || g, 'bench_rep_' || g || '@example.com', 'not-a-hash', 'Rep ' || g
           from generate_series(1, $1::int) g returning id
         ), joined as (
           insert into memberships (workspace_id, user_id, role) select $2, id, 'agent' from people returning user_id
         ) select user_id as id from joined`,
        [REPS, me.workspace.id],
      )
    ).rows.map((row) => row.id);

    console.log(`Seeding ${attempts.toLocaleString()} attempts and their calls on PostgreSQL...`);
    const started = performance.now();
    const seeded = await seed(db, { workspace: me.workspace.id, campaigns, reps, ai }, attempts);
    console.log(
      `Seeded ${seeded.attempts.toLocaleString()} attempts and ${seeded.calls.toLocaleString()} calls in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    await timeReports(server, db, cookie);
  } finally {
    await db.end();
    await server.stop();
  }
}

/** Each report endpoint timed through HTTP: the first request warms plans and caches. */
async function timeReports(server: RunningServer, db: pg.Client, signedIn?: string): Promise<void> {
  const cookie = signedIn ?? (await signInAsOwner(server, db));
  const loadBefore = os.loadavg()[0]?.toFixed(1);
  const campaigns = (
    await db.query<{ id: string }>("select id from campaigns order by name limit 1")
  ).rows.map((row) => row.id);
  const seeded = (
    await db.query<{ attempts: string; calls: string }>(
      "select (select count(*) from dial_attempts) as attempts, (select count(*) from calls) as calls",
    )
  ).rows[0];
  const today = dayBefore(0);
  const cases: { name: string; path: string; n: number }[] = [
    { name: "report, last 7 days", path: `/api/reports?from=${dayBefore(6)}&to=${today}`, n: 30 },
    { name: "report, last 30 days", path: `/api/reports?from=${dayBefore(29)}&to=${today}`, n: 30 },
    { name: "report, last 90 days", path: `/api/reports?from=${dayBefore(89)}&to=${today}`, n: 20 },
    {
      name: "report, 366 days (every call)",
      path: `/api/reports?from=${dayBefore(365)}&to=${today}`,
      n: 10,
    },
    {
      name: "one campaign, 366 days",
      path: `/api/reports?from=${dayBefore(365)}&to=${today}&campaignId=${campaigns[0]}`,
      n: 10,
    },
    { name: "leaderboard, 30 days", path: "/api/reports/leaderboard?period=30d", n: 30 },
    {
      name: "agents CSV, 366 days",
      path: `/api/reports/export?from=${dayBefore(365)}&to=${today}&view=agents`,
      n: 10,
    },
  ];
  const rows: Record<string, string | number>[] = [];
  for (const { name, path, n } of cases) {
    const times = await timeRequests(server, cookie, path, n);
    const p95 = percentile(times, 95);
    rows.push({
      request: name,
      requests: n,
      "p50 ms": percentile(times, 50),
      "p95 ms": p95,
      "under 1 s": p95 < GOAL_MS ? "yes" : "NO",
    });
  }
  printTable(
    `Reports over ${Number(seeded?.attempts).toLocaleString()} attempts and ${Number(seeded?.calls).toLocaleString()} calls in one workspace (PostgreSQL, through HTTP)`,
    rows,
  );
  console.log(`Goal: a report answers in under ${GOAL_MS} ms (p95).`);
  // The machine's other work moves these figures: say how busy it was.
  console.log(
    `Load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs while measuring (${loadBefore} before).`,
  );
}

/** The seeded workspace's owner signed in again (a kept database). */
async function signInAsOwner(server: RunningServer, db: pg.Client): Promise<string> {
  const owner = (
    await db.query<{ email: string }>(
      "select u.email from users u join memberships m on m.user_id = u.id where m.role = 'owner' limit 1",
    )
  ).rows[0];
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ login: owner?.email, password: "bench-password-1" }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}
