import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { numbersInCallingHoursNow } from "../../../test/dialing";
import { databaseForChildProcess, testEngine } from "../../../test/job-databases";
import { waitFor } from "../../../test/jobs";
import { browser, kill, startServer, stopRunningServers } from "../../../test/real-server";

/**
 * The real server (server/main.ts, its dialer ticking on the jobs queue) is
 * killed with SIGKILL twice in the middle of a campaign, started again on the same data, and in
 * the end every lead was dialled exactly once: one attempt and one call per lead (no lead
 * dialled twice for the same attempt), every lead settled (none lost).
 *
 * The numbers end in 0002, which the carrier simulator reports busy at once, and the campaign
 * makes one attempt per lead, so each lead's whole story is one call. The numbers are in a place
 * where it is inside the calling hours now and for the next hour (New York, London or Tokyo), so
 * the dial gate lets them through whenever the test runs.
 */
const LEADS = 40;
/** Calls placed when each kill happens: some, then more, never all. */
const KILL_AT_CALLS = [8, 24];

/** The leads, attempts, agent sessions and unfinished jobs, counted, for a failure's report. */
async function whereThingsStand(database: Awaited<ReturnType<typeof target.open>>): Promise<string> {
  const queries = {
    leads: sql`select status, count(*)::int n from campaign_leads group by 1`,
    attempts: sql`select state, reason, count(*)::int n, max(queued_at) last_queued from dial_attempts group by 1, 2`,
    liveCalls: sql`select count(*)::int n from calls where is_active`,
    agents: sql`select status, current_attempt_id, updated_at from dialer_agent_sessions`,
    campaigns: sql`select status, pacing from campaigns`,
    jobs: sql`select kind, status, error, run_at from jobs where status <> 'completed' order by run_at desc limit 10`,
  };
  const report: Record<string, unknown> = { now: new Date().toISOString() };
  try {
    for (const [name, query] of Object.entries(queries)) {
      report[name] = ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    }
  } finally {
    await database.close();
  }
  return `dialer crash test: where things stand\n${JSON.stringify(report, null, 2)}`;
}

const target = await databaseForChildProcess();
afterAll(async () => {
  // Servers this file started that still run are stopped, even after a failure.
  await stopRunningServers();
  await target.drop();
});

describe(`the real server killed mid-campaign (${testEngine()})`, () => {
  it("dials every lead exactly once across two SIGKILLs and restarts", { timeout: 600_000 }, async () => {
    const started = Date.now();
    let server = await startServer(target.env);
    const call = browser(() => server);
    await call("POST", "/api/auth/signup", {
      username: "dialer_crash",
      email: "dialer-crash@example.com",
      password: "correct horse battery",
      planType: "business",
      businessInfo: { companyName: "Crash Dialer Ltd" },
    });
    const campaign = await call<{ id: string }>("POST", "/api/autodialer/campaigns", {
      name: "Crash campaign",
      dialRatio: 5,
      maxLines: 10,
      maxAttempts: 1,
    });
    // Distinct numbers ending in 0002, all busy on the simulator.
    const leads = numbersInCallingHoursNow(LEADS, "0002").map((phoneNumber) => ({ phoneNumber }));
    const added = await call<{ added: number }>("POST", `/api/autodialer/campaigns/${campaign.id}/leads`, {
      leads,
    });
    expect(added.added).toBe(LEADS);
    await call("PUT", "/api/autodialer/console/status", { status: "available", campaignId: campaign.id });
    await call("POST", `/api/autodialer/campaigns/${campaign.id}/start`);

    const placed = async () =>
      (await call<{ pagination: { total: number } }>("GET", "/api/calls?page=1&limit=1")).pagination.total;
    const callsAtKill: number[] = [];
    for (const threshold of KILL_AT_CALLS) {
      const seen = await waitFor(async () => ((await placed()) >= threshold ? placed() : undefined), 180_000);
      await kill(server, "SIGKILL");
      callsAtKill.push(seen);
      expect(seen).toBeLessThan(LEADS);
      server = await startServer(target.env);
      // The session survives the restart (it is in the database).
    }

    // Every lead settled: none new, dialling or waiting; the campaign completes on its own.
    try {
      await waitFor(
        async () => {
          const shown = await call<{ status: string; dialableLeads: number }>(
            "GET",
            `/api/autodialer/campaigns/${campaign.id}`,
          );
          return shown.status === "completed";
        },
        300_000,
        "the campaign to complete",
      );
    } catch (error) {
      // What was left where, for whoever reads the failure.
      if (testEngine() === "pglite") await kill(server, "SIGKILL");
      console.error(await whereThingsStand(await target.open()));
      throw error;
    }
    await kill(server, "SIGTERM");
    expect(server.process.exitCode).toBe(0);

    // Checked from outside, on the database the server left behind.
    const database = await target.open();
    try {
      const perLead = (await database.db.execute(
        sql`select l.phone_e164, l.status, l.call_attempts,
                   (select count(*)::int from dial_attempts a where a.lead_id = l.id) attempts,
                   (select count(*)::int from dial_attempts a where a.lead_id = l.id and a.call_id is not null) dialled,
                   (select count(*)::int from calls c where c.dial_key like l.id::text || ':%') calls
            from campaign_leads l where l.campaign_id = ${campaign.id}`,
      )) as unknown as {
        rows: {
          phone_e164: string;
          status: string;
          call_attempts: number;
          attempts: number;
          calls: number;
        }[];
      };
      expect(perLead.rows).toHaveLength(LEADS);
      const wrong = perLead.rows.filter(
        (lead) =>
          lead.status !== "exhausted" || lead.attempts !== 1 || lead.calls !== 1 || lead.call_attempts !== 1,
      );
      expect(wrong).toEqual([]);
      const all = (await database.db.execute(
        sql`select count(*)::int calls, count(distinct dial_key)::int keys from calls where dial_key is not null`,
      )) as unknown as { rows: { calls: number; keys: number }[] };
      expect(all.rows[0]).toEqual({ calls: LEADS, keys: LEADS });
      const live = (await database.db.execute(
        sql`select count(*)::int n from dial_attempts
            where state in ('queued', 'dialing', 'ringing', 'answered', 'connected')`,
      )) as unknown as { rows: { n: number }[] };
      expect(live.rows[0]?.n).toBe(0);
      console.info(
        `dialer crash test (${testEngine()}): calls at the kills ${callsAtKill.join(", ")}; ` +
          `${Date.now() - started} ms in all`,
      );
    } finally {
      await database.close();
    }
  });
});
