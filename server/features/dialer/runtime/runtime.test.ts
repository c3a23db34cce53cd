import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ON_DO_NOT_CALL } from "../../../../common/contacts";
import { createTestApp, type TestApp } from "../../../test/app";
import { buildMember, buildWorkspace, rows } from "../../../test/factories";
import { waitFor } from "../../../test/jobs";
import { ON_CAMPAIGN_DO_NOT_CALL } from "../../telephony/dial-gate";
import { ABANDONED_REASON } from "./answer";
import { runtimeRepository } from "./attempts-repository";
import {
  addLeads,
  attemptsOf,
  callsByDialKey,
  createCampaign,
  leadsOf,
  onlyOutcomes,
  pause,
  runtimeFor,
  setStatus,
  settled,
  start,
} from "./test-support";

/**
 * The dialer's runtime against a real database and the carrier simulator (100 times faster than
 * real time): ticks pace, claim and dial; the webhooks bring answers and ends back to it.
 */

/** Noon in New York on a June day: inside everyone's calling window (leads are New York numbers). */
let clock = new Date("2026-06-10T16:00:00.000Z");
const now = () => clock;
const minutesLater = (minutes: number) => new Date(clock.getTime() + minutes * 60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ telephony: { simulatorTimeScale: 0.01 } }, { now });
}, 120_000);
afterAll(() => t.close());
// A tick looks at every active campaign in the database: each test starts with none.
afterEach(async () => {
  await t.database.db.execute(sql`update campaigns set status = 'paused' where status = 'active'`);
});

const number = (n: number) => `+1212555${String(1000 + n)}`;
const leadsOfNumbers = (...ns: number[]) =>
  ns.map((n) => ({ phoneNumber: number(n), firstName: `Lead ${n}` }));

function heardOn(sid: string | null): string[] {
  if (!sid) return [];
  return t.app.services.telephony.simulator.inspect(sid)?.heard ?? [];
}

describe("a predictive campaign with one rep", () => {
  it("puts the first person through to the rep; the second, with nobody free within 2 seconds, hears the safe-harbor message and is recorded abandoned", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    // Pacing allows each new line dialRatio x target of a person finding no agent: at the
    // defaults (2.5 x 2%) one rep gets one line; at 6 x 3% a second line is worth its risk (its
    // risk is 15% when both answer at once: 5 x 3% would sit exactly on the line).
    const campaign = await createCampaign(owner, {
      callbackNumber: "+12125550199",
      businessName: "Acme Solar",
      dialRatio: 6,
      abandonTargetPercent: 3,
    });
    await addLeads(owner, campaign.id, leadsOfNumbers(1, 2, 3, 4, 5));
    await setStatus(owner, "available", campaign.id);
    await start(owner, campaign.id);

    // People stay on the line 4 s here (400 s scaled): long enough to hear the safe-harbor message.
    const runtime = runtimeFor(t, onlyOutcomes({ human: 1 }), { now, talkSeconds: [400, 400] });
    const report = await runtime.tick();
    // One rep ready: two lines.
    expect(report).toMatchObject({ campaigns: 1, wanted: 2, claimed: 2 });
    expect(report.results.dialled).toBe(2);

    const attempts = await settled(t, campaign.id);
    const connected = attempts.filter((a) => a.state === "connected" || a.state === "completed");
    const abandoned = attempts.filter((a) => a.state === "abandoned");
    expect(connected).toHaveLength(1);
    expect(abandoned).toHaveLength(1);
    expect(connected[0]).toMatchObject({ agent_user_id: owner.user.id, answered_by_person: true });
    expect(abandoned[0]).toMatchObject({
      reason: ABANDONED_REASON,
      disposition: "abandoned",
      answered_by_person: true,
      agent_user_id: null,
    });
    await waitFor(
      () => heardOn(abandoned[0]!.provider_call_sid).length > 0,
      10_000,
      "the safe-harbor message",
    );
    expect(heardOn(abandoned[0]!.provider_call_sid)).toEqual([
      "Hello, this is Acme Solar. We are sorry, nobody is free to take this call right now. To reach us, please call us back at 2 1 2, 5 5 5, 0 1 9 9. Goodbye.",
    ]);

    // The abandoned lead waits a day (the campaign's abandoned wait), the others are untouched.
    const leads = await leadsOf(t, campaign.id);
    const abandonedLead = leads.find((lead) => lead.id === abandoned[0]!.lead_id);
    expect(abandonedLead).toMatchObject({ status: "retry", call_attempts: 1, disposition: "abandoned" });
    expect(new Date(abandonedLead!.next_attempt_at as string).toISOString()).toBe(
      minutesLater(1440).toISOString(),
    );
    expect(leads.filter((lead) => lead.status === "new")).toHaveLength(3);

    // The rep's console has the call; the callee hangs up after talking; the rep records a sale.
    const console1 = (await owner.get("/api/autodialer/console")).json();
    expect(console1.currentCall).toMatchObject({ attemptId: connected[0]!.id });
    await waitFor(
      async () =>
        (await attemptsOf(t, campaign.id)).some((a) => a.id === connected[0]!.id && a.state === "completed"),
      15_000,
      "the callee to hang up",
    );
    const end = await owner.post(`/api/autodialer/console/calls/${connected[0]!.id}/end`, {
      disposition: "sale",
      notes: "Two panels",
    });
    expect(end.statusCode, end.body).toBe(200);
    expect((await leadsOf(t, campaign.id)).find((lead) => lead.id === connected[0]!.lead_id)).toMatchObject({
      status: "completed",
      disposition: "sale",
    });

    // The figures come from the attempts: 1 abandoned of 2 answered by a person.
    const stats = (await owner.get(`/api/autodialer/campaigns/${campaign.id}/stats`)).json();
    expect(stats.abandonment.campaign).toMatchObject({ abandoned: 1, answeredByPerson: 2 });
    await pause(owner, campaign.id);
  });

  it("hangs up a call still live when the rep ends it with a disposition", { timeout: 60_000 }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    // No wrap-up: the rep is available again as soon as the call is disposed.
    const campaign = await createCampaign(owner, {
      maxLines: 1,
      dialingMode: "progressive",
      wrapUpSeconds: 0,
    });
    await addLeads(owner, campaign.id, leadsOfNumbers(7));
    await setStatus(owner, "available", campaign.id);
    await start(owner, campaign.id);

    // The callee would talk for minutes; the rep is done first.
    const runtime = runtimeFor(t, onlyOutcomes({ human: 1 }), { now, talkSeconds: [60_000, 60_000] });
    expect((await runtime.tick()).results.dialled).toBe(1);
    const [attempt] = (await settled(t, campaign.id)).filter((a) => a.state === "connected");
    expect(attempt?.call_id).toBeTruthy();
    const live = await rows<{ is_active: boolean }>(
      t,
      sql`select is_active from calls where id = ${attempt!.call_id}`,
    );
    expect(live[0]?.is_active).toBe(true);

    const end = await owner.post(`/api/autodialer/console/calls/${attempt!.id}/end`, {
      disposition: "not_interested",
      notes: "Has a provider",
    });
    expect(end.statusCode, end.body).toBe(200);
    const after = await rows<{ is_active: boolean }>(
      t,
      sql`select is_active from calls where id = ${attempt!.call_id}`,
    );
    expect(after[0]?.is_active).toBe(false);
    expect((await owner.get("/api/autodialer/console")).json().agent.status).toBe("available");
    await pause(owner, campaign.id);
  });

  it("gives a waiting caller to a rep who becomes free within the 2 seconds", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const member = await buildMember(t, owner, "agent");
    // As above: at 6 x 3% the one rep ready gets a second line.
    // No wrap-up: the rep who disposes the first call is free for the waiting one at once.
    const campaign = await createCampaign(owner, { dialRatio: 6, abandonTargetPercent: 3, wrapUpSeconds: 0 });
    await addLeads(owner, campaign.id, leadsOfNumbers(11, 12));
    await setStatus(owner, "available", campaign.id);
    await setStatus(member, "break", campaign.id);
    await start(owner, campaign.id);

    // Both answer together after 60 s of ringing (0.6 s here); the owner takes one.
    const model = onlyOutcomes({ human: 1 }, { answerAfterSeconds: [60, 60], ringTimeoutSeconds: 90 });
    const report = await runtimeFor(t, model, { now }).tick();
    expect(report.claimed).toBe(2);
    await waitFor(
      async () => {
        const states = (await attemptsOf(t, campaign.id)).map((a) => a.state).sort();
        return states.join() === "answered,connected";
      },
      15_000,
      "one call connected and one waiting",
    );
    await setStatus(member, "available", campaign.id);
    const attempts = await settled(t, campaign.id);
    expect(attempts.map((a) => a.agent_user_id).sort()).toEqual([owner.user.id, member.user.id].sort());
    expect(attempts.some((a) => a.state === "abandoned")).toBe(false);
    await pause(owner, campaign.id);
  });
});

describe("answering machines and unanswered calls", () => {
  it("leaves the voicemail message on a machine, never counted as answered by a person nor abandoned", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner, {
      voicemailMessage: "Hi, this is Acme Solar, call us back.",
    });
    await addLeads(owner, campaign.id, leadsOfNumbers(21));
    await setStatus(owner, "available", campaign.id);
    await start(owner, campaign.id);
    await runtimeFor(t, onlyOutcomes({ machine: 1 }), { now }).tick();
    const [attempt] = await settled(t, campaign.id);
    expect(attempt).toMatchObject({
      state: "machine",
      disposition: "answering_machine",
      answered_by_person: false,
    });
    await waitFor(() => heardOn(attempt!.provider_call_sid).length > 0, 10_000, "the voicemail");
    expect(heardOn(attempt!.provider_call_sid)).toEqual(["Hi, this is Acme Solar, call us back."]);
    const [lead] = await leadsOf(t, campaign.id);
    expect(lead).toMatchObject({ status: "retry", disposition: "answering_machine" });
    const stats = (await owner.get(`/api/autodialer/campaigns/${campaign.id}/stats`)).json();
    expect(stats.abandonment.campaign).toMatchObject({ abandoned: 0, answeredByPerson: 0 });
    // The rep was never taken.
    expect((await owner.get("/api/autodialer/console")).json().agent.status).toBe("available");
    await pause(owner, campaign.id);
  });

  it("redials busy, unanswered and failed numbers after the minimum gap, then stops at the maximum attempts", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner, { maxAttempts: 2, retryMinutes: 30, dialRatio: 3 });
    // The simulator's fixed endings: 0002 busy, 0003 no answer, 0004 failed.
    await addLeads(owner, campaign.id, [
      { phoneNumber: "+12125550002" },
      { phoneNumber: "+12125550003" },
      { phoneNumber: "+12125550004" },
    ]);
    // Three reps ready: a line for each number.
    await setStatus(owner, "available", campaign.id);
    for (const rep of [await buildMember(t, owner, "agent"), await buildMember(t, owner, "agent")])
      await setStatus(rep, "available", campaign.id);
    await start(owner, campaign.id);
    const runtime = runtimeFor(t, onlyOutcomes({ human: 1 }), { now });
    expect((await runtime.tick()).claimed).toBe(3);
    const first = await settled(t, campaign.id);
    expect(first.map((a) => a.state)).toEqual(["busy", "no_answer", "failed"]);
    expect((await leadsOf(t, campaign.id)).map((lead) => lead.status)).toEqual(["retry", "retry", "retry"]);

    // Before the gap nothing is due; after it, each is dialled once more, then it is exhausted.
    clock = minutesLater(29);
    expect((await runtime.tick()).claimed).toBe(0);
    clock = minutesLater(2);
    expect((await runtime.tick()).claimed).toBe(3);
    const second = await waitFor(async () => {
      const attempts = await attemptsOf(t, campaign.id);
      return attempts.length === 6 && attempts.every((a) => ["busy", "no_answer", "failed"].includes(a.state))
        ? attempts
        : undefined;
    }, 30_000);
    expect(second.map((a) => a.attempt_number)).toEqual([1, 2, 1, 2, 1, 2]);
    expect((await leadsOf(t, campaign.id)).map((lead) => lead.status)).toEqual([
      "exhausted",
      "exhausted",
      "exhausted",
    ]);
    // Each attempt is one call under its own dial key.
    const calls = await callsByDialKey(t, owner.user.workspace.id);
    expect(calls).toHaveLength(6);
    expect(calls.every((call) => call.n === 1)).toBe(true);
    await pause(owner, campaign.id);
  });
});

describe("the dial-time gate in a tick", () => {
  it("records why a lead listed after it was queued, or outside its hours, was not dialled", {
    timeout: 60_000,
  }, async () => {
    // 21:01 in New York, 19:01 in Denver.
    clock = new Date("2026-06-11T01:01:00.000Z");
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner, { dialingMode: "progressive" });
    await addLeads(owner, campaign.id, [
      { phoneNumber: "+13035550101", timeZone: "America/Denver" },
      { phoneNumber: "+13035550102", timeZone: "America/Denver" },
      { phoneNumber: "+13035550103", timeZone: "America/Denver" },
      { phoneNumber: "+12125550104" },
    ]);
    // Listed after the leads were added: only the gate at dialling time can catch these.
    expect((await owner.post("/api/do-not-call", { phoneNumber: "+13035550101" })).statusCode).toBe(201);
    const listed = await owner.post(`/api/autodialer/campaigns/${campaign.id}/do-not-call`, {
      phoneNumber: "+13035550102",
    });
    expect(listed.statusCode, listed.body).toBe(201);
    // Four reps' worth of lines: the member and owner, progressive one line each... and two more.
    for (const c of [
      owner,
      await buildMember(t, owner),
      await buildMember(t, owner),
      await buildMember(t, owner),
    ])
      await setStatus(c, "available", campaign.id);
    await start(owner, campaign.id);

    const report = await runtimeFor(t, onlyOutcomes({ busy: 1 }), { now }).tick();
    const byPhone = new Map((await attemptsOf(t, campaign.id)).map((a) => [a.phone_e164, a]));
    const leads = new Map((await leadsOf(t, campaign.id)).map((lead) => [lead.phone_e164, lead]));
    // A lead already marked do-not-call when added is never claimed at all.
    const claimedPhones = [...byPhone.keys()];
    expect(report.claimed).toBe(claimedPhones.length);
    for (const phone of ["+13035550101", "+13035550102"]) {
      if (!byPhone.has(phone)) expect(leads.get(phone)?.status).toBe("do_not_call");
      else expect(byPhone.get(phone)).toMatchObject({ state: "failed", call_id: null });
    }
    expect(leads.get("+13035550101")?.status).toBe("do_not_call");
    expect(leads.get("+13035550102")?.status).toBe("do_not_call");
    // New York at 21:01: refused with the reason, due at 08:00 there, its attempt not counted.
    expect(byPhone.get("+12125550104")).toMatchObject({
      state: "failed",
      call_id: null,
      reason:
        "It is 21:01 for this number (America/New_York); calls are allowed 08:00–21:00 in the callee's time. Try again after 08:00 their time.",
    });
    expect(leads.get("+12125550104")).toMatchObject({ status: "new", call_attempts: 0 });
    expect(new Date(leads.get("+12125550104")!.next_attempt_at as string).toISOString()).toBe(
      "2026-06-11T12:00:00.000Z",
    );
    // Denver at 19:01: dialled.
    expect(byPhone.get("+13035550103")?.call_id).toBeTruthy();
    const calls = await callsByDialKey(t, owner.user.workspace.id);
    expect(calls).toHaveLength(1);
    await pause(owner, campaign.id);
  });
});

describe("a tick dialling in batches", () => {
  it("reads each workspace's and campaign's lists for the batch: a number listed in one workspace is refused there and dialled in another", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const listing = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    const campaigns = [];
    for (const owner of [listing, other]) {
      const campaign = await createCampaign(owner, { dialingMode: "progressive" });
      await addLeads(owner, campaign.id, leadsOfNumbers(301, 302, 303));
      for (const c of [owner, await buildMember(t, owner), await buildMember(t, owner)])
        await setStatus(c, "available", campaign.id);
      campaigns.push(campaign);
    }
    const [listed, unlisted] = campaigns as [(typeof campaigns)[number], (typeof campaigns)[number]];
    // Listed after the leads were added, without the listing's own marking of the leads: what the
    // gate at dialling time is there for (a number listed between the claim and the dial).
    const workspaceId = listing.user.workspace.id;
    await t.database.db.execute(sql`
      insert into do_not_call_numbers (workspace_id, phone_e164, phone_number)
      values (${workspaceId}, ${number(301)}, ${number(301)})`);
    await t.database.db.execute(sql`
      insert into campaign_do_not_call (workspace_id, campaign_id, phone_e164, phone_number)
      values (${workspaceId}, ${listed.id}, ${number(302)}, ${number(302)})`);
    await start(listing, listed.id);
    await start(other, unlisted.id);

    const report = await runtimeFor(t, onlyOutcomes({ busy: 1 }), { now }).tick();
    expect(report.claimed).toBe(6);
    expect(report.results).toMatchObject({ dialled: 4, refused: 2 });
    const refused = new Map((await attemptsOf(t, listed.id)).map((a) => [a.phone_e164, a]));
    // The gate's reasons, refused before telephony was asked (no call row: see callsByDialKey below).
    expect(refused.get(number(301))).toMatchObject({
      state: "failed",
      call_id: null,
      reason: ON_DO_NOT_CALL,
    });
    expect(refused.get(number(302))).toMatchObject({
      state: "failed",
      call_id: null,
      reason: ON_CAMPAIGN_DO_NOT_CALL,
    });
    // Placed calls are linked to their attempts after the batch.
    expect(refused.get(number(303))?.call_id).toBeTruthy();
    const leads = new Map((await leadsOf(t, listed.id)).map((lead) => [lead.phone_e164, lead]));
    expect(leads.get(number(301))?.status).toBe("do_not_call");
    expect(leads.get(number(302))?.status).toBe("do_not_call");
    // The same numbers in the other workspace's campaign: on no list there, all dialled once.
    const dialled = await attemptsOf(t, unlisted.id);
    expect(dialled.map((a) => [a.phone_e164, Boolean(a.call_id)])).toEqual([
      [number(301), true],
      [number(302), true],
      [number(303), true],
    ]);
    expect((await callsByDialKey(t, other.user.workspace.id)).map((c) => c.n)).toEqual([1, 1, 1]);
    expect(await callsByDialKey(t, workspaceId)).toHaveLength(1);
    await pause(listing, listed.id);
    await pause(other, unlisted.id);
  });
});

describe("callbacks", () => {
  it("dials a due callback before leads never tried; one kept for an agent waits until that agent is available", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const member = await buildMember(t, owner, "agent");
    const campaign = await createCampaign(owner, { dialingMode: "progressive" });
    await addLeads(owner, campaign.id, leadsOfNumbers(31, 32, 33));
    const leads = await leadsOf(t, campaign.id);
    const [first, second, third] = leads;
    // Third: a callback for anyone in 10 minutes; second: one kept for the member.
    const anyone = await owner.post(`/api/autodialer/leads/${third!.id}/callback`, {
      at: minutesLater(10).toISOString(),
      agentOnly: false,
    });
    expect(anyone.statusCode, anyone.body).toBe(200);
    const kept = await member.post(`/api/autodialer/leads/${second!.id}/callback`, {
      at: minutesLater(5).toISOString(),
      agentOnly: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    await setStatus(owner, "available", campaign.id);
    await start(owner, campaign.id);
    const runtime = runtimeFor(t, onlyOutcomes({ busy: 1 }), { now });

    // Not yet due: the lead never tried goes first.
    expect((await runtime.tick()).claimed).toBe(1);
    expect((await attemptsOf(t, campaign.id)).map((a) => a.lead_id)).toEqual([first!.id]);
    await settled(t, campaign.id);

    // Due: the callback for anyone goes before anything else; the member's waits for the member.
    clock = minutesLater(11);
    expect((await runtime.tick()).claimed).toBe(1);
    expect((await attemptsOf(t, campaign.id)).map((a) => a.lead_id)).toContain(third!.id);
    await settled(t, campaign.id);
    expect((await runtime.tick()).claimed).toBe(0);

    await setStatus(member, "available", campaign.id);
    await setStatus(owner, "break", campaign.id);
    const report = await runtime.tick();
    expect(report.claimed).toBe(1);
    const attempts = await attemptsOf(t, campaign.id);
    expect(attempts.find((a) => a.lead_id === second!.id)).toMatchObject({ agent_user_id: member.user.id });
    await settled(t, campaign.id);
    await pause(owner, campaign.id);
  });
});

describe("pacing's figures", () => {
  it("reads how long each line has rung, how long each rep has been on a call, and the recent handle times", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner);
    await addLeads(owner, campaign.id, leadsOfNumbers(51));
    const [lead] = await leadsOf(t, campaign.id);
    const at = (seconds: number) => new Date(clock.getTime() + seconds * 1000);
    const attempt = (n: number) =>
      sql`${owner.user.workspace.id}, ${campaign.id}, ${lead!.id}, ${n}, ${`${lead!.id}:${n}`}, ${lead!.phone_e164}`;
    // 30 calls put through to the rep and finished: 100 and 140 seconds in turn (the later of the
    // call's end and the disposition), and one abandoned (never put through: not counted).
    for (let n = 1; n <= 30; n++) {
      const held = n % 2 ? 100 : 140;
      const start = -3600 + n * 60;
      await t.database.db.execute(sql`
        insert into dial_attempts (workspace_id, campaign_id, lead_id, attempt_number, dial_key, phone_e164, state,
          answered_by_person, agent_user_id, queued_at, dialed_at, answered_at, connected_at, ended_at, disposed_at)
        values (${attempt(n)}, 'completed', true, ${owner.user.id}, ${at(start - 15)}, ${at(start - 15)},
          ${at(start)}, ${at(start)}, ${at(start + held - 10)}, ${at(start + held)})`);
    }
    await t.database.db.execute(sql`
      insert into dial_attempts (workspace_id, campaign_id, lead_id, attempt_number, dial_key, phone_e164, state,
        answered_by_person, queued_at, dialed_at, answered_at, ended_at)
      values (${attempt(31)}, 'abandoned', true, ${at(-70)}, ${at(-70)}, ${at(-60)}, ${at(-58)})`);
    // Two lines ringing (dialled 10 and 4 seconds ago) and one queued 3 seconds ago.
    for (const [n, state, queued, dialed] of [
      [32, "ringing", -11, -10],
      [33, "dialing", -4, -4],
      [34, "queued", -3, null],
    ] as const) {
      await t.database.db.execute(sql`
        insert into dial_attempts (workspace_id, campaign_id, lead_id, attempt_number, dial_key, phone_e164, state,
          queued_at, dialed_at)
        values (${attempt(n)}, ${state}, ${at(queued)}, ${dialed === null ? null : at(dialed)})`);
    }
    await t.database.db.execute(sql`update campaign_leads set status = 'completed' where id = ${lead!.id}`);
    // The rep has been on a call for 50 seconds.
    await setStatus(owner, "available", campaign.id);
    await t.database.db.execute(sql`
      update dialer_agent_sessions set status = 'on_call', since = ${at(-50)}
      where workspace_id = ${owner.user.workspace.id} and user_id = ${owner.user.id}`);
    // Active with nothing left to dial (the API refuses to start such a campaign).
    await t.database.db.execute(sql`update campaigns set status = 'active' where id = ${campaign.id}`);

    const ticking = await runtimeRepository(t.database.db).campaignsToTick(100, clock, at(-30 * 86_400));
    const figures = ticking.find((entry) => entry.campaign.id === campaign.id)?.figures;
    expect(figures).toMatchObject({ linesRinging: 3, agentsOnCall: 1, availableAgents: 0 });
    expect([...figures!.ringingSeconds].sort((a, b) => a - b)).toEqual([3, 4, 10]);
    expect(figures!.onCallSeconds).toEqual([50]);
    expect(figures!.handleTimes?.calls).toBe(30);
    expect(figures!.handleTimes?.meanSeconds).toBeCloseTo(120, 6);
    // Sample standard deviation of fifteen 100s and fifteen 140s.
    expect(figures!.handleTimes?.sdSeconds).toBeCloseTo(20 * Math.sqrt(30 / 29), 6);
    // The made-up lines and call end here: the recovery sweep of later ticks must not take them up.
    await t.database.db.execute(sql`
      update dial_attempts set state = 'no_answer', ended_at = ${clock}
      where campaign_id = ${campaign.id} and state in ('queued', 'dialing', 'ringing')`);
    await t.database.db.execute(sql`
      update dialer_agent_sessions set status = 'offline', since = ${clock}
      where workspace_id = ${owner.user.workspace.id} and user_id = ${owner.user.id}`);
    await pause(owner, campaign.id);
  });
});

describe("the 3% ceiling", () => {
  it("drops a predictive campaign over 3% abandoned (30 days, over calls answered by a person) to progressive", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner);
    await addLeads(owner, campaign.id, leadsOfNumbers(41, 42, 43, 44, 45, 46, 47, 48));
    const [history] = await leadsOf(t, campaign.id);
    // 200 calls answered by a person in the last days, 8 abandoned: 4%.
    await t.database.db.execute(sql`
      insert into dial_attempts (workspace_id, campaign_id, lead_id, attempt_number, dial_key, phone_e164, state,
                                 answered_by_person, queued_at, answered_at, ended_at)
      select ${owner.user.workspace.id}, ${campaign.id}, ${history!.id}, 100 + n, ${history!.id} || ':' || (100 + n),
             ${history!.phone_e164}, case when n <= 8 then 'abandoned' else 'completed' end, true,
             ${minutesLater(-600)}, ${minutesLater(-600)}, ${minutesLater(-598)}
      from generate_series(1, 200) n`);
    for (const c of [owner, await buildMember(t, owner)]) await setStatus(c, "available", campaign.id);
    await start(owner, campaign.id);

    // Two reps: predictive at 2.5 would dial 5; progressive dials one each.
    const report = await runtimeFor(t, onlyOutcomes({ busy: 1 }), { now }).tick();
    expect(report).toMatchObject({ wanted: 2, claimed: 2 });
    const shown = (await owner.get(`/api/autodialer/campaigns/${campaign.id}`)).json();
    expect(shown.droppedToProgressive).toBe(true);
    await settled(t, campaign.id);
    await pause(owner, campaign.id);
  });
});

describe("letting ringing lines go", () => {
  it("hangs up a line that has rung 15 seconds when no rep would be free for its person; it ends as no answer", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-12T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner);
    await addLeads(owner, campaign.id, leadsOfNumbers(71));
    await setStatus(owner, "available", campaign.id);
    await start(owner, campaign.id);
    // Nobody answers for a long while (60 s of real time on the simulator).
    const runtime = runtimeFor(t, onlyOutcomes({ no_answer: 1 }, { ringTimeoutSeconds: 6000 }), { now });
    expect(await runtime.tick()).toMatchObject({ claimed: 1, released: 0 });
    const [ringing] = await attemptsOf(t, campaign.id);
    expect(ringing?.call_id).toBeTruthy();

    // The rep steps away: a person answering now would find nobody. Under 15 s of ringing (18
    // after the dial: the call's setup comes first) the line is kept; past it, it is let go.
    await setStatus(owner, "break", campaign.id);
    clock = new Date(clock.getTime() + 17_000);
    expect(await runtime.tick()).toMatchObject({ released: 0 });
    clock = new Date(clock.getTime() + 2_000);
    expect(await runtime.tick()).toMatchObject({ released: 1 });
    const [ended] = await settled(t, campaign.id);
    expect(ended).toMatchObject({ id: ringing!.id, state: "no_answer" });
    const [lead] = await leadsOf(t, campaign.id);
    expect(lead).toMatchObject({ status: "retry", call_attempts: 1 });
    expect(t.app.services.telephony.simulator.inspect(ringing!.provider_call_sid!)?.status).toBe("canceled");
    // History says nobody answered (not that a caller hung up).
    const [call] = await rows<{ status: string; transcript: string }>(
      t,
      sql`select status, transcript from calls where id = ${ringing!.call_id}`,
    );
    expect(call).toMatchObject({ status: "no_answer" });
    expect(call?.transcript).toContain("Nobody answered; the line was hung up while it still rang");
    await pause(owner, campaign.id);
  });
});

describe("recovery", () => {
  it("dials an attempt a dead process claimed but never placed, once, under its dial key", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner);
    await addLeads(owner, campaign.id, leadsOfNumbers(51));
    await start(owner, campaign.id);
    // The claim committed, then the process died before dialling.
    const [claimed] = await runtimeRepository(t.database.db).claim(
      [{ campaignId: campaign.id, workspaceId: owner.user.workspace.id, count: 1, requireConsent: false }],
      clock,
    );
    expect(claimed).toBeTruthy();
    const runtime = runtimeFor(t, onlyOutcomes({ busy: 1 }), { now });
    // No agent: pacing dials nothing; the queued attempt is not old enough to be taken up yet.
    expect((await runtime.tick()).recovered).toBe(0);
    clock = new Date(clock.getTime() + 31_000);
    expect((await runtime.tick()).recovered).toBe(1);
    const [attempt] = await settled(t, campaign.id);
    expect(attempt).toMatchObject({ dial_key: claimed!.dialKey, state: "busy" });
    expect(await runtime.tick()).toMatchObject({ recovered: 0, claimed: 0 });
    expect(await callsByDialKey(t, owner.user.workspace.id)).toEqual([{ dial_key: claimed!.dialKey, n: 1 }]);
    await pause(owner, campaign.id);
  });

  it("on the embedded database, takes up at once what the process before it left; its own claims keep their grace", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-11T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner);
    await addLeads(owner, campaign.id, leadsOfNumbers(52, 53));
    await start(owner, campaign.id);
    const repo = runtimeRepository(t.database.db);
    const claimOne = () =>
      repo.claim(
        [{ campaignId: campaign.id, workspaceId: owner.user.workspace.id, count: 1, requireConsent: false }],
        clock,
      );
    // The process before claimed and died; this one starts a second later.
    const [left] = await claimOne();
    clock = new Date(clock.getTime() + 1000);
    const runtime = runtimeFor(t, onlyOutcomes({ busy: 1 }), { now, singleProcess: true });
    expect((await runtime.tick()).recovered).toBe(1);
    const [attempt] = await settled(t, campaign.id);
    expect(attempt).toMatchObject({ dial_key: left!.dialKey, state: "busy" });

    // A claim made after this process started may be one a live server is dialling: it waits.
    clock = new Date(clock.getTime() + 1000);
    const [own] = await claimOne();
    expect(own).toBeTruthy();
    expect((await runtime.tick()).recovered).toBe(0);
    await pause(owner, campaign.id);
    clock = new Date(clock.getTime() + 31_000);
    expect((await runtime.tick()).recovered).toBe(1);
    const stillLive = await rows<{ n: number }>(
      t,
      sql`select count(*)::int n from dial_attempts where campaign_id = ${campaign.id} and state = 'queued'`,
    );
    expect(stillLive).toEqual([{ n: 0 }]);
    expect(await callsByDialKey(t, owner.user.workspace.id)).toEqual([{ dial_key: left!.dialKey, n: 1 }]);
  });
});

describe("many campaigns", () => {
  it("claims for every active campaign in one tick, and none of a paused one", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const campaigns = [];
    for (let n = 0; n < 3; n++) {
      const campaign = await createCampaign(owner, { name: `Campaign ${n}`, dialingMode: "progressive" });
      await addLeads(owner, campaign.id, leadsOfNumbers(60 + n * 2, 61 + n * 2));
      campaigns.push(campaign);
    }
    // One member per campaign; the third campaign stays paused.
    const members = [owner, await buildMember(t, owner), await buildMember(t, owner)];
    for (const [n, member] of members.entries()) await setStatus(member, "available", campaigns[n]!.id);
    await start(owner, campaigns[0]!.id);
    await start(owner, campaigns[1]!.id);
    const report = await runtimeFor(t, onlyOutcomes({ busy: 1 }), { now }).tick();
    expect(report).toMatchObject({ campaigns: 2, claimed: 2 });
    const dialled = await rows<{ campaign_id: string; n: number }>(
      t,
      sql`select campaign_id, count(*)::int n from dial_attempts where workspace_id = ${owner.user.workspace.id}
          group by campaign_id`,
    );
    expect(new Set(dialled.map((row) => row.campaign_id))).toEqual(
      new Set([campaigns[0]!.id, campaigns[1]!.id]),
    );
    for (const campaign of campaigns.slice(0, 2)) {
      await settled(t, campaign.id);
      await pause(owner, campaign.id);
    }
  });
});
