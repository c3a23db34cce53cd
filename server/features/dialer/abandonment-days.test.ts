import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { buildWorkspace, rows } from "../../test/factories";
import { dialerRepository } from "./repository";
import { runtimeRepository } from "./runtime/attempts-repository";

/**
 * dial_abandonment_days (one row a campaign and UTC day, kept by triggers on dial_attempts) must
 * give exactly what counting every answered attempt gives: for the rolling 30 days, whose first
 * day is only partly inside the window, and for the campaign so far, through inserts, state
 * changes, answer-time changes and deletes.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const now = new Date("2031-03-04T15:00:00.000Z");
const thirtyDaysAgo = new Date(now.getTime() - 30 * DAY);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
}, 120_000);
afterAll(() => t.close());

type Ids = { campaignId: string; workspaceId: string; leadIds: string[] };

async function campaignWithLeads(leads: number): Promise<Ids> {
  const c = await buildWorkspace(t);
  const created = await c.post("/api/autodialer/campaigns", { name: "Tallies" });
  expect(created.statusCode, created.body).toBe(201);
  const campaignId = created.json().id as string;
  const text = Array.from({ length: leads }, (_, i) => `+1555404${String(i).padStart(4, "0")}`).join("\n");
  expect((await c.post(`/api/autodialer/campaigns/${campaignId}/leads`, { text })).statusCode).toBe(201);
  const leadRows = await rows<{ id: string; workspace_id: string }>(
    t,
    sql`select id, workspace_id from campaign_leads where campaign_id = ${campaignId} order by seq`,
  );
  return { campaignId, workspaceId: leadRows[0]?.workspace_id ?? "", leadIds: leadRows.map((row) => row.id) };
}

let attemptNumber = 0;
async function attempt(
  ids: Ids,
  lead: number,
  fields: { answeredAt: Date | null; byPerson: boolean; state: string },
): Promise<string> {
  attemptNumber++;
  const leadId = ids.leadIds[lead] ?? "";
  const [row] = await rows<{ id: string }>(
    t,
    sql`insert into dial_attempts (workspace_id, campaign_id, lead_id, attempt_number, dial_key, phone_e164,
                                   state, answered_by_person, answered_at, queued_at)
        values (${ids.workspaceId}, ${ids.campaignId}, ${leadId}, ${attemptNumber}, ${`${leadId}:${attemptNumber}`},
                '+15554040000', ${fields.state}, ${fields.byPerson}, ${fields.answeredAt},
                ${fields.answeredAt ?? now})
        returning id`,
  );
  return row?.id ?? "";
}

/** The counts the old way: every answered attempt of the campaign. */
async function counted(campaignId: string) {
  const [row] = await rows<Record<string, number>>(
    t,
    sql`select count(*) filter (where state = 'abandoned' and answered_at >= ${thirtyDaysAgo})::int month_abandoned,
               count(*) filter (where answered_at >= ${thirtyDaysAgo})::int month_answered,
               count(*) filter (where state = 'abandoned')::int all_abandoned,
               count(*)::int all_answered
        from dial_attempts where campaign_id = ${campaignId} and answered_by_person`,
  );
  return {
    rolling30Days: { abandoned: row?.month_abandoned, humanAnswered: row?.month_answered },
    campaignSoFar: { abandoned: row?.all_abandoned, humanAnswered: row?.all_answered },
  };
}

/** What the tick and the stats screen read (from the daily tallies). */
async function read(campaignId: string) {
  const ticking = await runtimeRepository(t.database.db).campaignsToTick(1000, now, thirtyDaysAgo);
  const figures = ticking.find((entry) => entry.campaign.id === campaignId)?.figures;
  const stats = await dialerRepository(t.database.db).abandonment(campaignId, now, thirtyDaysAgo);
  return {
    tick: { rolling30Days: figures?.rolling30Days, campaignSoFar: figures?.campaignSoFar },
    stats: {
      rolling30Days: {
        abandoned: stats.last30Days.abandoned,
        humanAnswered: stats.last30Days.answeredByPerson,
      },
      campaignSoFar: { abandoned: stats.campaign.abandoned, humanAnswered: stats.campaign.answeredByPerson },
    },
  };
}

async function expectSameAsCounting(campaignId: string) {
  const expected = await counted(campaignId);
  const { tick, stats } = await read(campaignId);
  expect(tick).toEqual(expected);
  expect(stats).toEqual(expected);
  return expected;
}

describe("the daily abandonment tallies", () => {
  it("match counting every answered call, across the 30-day edge, through changes and deletes", async () => {
    const ids = await campaignWithLeads(4);
    await t.database.db.execute(sql`update campaigns set status = 'active' where id = ${ids.campaignId}`);
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    // Outside the window, on the window's first day both sides of its start, inside, and today.
    await attempt(ids, 0, { answeredAt: at(40 * DAY), byPerson: true, state: "abandoned" });
    await attempt(ids, 0, { answeredAt: at(30 * DAY + HOUR), byPerson: true, state: "abandoned" });
    await attempt(ids, 1, { answeredAt: at(30 * DAY - HOUR), byPerson: true, state: "abandoned" });
    await attempt(ids, 1, { answeredAt: at(30 * DAY - 2 * HOUR), byPerson: true, state: "completed" });
    const later = await attempt(ids, 2, { answeredAt: at(5 * DAY), byPerson: true, state: "connected" });
    const machine = await attempt(ids, 2, { answeredAt: at(HOUR), byPerson: false, state: "machine" });
    const live = await attempt(ids, 3, { answeredAt: null, byPerson: false, state: "ringing" });
    expect(await expectSameAsCounting(ids.campaignId)).toEqual({
      rolling30Days: { abandoned: 1, humanAnswered: 3 },
      campaignSoFar: { abandoned: 3, humanAnswered: 5 },
    });

    // A person answers the ringing line, then nobody takes the call; the connected one ends.
    await t.database.db.execute(
      sql`update dial_attempts set state = 'answered', answered_by_person = true, answered_at = ${now}
          where id = ${live}`,
    );
    await t.database.db.execute(sql`update dial_attempts set state = 'abandoned' where id = ${live}`);
    await t.database.db.execute(sql`update dial_attempts set state = 'completed' where id = ${later}`);
    // State changes that are not an answer by a person change nothing.
    await t.database.db.execute(sql`update dial_attempts set state = 'failed' where id = ${machine}`);
    expect(await expectSameAsCounting(ids.campaignId)).toEqual({
      rolling30Days: { abandoned: 2, humanAnswered: 4 },
      campaignSoFar: { abandoned: 4, humanAnswered: 6 },
    });

    // An answer time moved out of the window, a person's answer taken back, an attempt deleted.
    await t.database.db.execute(
      sql`update dial_attempts set answered_at = ${at(45 * DAY)} where id = ${later}`,
    );
    await t.database.db.execute(sql`update dial_attempts set answered_by_person = false where id = ${live}`);
    await t.database.db.execute(
      sql`delete from dial_attempts where campaign_id = ${ids.campaignId} and answered_at = ${at(40 * DAY)}`,
    );
    expect(await expectSameAsCounting(ids.campaignId)).toEqual({
      rolling30Days: { abandoned: 1, humanAnswered: 2 },
      campaignSoFar: { abandoned: 2, humanAnswered: 4 },
    });

    // A deleted campaign takes its tallies with it.
    await t.database.db.execute(sql`delete from campaigns where id = ${ids.campaignId}`);
    expect(
      await rows(t, sql`select 1 from dial_abandonment_days where campaign_id = ${ids.campaignId}`),
    ).toEqual([]);
  });

  it("is counted per campaign: one campaign's calls never show on another's", async () => {
    const first = await campaignWithLeads(1);
    const second = await campaignWithLeads(1);
    await attempt(first, 0, {
      answeredAt: new Date(now.getTime() - HOUR),
      byPerson: true,
      state: "abandoned",
    });
    expect(await read(second.campaignId)).toMatchObject({
      stats: {
        rolling30Days: { abandoned: 0, humanAnswered: 0 },
        campaignSoFar: { abandoned: 0, humanAnswered: 0 },
      },
    });
    expect((await read(first.campaignId)).stats.campaignSoFar).toEqual({ abandoned: 1, humanAnswered: 1 });
  });
});
