import { sql } from "drizzle-orm";
import type { LeadStatus } from "../../../../common/dialer";
import type { Db } from "../../../db/client";
import { advisoryLock } from "../../../db/locks";
import type { CampaignPacingState } from "../../../db/schema";
import { abandonmentTallies } from "../abandonment-days";
import type { AnyCampaignRep, AnyRepAssignment, CampaignForAnyRep, KeptCallback } from "./any-campaign";

/**
 * The runtime's own SQL on the dialer's tables (the dialer area owns them; the CRUD and the
 * console's queries are repository.ts's). Everything a tick reads or writes for many campaigns
 * goes in one statement with bound arrays (`unnest`), so a tick over 100 campaigns costs a few
 * round trips, not a few per campaign.
 */

/** What pacing needs to know of one campaign at a tick. */
export type CampaignFigures = {
  campaignId: string;
  /** Lines dialled and not yet answered (queued, dialing, ringing). */
  linesRinging: number;
  /** How long each of those lines has rung (seconds since dialled, or queued when not yet placed). */
  ringingSeconds: number[];
  /** Each of those lines' dial key, in the same order (to hang up a line pacing lets go). */
  ringingDialKeys: string[];
  /** Answered by a person and waiting for an agent (2 seconds at most). */
  callsWaiting: number;
  availableAgents: number;
  agentsOnCall: number;
  /** How long each rep on a call has been on it (seconds since put through). */
  onCallSeconds: number[];
  /**
   * Of the campaign's last 100 calls answered by a person, those put through to a rep and
   * finished: how many, and the mean and spread of the rep's time on them (put through to free
   * again: the later of the call's end and the disposition). Null when the caller said it
   * already has them (campaignsToTick's `handleTimesKnown`).
   */
  handleTimes: { calls: number; meanSeconds: number; sdSeconds: number } | null;
  /** Attempts answered or connected to one of the campaign's AI agents. */
  aiCalls: number;
  rolling30Days: { abandoned: number; humanAnswered: number };
  campaignSoFar: { abandoned: number; humanAnswered: number };
  sincePrevious: { abandoned: number; humanAnswered: number };
};

/** An active campaign as a tick paces and dials it. */
export type ActiveCampaign = {
  id: string;
  workspaceId: string;
  dialingMode: string;
  maxLines: number;
  dialRatio: number;
  abandonTargetPercent: number;
  aiAgents: { agentId: string; concurrentCalls: number }[];
  pacing: CampaignPacingState | null;
  callingHoursStart: string;
  callingHoursEnd: string;
};

/** A lead claimed for dialling, with its queued attempt. */
export type ClaimedLead = {
  attemptId: string;
  dialKey: string;
  attemptNumber: number;
  campaignId: string;
  workspaceId: string;
  leadId: string;
  contactId: string | null;
  phoneE164: string;
  timeZone: string | null;
  zipCode: string | null;
  aiVoiceConsent: boolean;
  /** The lead's first and last name, as the opening greets them (null: none given). */
  name?: string | null;
  /** The status the lead had before the claim (it goes back there when the gate says "not now"). */
  priorStatus: LeadStatus;
  /** A callback kept for one agent: only that agent takes the call. */
  reservedFor: string | null;
};

/** What the runtime knows of an attempt when the carrier reports on its call. */
export type AttemptOnLine = {
  id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  state: string;
  dialKey: string;
  callId: string | null;
  agentUserId: string | null;
  aiAgentId: string | null;
  queuedAt: Date;
  answeredAt: Date | null;
};

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;
const param = (values: unknown[]) => sql.param(values);
const int = (value: unknown) => Number(value ?? 0);
/** A float8[] column (null when the aggregate had no row), never below 0 (clocks may differ). */
const seconds = (value: unknown) =>
  Array.isArray(value) ? value.map((entry) => Math.max(0, Number(entry) || 0)) : [];
const date = (value: unknown) => (value == null ? null : new Date(value as string));

const LIVE = sql`('queued', 'dialing', 'ringing', 'answered', 'connected')`;

/**
 * A campaign an Any rep may work (any-campaign.ts), as `c`: active, paced by the dialer
 * (predictive or progressive: preview and manual wait for a rep who chose them) and staffed by
 * people (an AI agent takes every call of a campaign it staffs).
 */
const WORKABLE_BY_ANY_REP = sql`c.status = 'active' and c.dialing_mode in ('predictive', 'progressive')
  and jsonb_array_length(c.ai_agents) = 0`;

/**
 * A member session counted by campaign `campaign`'s pacing and answers, as `s`: one who chose
 * it, or one working any campaign whom the tick put on it.
 */
const worksOn = (campaign: ReturnType<typeof sql>) =>
  sql`(s.campaign_id = ${campaign} or (s.campaign_id is null and s.working_campaign_id = ${campaign}))`;

/** An agent who dialled an attempt by hand is free again when it is not dialled after all. */
const freeDialler = (attemptId: string, now: Date) => sql`
  update dialer_agent_sessions set status = 'available', current_attempt_id = null, since = ${now}, updated_at = ${now}
  where current_attempt_id = ${attemptId} and status = 'on_call'`;

type PacingDecisions = { campaignId: string; pacing: CampaignPacingState }[];

/** The pacing decisions of a tick, and the tick's time, for many campaigns in one statement. */
const savePacing = (decisions: PacingDecisions, now: Date) => sql`
  update campaigns c set pacing = u.pacing, last_tick_at = ${now}
  from unnest(${param(decisions.map((d) => d.campaignId))}::uuid[],
              ${param(decisions.map((d) => JSON.stringify(d.pacing)))}::jsonb[]) as u(id, pacing)
  where c.id = u.id`;

function claimedFrom(row: Raw): ClaimedLead {
  return {
    attemptId: row.attempt_id as string,
    dialKey: row.dial_key as string,
    attemptNumber: int(row.attempt_number),
    campaignId: row.campaign_id as string,
    workspaceId: row.workspace_id as string,
    leadId: row.lead_id as string,
    contactId: (row.contact_id as string | null) ?? null,
    phoneE164: row.phone_e164 as string,
    timeZone: (row.time_zone as string | null) ?? null,
    zipCode: (row.zip_code as string | null) ?? null,
    aiVoiceConsent: Boolean(row.ai_voice_consent),
    name: (row.lead_name as string | null) || null,
    priorStatus: row.prior_status as LeadStatus,
    reservedFor: (row.reserved_for as string | null) ?? null,
  };
}

function attemptFrom(row: Raw): AttemptOnLine {
  return {
    id: row.id as string,
    workspaceId: row.workspace_id as string,
    campaignId: row.campaign_id as string,
    leadId: row.lead_id as string,
    state: row.state as string,
    dialKey: row.dial_key as string,
    callId: (row.call_id as string | null) ?? null,
    agentUserId: (row.agent_user_id as string | null) ?? null,
    aiAgentId: (row.ai_agent_id as string | null) ?? null,
    queuedAt: new Date(row.queued_at as string),
    answeredAt: date(row.answered_at),
  };
}

export function runtimeRepository(db: Db) {
  return {
    /**
     * The tick's first statement: scheduled campaigns whose start came become active (each once:
     * the status is checked), then the active campaigns, least recently ticked first
     * (campaigns_due_idx), each with pacing's inputs: lines in flight, agents by status, and the
     * abandonment tallies over calls answered by a person (30 days and the campaign so far from
     * the campaign's daily tallies, abandonment-days.ts; since the campaign's previous decision
     * from its answered calls' index), each read through the campaign's own indexes. One round
     * trip for any number of campaigns, its cost not growing with the calls a campaign has made.
     */
    async campaignsToTick(
      limit: number,
      now: Date,
      thirtyDaysAgo: Date,
      /** Campaigns whose handle times the caller read lately: not read again (handleTimes null). */
      handleTimesKnown: readonly string[] = [],
    ): Promise<{ campaign: ActiveCampaign; figures: CampaignFigures }[]> {
      const known = new Set(handleTimesKnown);
      const result = await db.execute(sql`
        with activated as (
          update campaigns set status = 'active', started_at = ${now}, updated_at = ${now}
          where status = 'scheduled' and scheduled_start_at <= ${now}
          returning id
        ),
        c as (
          select id, workspace_id, dialing_mode, max_lines, dial_ratio, abandon_target_percent,
                 ai_agents, pacing, calling_hours_start, calling_hours_end, last_tick_at,
                 coalesce((pacing->>'updatedAt')::timestamptz, ${now}::timestamptz) since
          from (
            -- The statement sees the rows as they were: an activated campaign is still scheduled.
            select * from campaigns where status = 'active'
            union all
            select * from campaigns where id in (select id from activated)
          ) due
          order by last_tick_at asc nulls first limit ${limit}
        )
        select c.id, c.workspace_id, c.dialing_mode, c.max_lines, c.dial_ratio, c.abandon_target_percent,
          c.ai_agents, c.pacing, c.calling_hours_start, c.calling_hours_end,
          coalesce(l.ringing, 0) ringing, l.ringing_seconds, l.ringing_dial_keys, coalesce(l.waiting, 0) waiting,
          coalesce(l.ai_calls, 0) ai_calls,
          coalesce(s.available, 0) available, coalesce(s.on_call, 0) on_call, s.on_call_seconds,
          h.handle_calls, h.handle_mean, h.handle_sd,
          t.month_abandoned, t.month_answered, t.all_abandoned, t.all_answered,
          recent.recent_abandoned, recent.recent_answered
        from c
        left join lateral (
          select count(*) filter (where a.state in ('queued', 'dialing', 'ringing'))::int ringing,
                 count(*) filter (where a.state = 'answered' and a.ai_agent_id is null)::int waiting,
                 count(*) filter (where a.ai_agent_id is not null)::int ai_calls,
                 array_agg(extract(epoch from ${now}::timestamptz - coalesce(a.dialed_at, a.queued_at))::float8
                           order by a.dial_key)
                   filter (where a.state in ('queued', 'dialing', 'ringing')) ringing_seconds,
                 array_agg(a.dial_key order by a.dial_key)
                   filter (where a.state in ('queued', 'dialing', 'ringing')) ringing_dial_keys
          from dial_attempts a
          where a.workspace_id = c.workspace_id and a.campaign_id = c.id and a.state in ${LIVE}
        ) l on true
        left join lateral (
          select count(*) filter (where s.status = 'available')::int available,
                 count(*) filter (where s.status = 'on_call')::int on_call,
                 array_agg(extract(epoch from ${now}::timestamptz - s.since)::float8)
                   filter (where s.status = 'on_call') on_call_seconds
          from dialer_agent_sessions s where s.workspace_id = c.workspace_id and ${worksOn(sql`c.id`)}
        ) s on true
        left join lateral (
          select count(*)::int handle_calls, avg(r.held)::float8 handle_mean,
                 coalesce(stddev_samp(r.held), 0)::float8 handle_sd
          from (
            select extract(epoch from greatest(a.ended_at, a.disposed_at) - a.connected_at) held,
                   a.connected_at, a.agent_user_id, a.state
            from dial_attempts a
            -- By the campaign alone (its row is the workspace's): with the workspace as well, the
            -- planner took both for independent, expected a few rows, and sorted every answered
            -- call of the campaign instead of reading the last 100 off campaign_human_idx.
            where a.campaign_id = c.id and a.answered_by_person
              and not c.id = any(${param([...handleTimesKnown])}::uuid[])
            order by a.answered_at desc limit 100
          ) r
          where r.connected_at is not null and r.agent_user_id is not null and r.held is not null
            and r.state not in ${LIVE}
        ) h on true
        left join lateral (${abandonmentTallies(sql`c.id`, thirtyDaysAgo)}) t on true
        left join lateral (
          select count(*) filter (where a.state = 'abandoned')::int recent_abandoned,
                 count(*)::int recent_answered
          from dial_attempts a where a.campaign_id = c.id and a.answered_by_person and a.answered_at >= c.since
        ) recent on true
        order by c.last_tick_at asc nulls first`);
      return rowsOf(result).map((row) => ({
        campaign: {
          id: row.id as string,
          workspaceId: row.workspace_id as string,
          dialingMode: row.dialing_mode as string,
          maxLines: int(row.max_lines),
          dialRatio: Number(row.dial_ratio),
          abandonTargetPercent: Number(row.abandon_target_percent),
          aiAgents: (row.ai_agents as { agentId: string; concurrentCalls: number }[] | null) ?? [],
          pacing: (row.pacing as CampaignPacingState | null) ?? null,
          callingHoursStart: row.calling_hours_start as string,
          callingHoursEnd: row.calling_hours_end as string,
        },
        figures: {
          campaignId: row.id as string,
          linesRinging: int(row.ringing),
          ringingSeconds: seconds(row.ringing_seconds),
          ringingDialKeys: Array.isArray(row.ringing_dial_keys) ? (row.ringing_dial_keys as string[]) : [],
          callsWaiting: int(row.waiting),
          availableAgents: int(row.available),
          agentsOnCall: int(row.on_call),
          onCallSeconds: seconds(row.on_call_seconds),
          handleTimes: known.has(row.id as string)
            ? null
            : {
                calls: int(row.handle_calls),
                meanSeconds: Number(row.handle_mean ?? 0),
                sdSeconds: Number(row.handle_sd ?? 0),
              },
          aiCalls: int(row.ai_calls),
          rolling30Days: { abandoned: int(row.month_abandoned), humanAnswered: int(row.month_answered) },
          campaignSoFar: { abandoned: int(row.all_abandoned), humanAnswered: int(row.all_answered) },
          sincePrevious: { abandoned: int(row.recent_abandoned), humanAnswered: int(row.recent_answered) },
        },
      }));
    },

    /**
     * Claims leads for many campaigns in one statement: per campaign up to `count` due leads,
     * callbacks due first (soonest first; one kept for one agent only while that agent is
     * available on the campaign), then the rest by priority, never-tried before retries past their
     * time (campaign_leads_dialable_idx's own order, priority DESC NULLS LAST as the index has it:
     * spelled otherwise, PostgreSQL sorts every dialable lead of the campaign instead of stopping
     * after `count` rows); locked FOR UPDATE SKIP LOCKED so two servers never take one lead; each
     * gets a queued attempt numbered after the lead's last one, keyed "<lead id>:<attempt number>"
     * (unique: a second claim of the same attempt inserts nothing), and the lead is marked dialing
     * with the attempt counted. The tick's pacing decisions are saved in the same statement.
     */
    async claim(
      wants: { campaignId: string; workspaceId: string; count: number; requireConsent: boolean }[],
      now: Date,
      pacing: PacingDecisions = [],
    ): Promise<ClaimedLead[]> {
      const wanted = wants.filter((want) => want.count > 0);
      if (wanted.length === 0) {
        if (pacing.length > 0) await db.execute(savePacing(pacing, now));
        return [];
      }
      const result = await db.execute(sql`
        with ${pacing.length > 0 ? sql`saved as (${savePacing(pacing, now)}),` : sql``}
        wanted as (
          select * from unnest(${param(wanted.map((w) => w.campaignId))}::uuid[],
                               ${param(wanted.map((w) => w.workspaceId))}::uuid[],
                               ${param(wanted.map((w) => w.count))}::int[],
                               ${param(wanted.map((w) => w.requireConsent))}::bool[])
            as w(campaign_id, workspace_id, n, consent)
        ),
        -- Per campaign at most n leads: due callbacks first, then the rest in the index's order.
        -- The outer LIMIT stops the second part as soon as n are taken, so it locks no lead it
        -- does not claim (the parts are read in the order written: no parallel plan runs a
        -- statement that writes).
        due as (
          select d.* from wanted w cross join lateral (
            select * from (
              select c.* from (
                select l.id, l.workspace_id, l.campaign_id, l.contact_id, l.phone_e164, l.time_zone, l.zip_code,
                       l.ai_voice_consent, l.status prior_status, l.reserved_for,
                       concat_ws(' ', l.first_name, l.last_name) lead_name
                from campaign_leads l
                where l.campaign_id = w.campaign_id and l.status = 'callback' and l.next_attempt_at <= ${now}
                  and (not w.consent or l.ai_voice_consent)
                  and (l.reserved_for is null or exists (
                    select 1 from dialer_agent_sessions s
                    where s.workspace_id = w.workspace_id and s.user_id = l.reserved_for
                      and (s.campaign_id = w.campaign_id or s.campaign_id is null) and s.status = 'available'))
                order by l.next_attempt_at asc
                limit w.n
                for update of l skip locked
              ) c
              union all
              select o.* from (
                select l.id, l.workspace_id, l.campaign_id, l.contact_id, l.phone_e164, l.time_zone, l.zip_code,
                       l.ai_voice_consent, l.status prior_status, l.reserved_for,
                       concat_ws(' ', l.first_name, l.last_name) lead_name
                from campaign_leads l
                where l.campaign_id = w.campaign_id and l.status in ('new', 'retry')
                  and (l.next_attempt_at is null or l.next_attempt_at <= ${now})
                  and (not w.consent or l.ai_voice_consent) and l.reserved_for is null
                order by l.priority desc nulls last, l.next_attempt_at asc nulls first, l.seq
                limit w.n
                for update of l skip locked
              ) o
            ) both_queues
            limit w.n
          ) d
        ),
        numbered as (
          select p.*, coalesce((select max(a.attempt_number) from dial_attempts a where a.lead_id = p.id), 0) + 1
                 attempt_number
          from due p
        ),
        inserted as (
          insert into dial_attempts (workspace_id, campaign_id, lead_id, attempt_number, dial_key, phone_e164,
                                     agent_user_id, queued_at)
          select workspace_id, campaign_id, id, attempt_number, id::text || ':' || attempt_number, phone_e164,
                 reserved_for, ${now}
          from numbered
          on conflict do nothing
          returning id, lead_id, dial_key
        ),
        marked as (
          update campaign_leads l
          set status = 'dialing', call_attempts = l.call_attempts + 1, last_call_time = ${now}, updated_at = ${now}
          from inserted i where l.id = i.lead_id
          returning l.id
        )
        select i.id attempt_id, i.dial_key, n.attempt_number, n.campaign_id, n.workspace_id, n.id lead_id,
               n.contact_id, n.phone_e164, n.time_zone, n.zip_code, n.ai_voice_consent, n.prior_status,
               n.reserved_for, n.lead_name
        from inserted i join numbered n on n.id = i.lead_id`);
      return rowsOf(result).map(claimedFrom);
    },

    /**
     * The gate refused a queued attempt: it ends failed with the reason (never dialled), and its
     * lead goes back to what it was, its attempt not counted, due again at `nextAttemptAt` (or,
     * refused for good, `do_not_call`).
     */
    async refuse(
      attemptId: string,
      reason: string,
      lead: { status: LeadStatus; nextAttemptAt: Date | null },
      now: Date,
    ): Promise<boolean> {
      const result = await db.execute(sql`
        with refused as (
          update dial_attempts set state = 'failed', reason = ${reason}, ended_at = ${now}
          where id = ${attemptId} and state = 'queued' and call_id is null
          returning lead_id
        ),
        freed as (${freeDialler(attemptId, now)})
        update campaign_leads l
        set status = ${lead.status}, call_attempts = greatest(l.call_attempts - 1, 0),
            next_attempt_at = ${lead.nextAttemptAt}, updated_at = ${now},
            disposition = case when ${lead.status} = 'do_not_call' then 'do_not_call' else l.disposition end
        from refused r where l.id = r.lead_id
        returning l.id`);
      return rowsOf(result).length > 0;
    },

    /**
     * Nothing was dialled (the plan's lines were all in use when the call was placed): the
     * queued attempt goes as if never claimed, and the lead is due again at once.
     */
    async release(attemptId: string, priorStatus: LeadStatus, now: Date): Promise<boolean> {
      const result = await db.execute(sql`
        with released as (
          delete from dial_attempts where id = ${attemptId} and state = 'queued' and call_id is null
          returning lead_id
        ),
        freed as (${freeDialler(attemptId, now)})
        update campaign_leads l
        set status = ${priorStatus}, call_attempts = greatest(l.call_attempts - 1, 0), updated_at = ${now}
        from released r where l.id = r.lead_id
        returning l.id`);
      return rowsOf(result).length > 0;
    },

    /** The call is placed: the attempt carries its id and is dialing (unless the carrier was quicker). */
    async linkCall(attemptId: string, callId: string, now: Date): Promise<void> {
      await db.execute(sql`
        update dial_attempts
        set call_id = ${callId}, dialed_at = coalesce(dialed_at, ${now}),
            state = case when state = 'queued' then 'dialing' else state end
        where id = ${attemptId}`);
    },

    /** Placed calls of one batch: each attempt carries its call's id, in one statement (as linkCall). */
    async linkCalls(links: { attemptId: string; callId: string }[], now: Date): Promise<void> {
      if (links.length === 0) return;
      await db.execute(sql`
        update dial_attempts a
        set call_id = u.call_id, dialed_at = coalesce(a.dialed_at, ${now}),
            state = case when a.state = 'queued' then 'dialing' else a.state end
        from unnest(${param(links.map((l) => l.attemptId))}::uuid[],
                    ${param(links.map((l) => l.callId))}::uuid[]) as u(id, call_id)
        where a.id = u.id`);
    },

    /** The attempt a placed call belongs to (telephony's calls carry the attempt's dial key). */
    async byDialKey(workspaceId: string, dialKey: string): Promise<AttemptOnLine | undefined> {
      const result = await db.execute(sql`
        select * from dial_attempts where workspace_id = ${workspaceId} and dial_key = ${dialKey}`);
      const row = rowsOf(result)[0];
      return row ? attemptFrom(row) : undefined;
    },

    /**
     * Attempts a dead process (or a lost webhook) left behind: queued and not placed after
     * `queuedBefore`; dialing or ringing since before `ringingBefore`; answered and waiting for an
     * agent since before `waitingBefore`; connected ones whose call may have ended unheard.
     */
    async stale(
      cutoffs: { queuedBefore: Date; ringingBefore: Date; waitingBefore: Date; connectedBefore: Date },
      limit: number,
    ): Promise<AttemptOnLine[]> {
      const result = await db.execute(sql`
        select * from dial_attempts
        where state in ${LIVE} and (
          (state = 'queued' and queued_at < ${cutoffs.queuedBefore}) or
          (state in ('dialing', 'ringing') and queued_at < ${cutoffs.ringingBefore}) or
          (state = 'answered' and answered_at < ${cutoffs.waitingBefore}) or
          (state = 'connected' and connected_at < ${cutoffs.connectedBefore}))
        order by queued_at limit ${limit}`);
      return rowsOf(result).map(attemptFrom);
    },

    /**
     * Attempts an agent dialled by hand (preview and manual modes, the console's Dial): queued,
     * not yet placed, their agent on_call holding them. The tick places them at once.
     */
    async agentDialled(limit: number): Promise<string[]> {
      const result = await db.execute(sql`
        select a.id from dial_attempts a
        join dialer_agent_sessions s
          on s.workspace_id = a.workspace_id and s.user_id = a.agent_user_id and s.current_attempt_id = a.id
        where a.state = 'queued' and a.call_id is null and a.agent_user_id is not null
        order by a.queued_at limit ${limit}`);
      return rowsOf(result).map((row) => row.id as string);
    },

    /**
     * A person answered a call an agent dialled by hand: that agent, on_call holding the attempt,
     * is connected at once. Answers whether they were.
     */
    async connectDialler(attemptId: string, now: Date): Promise<boolean> {
      const result = await db.execute(sql`
        update dial_attempts a set state = 'connected', connected_at = ${now}
        where a.id = ${attemptId} and a.state = 'answered' and exists (
          select 1 from dialer_agent_sessions s
          where s.workspace_id = a.workspace_id and s.user_id = a.agent_user_id and s.current_attempt_id = a.id)
        returning a.id`);
      return rowsOf(result).length > 0;
    },

    /** A queued attempt's lead and campaign, as the gate and the dial need them (a recovered attempt). */
    async claimedAgain(attemptId: string): Promise<ClaimedLead | undefined> {
      const result = await db.execute(sql`
        select a.id attempt_id, a.dial_key, a.attempt_number, a.campaign_id, a.workspace_id, l.id lead_id,
               l.contact_id, l.phone_e164, l.time_zone, l.zip_code, l.ai_voice_consent,
               case when l.call_attempts > 1 then 'retry' else 'new' end prior_status, a.agent_user_id reserved_for,
               concat_ws(' ', l.first_name, l.last_name) lead_name
        from dial_attempts a join campaign_leads l on l.id = a.lead_id
        where a.id = ${attemptId} and a.state = 'queued'`);
      const row = rowsOf(result)[0];
      return row ? claimedFrom(row) : undefined;
    },

    /**
     * Takes a place with one of the campaign's AI agents for an answered call: the agent with
     * the most room under its concurrent calls. Serialised per campaign (an advisory lock held
     * to the end of the transaction), so two answers never take the last place twice.
     */
    async takeAiAgent(
      campaign: { id: string; aiAgents: { agentId: string; concurrentCalls: number }[] },
      attemptId: string,
      now: Date,
    ): Promise<string | null> {
      if (campaign.aiAgents.length === 0) return null;
      return db.transaction(async (tx) => {
        await advisoryLock(tx, "dialerAi", campaign.id);
        const result = await tx.execute(sql`
          select ai_agent_id, count(*)::int n from dial_attempts
          where campaign_id = ${campaign.id} and ai_agent_id is not null and state in ${LIVE}
          group by ai_agent_id`);
        const busy = new Map(rowsOf(result).map((row) => [row.ai_agent_id as string, int(row.n)]));
        const free = campaign.aiAgents
          .map((agent) => ({
            id: agent.agentId,
            room: agent.concurrentCalls - (busy.get(agent.agentId) ?? 0),
          }))
          .filter((agent) => agent.room > 0)
          .sort((a, b) => b.room - a.room)[0];
        if (!free) return null;
        await tx.execute(sql`
          update dial_attempts set state = 'connected', connected_at = ${now}, ai_agent_id = ${free.id}
          where id = ${attemptId} and state = 'answered'`);
        return free.id;
      });
    },

    /**
     * Takes an available rep of the campaign for an answered call, atomically (FOR UPDATE SKIP
     * LOCKED: two answers never get one rep): the longest waiting, or only `onlyUserId` (a
     * callback kept for one agent). In one statement the rep goes on_call holding the attempt
     * and the attempt (still answered and waiting) is connected to them; answers their id.
     */
    async takeRep(
      campaignId: string,
      attemptId: string,
      onlyUserId: string | null,
      now: Date,
    ): Promise<string | null> {
      // A rep working any campaign takes the campaign's calls while the tick has them on it, and
      // a callback kept for them wherever it is (the campaign is then theirs for the call).
      const result = await db.execute(sql`
        with rep as (
          update dialer_agent_sessions set status = 'on_call', since = ${now}, updated_at = ${now},
                 current_attempt_id = ${attemptId},
                 working_campaign_id = case when campaign_id is null then ${campaignId}::uuid
                                            else working_campaign_id end
          where (workspace_id, user_id) = (
            select s.workspace_id, s.user_id from dialer_agent_sessions s
            where s.workspace_id = (select workspace_id from campaigns where id = ${campaignId})
              and s.status = 'available'
              and (${worksOn(sql`${campaignId}::uuid`)}
                   or (s.campaign_id is null and s.user_id = ${onlyUserId}::uuid))
              and (${onlyUserId}::uuid is null or s.user_id = ${onlyUserId}::uuid)
            order by s.since asc limit 1 for update skip locked)
            and exists (select 1 from dial_attempts where id = ${attemptId} and state = 'answered')
          returning user_id
        )
        update dial_attempts a set state = 'connected', connected_at = ${now}, agent_user_id = rep.user_id
        from rep where a.id = ${attemptId}
        returning rep.user_id`);
      return (rowsOf(result)[0]?.user_id as string | undefined) ?? null;
    },

    /**
     * Available reps working any campaign whose campaign has no line that may need them (none
     * queued, ringing or answered and waiting), or who have none, or whose campaign they may not
     * work any more: the ones the tick (re)assigns, longest waiting first.
     */
    async anyRepsToAssign(): Promise<(AnyCampaignRep & { workingCampaignId: string | null })[]> {
      const result = await db.execute(sql`
        select s.workspace_id, s.user_id, s.working_campaign_id
        from dialer_agent_sessions s
        left join campaigns c on c.id = s.working_campaign_id
        where s.status = 'available' and s.campaign_id is null
          and (c.id is null or not (${WORKABLE_BY_ANY_REP}) or not exists (
            select 1 from dial_attempts a
            where a.workspace_id = c.workspace_id and a.campaign_id = c.id
              and a.state in ('queued', 'dialing', 'ringing', 'answered')))
        order by s.since, s.user_id`);
      return rowsOf(result).map((row) => ({
        workspaceId: row.workspace_id as string,
        userId: row.user_id as string,
        workingCampaignId: (row.working_campaign_id as string | null) ?? null,
      }));
    },

    /**
     * What the tick assigns Any reps among, for their workspaces: the campaigns they may work
     * with a lead due now that no one has kept (and when each was last dialled: the last
     * attempt off the campaign's queued index), and the callbacks due now kept for these reps.
     */
    async campaignsForAnyReps(
      reps: readonly AnyCampaignRep[],
      now: Date,
    ): Promise<{ campaigns: CampaignForAnyRep[]; kept: KeptCallback[] }> {
      const workspaceIds = [...new Set(reps.map((rep) => rep.workspaceId))];
      const userIds = [...new Set(reps.map((rep) => rep.userId))];
      const [campaigns, kept] = await Promise.all([
        db.execute(sql`
          select c.id, c.workspace_id,
                 (select a.queued_at from dial_attempts a where a.campaign_id = c.id
                  order by a.queued_at desc limit 1) last_dialled_at
          from campaigns c
          where c.workspace_id = any(${param(workspaceIds)}::uuid[]) and ${WORKABLE_BY_ANY_REP}
            and exists (
              select 1 from campaign_leads l
              where l.campaign_id = c.id and l.status in ('new', 'retry', 'callback') and l.reserved_for is null
                and (l.next_attempt_at is null or l.next_attempt_at <= ${now}))`),
        db.execute(sql`
          select l.workspace_id, l.reserved_for, l.campaign_id
          from campaign_leads l join campaigns c on c.id = l.campaign_id
          where l.reserved_for = any(${param(userIds)}::uuid[]) and l.workspace_id = any(${param(workspaceIds)}::uuid[])
            and l.status = 'callback' and l.next_attempt_at <= ${now} and ${WORKABLE_BY_ANY_REP}
          order by l.next_attempt_at`),
      ]);
      return {
        campaigns: rowsOf(campaigns).map((row) => ({
          id: row.id as string,
          workspaceId: row.workspace_id as string,
          lastDialledAt: date(row.last_dialled_at),
        })),
        kept: rowsOf(kept).map((row) => ({
          workspaceId: row.workspace_id as string,
          userId: row.reserved_for as string,
          campaignId: row.campaign_id as string,
        })),
      };
    },

    /** Puts Any reps on their campaigns (still available and still working any campaign). */
    async setWorkingCampaigns(assignments: readonly AnyRepAssignment[]): Promise<void> {
      if (assignments.length === 0) return;
      await db.execute(sql`
        update dialer_agent_sessions s set working_campaign_id = u.campaign_id
        from unnest(${param(assignments.map((a) => a.workspaceId))}::uuid[],
                    ${param(assignments.map((a) => a.userId))}::uuid[],
                    ${param(assignments.map((a) => a.campaignId))}::uuid[]) as u(workspace_id, user_id, campaign_id)
        where s.workspace_id = u.workspace_id and s.user_id = u.user_id
          and s.status = 'available' and s.campaign_id is null`);
    },

    /** An AI agent's call ended: the lead is done (an AI call has no agent to record a disposition). */
    async settleAiLead(leadId: string, now: Date): Promise<void> {
      await db.execute(sql`
        update campaign_leads set status = 'completed', updated_at = ${now}
        where id = ${leadId} and status = 'dialing'`);
    },

    /** Which of the (campaign, number) pairs are on their campaign's own do-not-call list: one round trip. */
    async onCampaignLists(pairs: { campaignId: string; e164: string }[]): Promise<Set<string>> {
      if (pairs.length === 0) return new Set();
      const result = await db.execute(sql`
        select d.campaign_id, d.phone_e164 from campaign_do_not_call d
        join unnest(${param(pairs.map((p) => p.campaignId))}::uuid[],
                    ${param(pairs.map((p) => p.e164))}::text[]) as u(campaign_id, phone_e164)
          on d.campaign_id = u.campaign_id and d.phone_e164 = u.phone_e164`);
      return new Set(rowsOf(result).map((row) => `${row.campaign_id}:${row.phone_e164}`));
    },

    /** Whether the number is on the campaign's own do-not-call list. */
    async onCampaignList(campaignId: string, e164: string): Promise<boolean> {
      const result = await db.execute(sql`
        select 1 from campaign_do_not_call where campaign_id = ${campaignId} and phone_e164 = ${e164}`);
      return rowsOf(result).length > 0;
    },

    /** The campaign's settings a call needs when it is answered. */
    async campaignForCall(campaignId: string) {
      const result = await db.execute(sql`
        select id, workspace_id, name, status, ai_agents, business_name, callback_number, voicemail_message,
               calling_hours_start, calling_hours_end
        from campaigns where id = ${campaignId}`);
      const row = rowsOf(result)[0];
      if (!row) return undefined;
      return {
        id: row.id as string,
        workspaceId: row.workspace_id as string,
        name: row.name as string,
        status: row.status as string,
        callingHoursStart: row.calling_hours_start as string,
        callingHoursEnd: row.calling_hours_end as string,
        aiAgents: (row.ai_agents as { agentId: string; concurrentCalls: number }[] | null) ?? [],
        businessName: (row.business_name as string | null) ?? null,
        callbackNumber: (row.callback_number as string | null) ?? null,
        voicemailMessage: (row.voicemail_message as string | null) ?? null,
      };
    },
  };
}

export type RuntimeRepository = ReturnType<typeof runtimeRepository>;
