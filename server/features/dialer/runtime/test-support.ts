import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Campaign } from "../../../../common/dialer";
import type { TestApp, TestClient } from "../../../test/app";
import { rows } from "../../../test/factories";
import { waitFor } from "../../../test/jobs";
import { type AnswerModel, answerModel, type OutcomeRates } from "../answer-outcomes";
import { dialerRuntime } from ".";

/** The runtime's tests share these: a runtime over a test app, campaigns and the rows to check. */

export const quietLog = { info() {}, warn() {}, error() {} };

/** Only these outcomes, each answer after `answerAfterSeconds` of ringing (scaled by the simulator). */
export function onlyOutcomes(
  rates: Partial<OutcomeRates>,
  overrides: Partial<AnswerModel> = {},
): AnswerModel {
  return answerModel({
    rates: { human: 0, machine: 0, busy: 0, no_answer: 0, failed: 0, ...rates },
    answerAfterSeconds: [5, 5],
    machineGreetingSeconds: [3, 3],
    ...overrides,
  });
}

/**
 * A runtime built as the composition root builds it, over the app's own services, with a chosen
 * answer model (the app's runtime answers and ends the calls: the webhooks reach it).
 */
export function runtimeFor(
  t: Pick<TestApp, "app" | "database">,
  model: AnswerModel,
  options: { now?: () => Date; talkSeconds?: [number, number]; singleProcess?: boolean } = {},
) {
  const s = t.app.services;
  return dialerRuntime({
    db: t.database.db,
    attempts: s.dialer.dialPort,
    accounts: s.directory,
    telephony: s.telephony,
    calls: s.calls,
    doNotCall: s.doNotCall,
    events: s.events,
    holdMusicUrl: "http://localhost/hold.mp3",
    softphone: s.dialer.softphone,
    repConnected: s.dialer.repConnected,
    log: quietLog,
    answerModel: model,
    talkSeconds: options.talkSeconds ?? [20, 20],
    singleProcess: options.singleProcess ?? false,
    ...(options.now ? { now: options.now } : {}),
  });
}

export async function createCampaign(c: TestClient, fields: Record<string, unknown> = {}): Promise<Campaign> {
  const res = await c.post("/api/autodialer/campaigns", { name: "Runtime test", ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Campaign;
}

export async function addLeads(c: TestClient, campaignId: string, leads: Record<string, unknown>[]) {
  const res = await c.post(`/api/autodialer/campaigns/${campaignId}/leads`, { leads });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function setStatus(c: TestClient, status: string, campaignId: string | null) {
  const res = await c.put("/api/autodialer/console/status", { status, campaignId });
  expect(res.statusCode, res.body).toBe(200);
}

export async function start(c: TestClient, campaignId: string) {
  const res = await c.post(`/api/autodialer/campaigns/${campaignId}/start`);
  expect(res.statusCode, res.body).toBe(200);
}

export async function pause(c: TestClient, campaignId: string) {
  const res = await c.post(`/api/autodialer/campaigns/${campaignId}/pause`);
  expect(res.statusCode, res.body).toBe(200);
}

export type AttemptCheck = {
  id: string;
  lead_id: string;
  phone_e164: string;
  attempt_number: number;
  state: string;
  reason: string | null;
  disposition: string | null;
  answered_by_person: boolean;
  agent_user_id: string | null;
  call_id: string | null;
  provider_call_sid: string | null;
  dial_key: string;
};

export function attemptsOf(t: TestApp, campaignId: string): Promise<AttemptCheck[]> {
  return rows<AttemptCheck>(
    t,
    sql`select a.id, a.lead_id, a.phone_e164, a.attempt_number, a.state, a.reason, a.disposition,
               a.answered_by_person, a.agent_user_id, a.call_id, c.provider_call_sid, a.dial_key
        from dial_attempts a left join calls c on c.id = a.call_id
        where a.campaign_id = ${campaignId} order by a.phone_e164, a.attempt_number`,
  );
}

export type LeadCheck = {
  id: string;
  phone_e164: string;
  status: string;
  call_attempts: number;
  next_attempt_at: Date | string | null;
  disposition: string | null;
};

export function leadsOf(t: TestApp, campaignId: string): Promise<LeadCheck[]> {
  return rows<LeadCheck>(
    t,
    sql`select id, phone_e164, status, call_attempts, next_attempt_at, disposition
        from campaign_leads where campaign_id = ${campaignId} order by phone_e164`,
  );
}

const LIVE = new Set(["queued", "dialing", "ringing", "answered"]);

/** Waits until no attempt of the campaign is still ringing or waiting (connected ones may talk on). */
export function settled(t: TestApp, campaignId: string, timeoutMs = 30_000): Promise<AttemptCheck[]> {
  return waitFor(
    async () => {
      const attempts = await attemptsOf(t, campaignId);
      return attempts.length > 0 && attempts.every((attempt) => !LIVE.has(attempt.state))
        ? attempts
        : undefined;
    },
    timeoutMs,
    "the campaign's calls to be answered or ended",
  );
}

/** Calls placed under each dial key (telephony's calls table): a key dialled twice would show 2. */
export function callsByDialKey(t: TestApp, workspaceId: string) {
  return rows<{ dial_key: string; n: number }>(
    t,
    sql`select dial_key, count(*)::int n from calls where workspace_id = ${workspaceId} and dial_key is not null
        group by dial_key order by dial_key`,
  );
}
