import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db/client";
import type { TickReport } from "../../server/features/dialer/runtime";
import { printTable } from "../load";

/**
 * One dialer tick over 100 active campaigns, goal under 50 ms. The app runs
 * in this process on a fresh embedded database (or DATABASE_URL's PostgreSQL), with 100
 * workspaces each running a predictive campaign of 200 leads with one rep available and 2,000
 * calls answered by a person behind it (BENCH_DIALER_HISTORY), so the abandonment figures are read
 * over a campaign's history, not an empty one. Each tick
 * is the runtime's own (server/features/dialer/runtime/tick.ts): one statement activates
 * scheduled campaigns and reads every campaign's agents, lines and abandonment figures, pacing
 * decides for each, and one statement claims their leads (FOR UPDATE SKIP LOCKED, an attempt with
 * its dial key each) and saves the pacing: the "decide and claim" figure, judged against the
 * goal. The tick then places the claimed calls through the carrier simulator (numbers it reports
 * busy at once, so their status webhooks are handled while the tick runs), shown beside it as
 * the whole tick: its cost grows with the calls placed, not with the campaigns.
 * `npm run bench -- dialer-tick` runs this part alone.
 */

const CAMPAIGNS = Number(process.env.BENCH_DIALER_CAMPAIGNS ?? 100);
const LEADS_PER_CAMPAIGN = 200;
/**
 * Calls answered by a person each campaign made before the bench starts, over the last 20 days:
 * a campaign part-way through its list, so the abandonment figures the tick reads have history.
 */
const ANSWERED_HISTORY = Number(process.env.BENCH_DIALER_HISTORY ?? 2000);
/**
 * The first warms the statements' plans; of the 30 after it, the 95th percentile is the second
 * slowest (with 11, as before, it was the slowest: one stray pause decided the goal).
 */
const TICKS = 31;
/**
 * BENCH_DIALER_ANY_REPS=1: each rep works "Any campaign" (the console's default) instead of
 * choosing theirs, so every tick first puts the reps on campaigns (runtime/any-campaign.ts).
 */
const ANY_REPS = process.env.BENCH_DIALER_ANY_REPS === "1";
const GOAL_MS = 50;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Numbers ending 0002 (the simulator reports them busy at once, so each tick's lines free up) in
 * a place where it is inside the calling hours now and for the next hour, so the dial gate lets
 * them through whenever this runs: it checks the number's own zone, which a lead's recorded zone
 * cannot stand in for. New York, London and Tokyo between them cover every hour of the day.
 */
function numbersInCallingHours(count: number): string[] {
  const places = [
    { zone: "America/New_York", number: (i: number) => `+1212${200 + i}0002` },
    { zone: "Europe/London", number: (i: number) => `+4420${3000 + i}0002` },
    { zone: "Asia/Tokyo", number: (i: number) => `+813${3000 + i}0002` },
  ];
  const hourIn = (zone: string) =>
    Number(
      new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(
        new Date(),
      ),
    );
  const place = places.find(({ zone }) => hourIn(zone) >= 8 && hourIn(zone) < 20);
  if (!place) throw new Error("no place is inside its calling hours now");
  return Array.from({ length: count }, (_, i) => place.number(i));
}

async function request(
  app: FastifyInstance,
  cookie: string,
  method: "GET" | "POST" | "PUT",
  url: string,
  body?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers: { host: "bench.test", origin: "http://bench.test", ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (response.statusCode >= 400)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** A workspace on the business plan with one active campaign, its leads, and its owner available on it. */
async function seedWorkspace(app: FastifyInstance, n: number, numbers: string[]): Promise<void> {
  const signup = await request(app, "", "POST", "/api/auth/signup", {
    username: `dialer_bench_${n}`,
    email: `dialer-bench-${n}@example.com`,
    password: "correct horse battery",
    planType: "business",
    businessInfo: { companyName: `Bench ${n}` },
  });
  const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const campaign = (
    await request(app, cookie, "POST", "/api/autodialer/campaigns", { name: `Campaign ${n}`, maxAttempts: 1 })
  ).json() as { id: string };
  const leads = numbers.map((phoneNumber) => ({ phoneNumber }));
  await request(app, cookie, "POST", `/api/autodialer/campaigns/${campaign.id}/leads`, { leads });
  await request(app, cookie, "PUT", "/api/autodialer/console/status", {
    status: "available",
    campaignId: ANY_REPS ? null : campaign.id,
  });
  await request(app, cookie, "POST", `/api/autodialer/campaigns/${campaign.id}/start`);
}

/**
 * Each campaign's earlier calls answered by a person (2% abandoned), set-based in SQL: attempts
 * numbered past any the bench dials, each lead taking an equal share, spread over 20 days.
 */
async function seedAnsweredHistory(database: Database): Promise<void> {
  const perLead = Math.ceil(ANSWERED_HISTORY / LEADS_PER_CAMPAIGN);
  await database.db.execute(sql`
    insert into dial_attempts (workspace_id, campaign_id, lead_id, attempt_number, dial_key, phone_e164,
                               state, answered_by_person, queued_at, answered_at, connected_at, ended_at)
    select l.workspace_id, l.campaign_id, l.id, 1000 + k, l.id::text || ':history:' || k, l.phone_e164,
           case when random() < 0.02 then 'abandoned' else 'completed' end, true,
           h.moment, h.moment + interval '10 seconds', h.moment + interval '11 seconds', h.moment + interval '131 seconds'
    from (select *, row_number() over (partition by campaign_id order by seq) place from campaign_leads) l
    cross join generate_series(1, ${perLead}) k
    cross join lateral (select now() - random() * interval '20 days' as moment) h
    where (l.place - 1) * ${perLead} + k <= ${ANSWERED_HISTORY}`);
  // As autovacuum would have, over days of calls.
  await database.db.execute(sql`vacuum analyze dial_attempts, dial_abandonment_days`);
}

export async function dialerTickBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aip-bench-dialer-"));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  const config = loadConfig(
    {
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      // Load from a few accounts is the point here, not the per-account API limit.
      API_RATE_LIMIT: "off",
      SIMULATOR_TIME_SCALE: "0.01",
    },
    { clientDir: "/nonexistent", dataDir },
  );
  const app = await buildApp({ config, database, speech: null, schedules: false });
  await app.ready();
  try {
    const numbers = numbersInCallingHours(LEADS_PER_CAMPAIGN);
    const seeding = Date.now();
    for (let n = 0; n < CAMPAIGNS; n++) await seedWorkspace(app, n, numbers);
    await seedAnsweredHistory(database);
    console.log(
      `${CAMPAIGNS} workspaces, each a predictive campaign of ${LEADS_PER_CAMPAIGN} leads, ${ANSWERED_HISTORY.toLocaleString("en-US")} calls answered by a person in the last 20 days and one rep (${databaseUrl ? "PostgreSQL" : "embedded database"}), seeded in ${Date.now() - seeding} ms`,
    );

    const reports: (TickReport & { totalMs: number })[] = [];
    for (let tick = 0; tick < TICKS; tick++) {
      const started = performance.now();
      const report = await app.services.dialerRuntime.tick();
      reports.push({ ...report, totalMs: performance.now() - started });
      // Let the busy signals come back, as a second passes between real ticks.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // The first tick warms the statements' plans; the rest are the steady state.
    const steady = reports.slice(1);
    const claim = steady.map((r) => r.decideAndClaimMs);
    const total = steady.map((r) => r.totalMs);
    printTable(
      `One dialer tick over ${CAMPAIGNS} active campaigns${ANY_REPS ? ", reps on Any campaign" : ""} (goal < ${GOAL_MS} ms, ${steady.length} ticks)`,
      [
        {
          measurement: "decide and claim (figures, pacing, claim and save)",
          p50_ms: Number(percentile(claim, 50).toFixed(1)),
          p95_ms: Number(percentile(claim, 95).toFixed(1)),
          max_ms: Number(Math.max(...claim).toFixed(1)),
          goal: percentile(claim, 95) < GOAL_MS ? "met" : "missed",
        },
        {
          measurement: "whole tick, with the claimed calls placed",
          p50_ms: Number(percentile(total, 50).toFixed(1)),
          p95_ms: Number(percentile(total, 95).toFixed(1)),
          max_ms: Number(Math.max(...total).toFixed(1)),
          goal: "(grows with calls placed)",
        },
      ],
    );
    printTable(
      "Per tick",
      reports.map((r, i) => ({
        tick: i + 1,
        campaigns: r.campaigns,
        lines_wanted: r.wanted,
        claimed: r.claimed,
        dialled: r.results.dialled,
        lines_busy: r.results.lines_busy,
        decide_claim_ms: Number(r.decideAndClaimMs.toFixed(1)),
        of_which_figures_ms: Number(r.figuresMs.toFixed(1)),
        total_ms: Number(r.totalMs.toFixed(1)),
      })),
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
