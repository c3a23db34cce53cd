import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../app";
import { loadConfig } from "../../../config";
import { TestClient } from "../../../test/app";
import { TEAM_SIGNUP } from "../../../test/factories";
import { testEngine, twoServersOnOneDatabase } from "../../../test/job-databases";
import { waitFor } from "../../../test/jobs";
import { addLeads, createCampaign, onlyOutcomes, runtimeFor, setStatus, start } from "./test-support";

/**
 * Two app servers on one PostgreSQL tick the same campaign at the same moments,
 * again and again; no lead is ever dialled by both (FOR UPDATE SKIP LOCKED and the unique dial
 * key), and every lead is dialled. (On the embedded database both apps share its one connection;
 * the test still holds there, with less to prove.)
 */
const LEADS = 80;
const clock = new Date("2026-06-10T16:00:00.000Z");

let servers: Awaited<ReturnType<typeof twoServersOnOneDatabase>>;
const apps: { app: FastifyInstance; dataDir: string }[] = [];

beforeAll(async () => {
  servers = await twoServersOnOneDatabase();
  for (const database of [servers.first, servers.second]) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "aip-test-dialer-"));
    const config = loadConfig(
      {
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        AUTH_RATE_LIMIT_PER_MINUTE: "1000",
        API_RATE_LIMIT: "off",
        SIMULATOR_TIME_SCALE: "0.01",
      },
      { clientDir: "/nonexistent", dataDir },
    );
    const app = await buildApp({ config, database, speech: null, schedules: false, now: () => clock });
    await app.ready();
    apps.push({ app, dataDir });
  }
}, 120_000);

afterAll(async () => {
  for (const { app, dataDir } of apps) {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  await servers?.close();
});

type LeadDialled = { status: string; attempts: number; calls: number };

describe(`two servers dialling one campaign (${testEngine()})`, () => {
  it("never dial the same lead, and dial every lead", { timeout: 240_000 }, async () => {
    const [a, b] = apps as [(typeof apps)[number], (typeof apps)[number]];
    const owner = new TestClient(a.app);
    await owner.signup({ ...TEAM_SIGNUP });
    const campaign = await createCampaign(owner, { dialRatio: 10, maxLines: 10, maxAttempts: 1 });
    // Numbers ending 0002: the simulator reports them busy at once, so lines free up fast.
    await addLeads(
      owner,
      campaign.id,
      Array.from({ length: LEADS }, (_, n) => ({
        phoneNumber: `+1212${300 + n}0002`,
        timeZone: "America/New_York",
      })),
    );
    await setStatus(owner, "available", campaign.id);
    await start(owner, campaign.id);

    const claimedBy = { a: 0, b: 0 };
    const database = servers.first;
    const leads = async () =>
      (
        (await database.db.execute(
          sql`select l.status,
                     (select count(*)::int from dial_attempts d where d.lead_id = l.id and d.call_id is not null) attempts,
                     (select count(*)::int from calls c where c.dial_key like l.id::text || ':%') calls
              from campaign_leads l where l.campaign_id = ${campaign.id}`,
        )) as unknown as { rows: LeadDialled[] }
      ).rows;
    await waitFor(
      async () => {
        // Both servers tick at the same moment, as two schedulers' ticks on one database would.
        // The tick lock lets the one that starts first decide first: the one that has dialled
        // fewer starts first, so both take part whatever the timing of the lines' ends.
        const bFirst = claimedBy.b < claimedBy.a;
        const [fromA, fromB] = bFirst
          ? await Promise.all([
              b.app.services.dialerRuntime.tick(),
              a.app.services.dialerRuntime.tick(),
            ]).then(([fromSecond, fromFirst]) => [fromFirst, fromSecond] as const)
          : await Promise.all([a.app.services.dialerRuntime.tick(), b.app.services.dialerRuntime.tick()]);
        claimedBy.a += fromA.results.dialled;
        claimedBy.b += fromB.results.dialled;
        const now = await leads();
        return now.every((lead) => lead.status === "exhausted") ? now : undefined;
      },
      200_000,
      "every lead to be dialled",
    );
    const final = await leads();
    expect(final).toHaveLength(LEADS);
    expect(final.filter((lead) => lead.attempts !== 1 || lead.calls !== 1)).toEqual([]);
    expect(claimedBy.a + claimedBy.b).toBe(LEADS);
    expect(claimedBy.a).toBeGreaterThan(0);
    expect(claimedBy.b).toBeGreaterThan(0);
    console.info(`two servers (${testEngine()}): ${claimedBy.a} dialled by one, ${claimedBy.b} by the other`);
  });

  it("pace as one: two ticks at the same moment dial the lines one tick would", {
    timeout: 60_000,
  }, async () => {
    const owner = new TestClient(apps[0]!.app);
    await owner.signup({ ...TEAM_SIGNUP });
    // Progressive: one line per ready rep, less the lines already ringing. One rep, so one line.
    const campaign = await createCampaign(owner, { dialingMode: "progressive", maxAttempts: 1 });
    await addLeads(
      owner,
      campaign.id,
      Array.from({ length: 10 }, (_, n) => ({
        phoneNumber: `+1212${400 + n}1234`,
        timeZone: "America/New_York",
      })),
    );
    await setStatus(owner, "available", campaign.id);
    await start(owner, campaign.id);
    // Runtimes whose lines ring unanswered for the whole ring time: the first tick's line is still
    // ringing when the second tick looks.
    const [a, b] = [servers.first, servers.second].map((database, n) =>
      runtimeFor({ app: apps[n]!.app, database }, onlyOutcomes({ no_answer: 1 }), { now: () => clock }),
    ) as [ReturnType<typeof runtimeFor>, ReturnType<typeof runtimeFor>];
    const [fromA, fromB] = await Promise.all([a.tick(), b.tick()]);
    expect(fromA.claimed + fromB.claimed).toBe(1);
  });
});
