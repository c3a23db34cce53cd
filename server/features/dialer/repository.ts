import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
} from "drizzle-orm";
import {
  type AgentStatus,
  type AttemptState,
  DIALABLE_LEAD_STATUSES,
  DISPOSITION_CODES,
  DISPOSITIONS,
  type LeadStatus,
  LIVE_ATTEMPT_STATES,
} from "../../../common/dialer";
import type { Db } from "../../db/client";
import {
  campaignDoNotCall,
  campaignLeads,
  campaigns,
  dialAttempts,
  dialerAgentSessions,
  dialerCallbacks,
} from "../../db/schema";
import { abandonmentTallies } from "./abandonment-days";

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = Omit<
  typeof campaigns.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt"
>;
/** A campaign with the counts its card shows. */
export type CampaignWithCounts = CampaignRow & {
  totalLeads: number;
  dialableLeads: number;
  completedCalls: number;
  successfulConnections: number;
};
export type LeadRow = typeof campaignLeads.$inferSelect;
export type NewLead = Omit<
  typeof campaignLeads.$inferInsert,
  "id" | "workspaceId" | "campaignId" | "createdAt" | "updatedAt"
>;
export type AttemptRow = typeof dialAttempts.$inferSelect;
export type CallbackRow = typeof dialerCallbacks.$inferSelect;
export type AgentSessionRow = typeof dialerAgentSessions.$inferSelect;
export type CampaignDoNotCallRow = typeof campaignDoNotCall.$inferSelect;
export type Tally = { abandoned: number; answeredByPerson: number };

/** Members a campaign counts: those who chose it, and those working any campaign the dialer put on it. */
const worksOn = (campaignId: string) =>
  or(
    eq(dialerAgentSessions.campaignId, campaignId),
    and(isNull(dialerAgentSessions.campaignId), eq(dialerAgentSessions.workingCampaignId, campaignId)),
  );

/**
 * The lead columns an insert writes, each sent as one bound array (unnest): building a
 * statement with a parameter per value cost Drizzle about 0.2 ms a lead on the event loop (10,000
 * pasted leads: 2 s). NOT NULL columns with a default take it when a lead has no value. Names
 * and types come from this list, never from a request.
 */
const LEAD_COLUMNS: { key: keyof NewLead; name: string; type: string; fallback?: string }[] = [
  { key: "contactId", name: "contact_id", type: "uuid" },
  { key: "phoneNumber", name: "phone_number", type: "text" },
  { key: "phoneE164", name: "phone_e164", type: "text" },
  { key: "firstName", name: "first_name", type: "text" },
  { key: "lastName", name: "last_name", type: "text" },
  { key: "company", name: "company", type: "text" },
  { key: "email", name: "email", type: "text" },
  { key: "address", name: "address", type: "text" },
  { key: "city", name: "city", type: "text" },
  { key: "state", name: "state", type: "text" },
  { key: "zipCode", name: "zip_code", type: "text" },
  { key: "businessType", name: "business_type", type: "text" },
  { key: "timeZone", name: "time_zone", type: "text" },
  { key: "status", name: "status", type: "text", fallback: "'new'" },
  { key: "priority", name: "priority", type: "int", fallback: "1" },
  { key: "notes", name: "notes", type: "text" },
  { key: "aiVoiceConsent", name: "ai_voice_consent", type: "boolean", fallback: "false" },
  { key: "consentSource", name: "consent_source", type: "text" },
  { key: "leadSource", name: "lead_source", type: "text", fallback: "'imported'" },
];

const dialable = inArray(campaignLeads.status, [...DIALABLE_LEAD_STATUSES]);

/**
 * The enterprise figures' dispositions: a person answered and talked with us (every human-answered
 * code but the safe-harbor message), and of those, the ones that showed interest (a sale, interest,
 * an appointment, whether a rep or an AI agent booked it, or a call back they asked for).
 */
const TALKED_WITH = DISPOSITION_CODES.filter(
  (code) => DISPOSITIONS[code].humanAnswered && code !== "abandoned",
);
const INTERESTED = ["sale", "interested", "appointment", "callback"] as const;
const live = inArray(dialAttempts.state, [...LIVE_ATTEMPT_STATES]);

/**
 * The outer campaign's id, qualified: in a one-table select Drizzle writes columns bare ("id"),
 * which inside a subquery would mean the subquery's own table.
 */
const outerCampaignId = sql.raw(`"campaigns"."id"`);

/** The counts a campaign card shows, as correlated subqueries over the campaign's own indexes. */
const campaignCounts = {
  totalLeads: sql<number>`(select count(*)::int from ${campaignLeads} where ${campaignLeads.campaignId} = ${outerCampaignId})`,
  dialableLeads: sql<number>`(select count(*)::int from ${campaignLeads} where ${campaignLeads.campaignId} = ${outerCampaignId} and ${campaignLeads.status} in ('new', 'retry', 'callback'))`,
  completedCalls: sql<number>`(select count(*)::int from ${dialAttempts} where ${dialAttempts.campaignId} = ${outerCampaignId} and ${dialAttempts.endedAt} is not null)`,
  successfulConnections: sql<number>`(select count(*)::int from ${dialAttempts} where ${dialAttempts.campaignId} = ${outerCampaignId} and ${dialAttempts.connectedAt} is not null)`,
};

/** The dialer's tables, every query filtered by the workspace (the runtime's by campaign or key). */
export function dialerRepository(db: Db) {
  return {
    // --- campaigns -------------------------------------------------------------------------

    async listCampaigns(workspaceId: string): Promise<CampaignWithCounts[]> {
      return db
        .select({ ...getTableColumns(campaigns), ...campaignCounts })
        .from(campaigns)
        .where(eq(campaigns.workspaceId, workspaceId))
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
    },

    async getCampaign(workspaceId: string, id: string): Promise<CampaignWithCounts | undefined> {
      const [row] = await db
        .select({ ...getTableColumns(campaigns), ...campaignCounts })
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)));
      return row;
    },

    /** The row locked until the transaction ends (start, pause and adding leads serialise on it). */
    async lockCampaign(workspaceId: string, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
        .for("update");
      return row;
    },

    async insertCampaign(workspaceId: string, fields: NewCampaign): Promise<CampaignRow> {
      const [row] = await db
        .insert(campaigns)
        .values({ ...fields, workspaceId })
        .returning();
      if (!row) throw new Error("insert returned no campaign");
      return row;
    },

    async updateCampaign(
      workspaceId: string,
      id: string,
      fields: Partial<NewCampaign>,
    ): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(campaigns)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
        .returning();
      return row;
    },

    async deleteCampaign(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
        .returning({ id: campaigns.id });
      return rows.length > 0;
    },

    /** Campaigns the runtime should tick: active, or scheduled and due; least recently ticked first. */
    async dueCampaigns(now: Date, limit: number): Promise<CampaignRow[]> {
      return db
        .select()
        .from(campaigns)
        .where(
          or(
            eq(campaigns.status, "active"),
            and(eq(campaigns.status, "scheduled"), lte(campaigns.scheduledStartAt, now)),
          ),
        )
        .orderBy(sql`${campaigns.lastTickAt} asc nulls first`)
        .limit(limit);
    },

    /** A scheduled campaign whose time came becomes active (once: the status is checked). */
    async activateScheduled(id: string, now: Date): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(campaigns)
        .set({ status: "active", startedAt: now, updatedAt: now })
        .where(and(eq(campaigns.id, id), eq(campaigns.status, "scheduled")))
        .returning();
      return row;
    },

    async setTicked(id: string, at: Date, pacing?: CampaignRow["pacing"]): Promise<void> {
      await db
        .update(campaigns)
        .set(pacing === undefined ? { lastTickAt: at } : { lastTickAt: at, pacing })
        .where(eq(campaigns.id, id));
    },

    /** Active campaigns of the workspace with nothing left to dial and no line in use become completed. */
    async completeIfDone(campaignId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(campaigns)
        .set({ status: "completed", updatedAt: now })
        .where(
          and(
            eq(campaigns.id, campaignId),
            eq(campaigns.status, "active"),
            sql`not exists (select 1 from ${campaignLeads} where ${campaignLeads.campaignId} = ${campaignId} and ${campaignLeads.status} in ('new', 'retry', 'callback', 'dialing'))`,
            sql`not exists (select 1 from ${dialAttempts} where ${dialAttempts.campaignId} = ${campaignId} and ${dialAttempts.state} in ('queued', 'dialing', 'ringing', 'answered', 'connected'))`,
          ),
        )
        .returning({ id: campaigns.id });
      return rows.length > 0;
    },

    // --- leads -----------------------------------------------------------------------------

    /**
     * Inserts the leads a batch at a time; a number already in the campaign (or twice in the
     * input) is skipped by the unique index. Answers the numbers that went in.
     */
    /** Adds the leads whose number the campaign does not have yet; answers those numbers. */
    async insertLeads(workspaceId: string, campaignId: string, leads: NewLead[]): Promise<string[]> {
      if (leads.length === 0) return [];
      const columns = LEAD_COLUMNS.filter((column) => leads.some((lead) => lead[column.key] != null));
      const arrays = columns.map(
        (column) =>
          sql`${sql.param(leads.map((lead) => lead[column.key] ?? null))}::${sql.raw(column.type)}[]`,
      );
      const names = columns.map((column) => sql.raw(column.name));
      const values = columns.map((column) =>
        sql.raw(column.fallback ? `coalesce(u.${column.name}, ${column.fallback})` : `u.${column.name}`),
      );
      // unnest keeps the list's order, so seq (insertion order) follows it.
      const result = (await db.execute(sql`
        insert into ${campaignLeads} (workspace_id, campaign_id, ${sql.join(names, sql`, `)})
        select ${workspaceId}::uuid, ${campaignId}::uuid, ${sql.join(values, sql`, `)}
        from unnest(${sql.join(arrays, sql`, `)}) with ordinality as u(${sql.join(names, sql`, `)}, n)
        order by u.n
        on conflict (campaign_id, phone_e164) do nothing
        returning phone_e164`)) as unknown as { rows: { phone_e164: string }[] };
      return result.rows.map((row) => row.phone_e164);
    },

    async pageLeads(
      campaignId: string,
      query: { status?: LeadStatus | undefined; page: number; limit: number },
    ): Promise<{ rows: LeadRow[]; total: number }> {
      const where = and(
        eq(campaignLeads.campaignId, campaignId),
        query.status ? eq(campaignLeads.status, query.status) : undefined,
      );
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(campaignLeads)
          .where(where)
          .orderBy(asc(campaignLeads.seq))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(campaignLeads).where(where),
      ]);
      return { rows, total: counted[0]?.n ?? 0 };
    },

    async getLead(workspaceId: string, id: string): Promise<LeadRow | undefined> {
      const [row] = await db
        .select()
        .from(campaignLeads)
        .where(and(eq(campaignLeads.workspaceId, workspaceId), eq(campaignLeads.id, id)));
      return row;
    },

    async lockLead(workspaceId: string, id: string): Promise<LeadRow | undefined> {
      const [row] = await db
        .select()
        .from(campaignLeads)
        .where(and(eq(campaignLeads.workspaceId, workspaceId), eq(campaignLeads.id, id)))
        .for("update");
      return row;
    },

    async leadsByIds(ids: string[]): Promise<LeadRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(campaignLeads).where(inArray(campaignLeads.id, ids));
    },

    /**
     * A lead with its campaign's retry rules, as settling an ended attempt needs them: one read,
     * without the lead and attempt counts getCampaign adds (four counts over the campaign's rows).
     */
    async leadToSettle(
      workspaceId: string,
      campaignId: string,
      leadId: string,
    ): Promise<
      | {
          lead: LeadRow;
          campaign: Pick<CampaignRow, "maxAttempts" | "retryMinutes" | "abandonedRetryMinutes">;
        }
      | undefined
    > {
      const [row] = await db
        .select({
          lead: campaignLeads,
          maxAttempts: campaigns.maxAttempts,
          retryMinutes: campaigns.retryMinutes,
          abandonedRetryMinutes: campaigns.abandonedRetryMinutes,
        })
        .from(campaignLeads)
        .innerJoin(campaigns, eq(campaigns.id, campaignLeads.campaignId))
        .where(
          and(
            eq(campaignLeads.id, leadId),
            eq(campaigns.id, campaignId),
            eq(campaigns.workspaceId, workspaceId),
          ),
        );
      if (!row) return undefined;
      const { lead, ...campaign } = row;
      return { lead, campaign };
    },

    async updateLead(id: string, fields: Partial<NewLead>): Promise<LeadRow | undefined> {
      const [row] = await db
        .update(campaignLeads)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(campaignLeads.id, id))
        .returning();
      return row;
    },

    /** Marks the campaign's leads with these numbers do-not-call (a number added to its list). */
    async markLeadsDoNotCall(campaignId: string, e164s: string[]): Promise<number> {
      if (e164s.length === 0) return 0;
      const rows = await db
        .update(campaignLeads)
        .set({ status: "do_not_call", updatedAt: sql`now()` })
        .where(
          and(eq(campaignLeads.campaignId, campaignId), inArray(campaignLeads.phoneE164, e164s), dialable),
        )
        .returning({ id: campaignLeads.id });
      return rows.length;
    },

    /**
     * Whether any of the workspace's leads with this number has AI-voice consent recorded: read
     * through each campaign's (campaign, number) index, not the workspace's every lead.
     */
    async hasAiVoiceConsent(workspaceId: string, e164: string): Promise<boolean> {
      const [row] = await db
        .select({ id: campaignLeads.id })
        .from(campaignLeads)
        .innerJoin(campaigns, eq(campaigns.id, campaignLeads.campaignId))
        .where(
          and(
            eq(campaigns.workspaceId, workspaceId),
            eq(campaignLeads.phoneE164, e164),
            eq(campaignLeads.aiVoiceConsent, true),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** How many of the campaign's leads are dialable, and how many of those have AI-voice consent. */
    async dialableCounts(campaignId: string): Promise<{ dialable: number; consented: number }> {
      const [row] = await db
        .select({
          dialable: sql<number>`count(*)::int`,
          consented: sql<number>`(count(*) filter (where ${campaignLeads.aiVoiceConsent}))::int`,
        })
        .from(campaignLeads)
        .where(and(eq(campaignLeads.campaignId, campaignId), dialable));
      return row ?? { dialable: 0, consented: 0 };
    },

    /**
     * The next dialable lead a person could take now (preview mode), without claiming it: due,
     * and not a callback kept for another agent.
     */
    async peekLead(campaignId: string, agentUserId: string, now: Date): Promise<LeadRow | undefined> {
      const [row] = await db
        .select()
        .from(campaignLeads)
        .where(
          and(
            eq(campaignLeads.campaignId, campaignId),
            dialable,
            or(isNull(campaignLeads.nextAttemptAt), lte(campaignLeads.nextAttemptAt, now)),
            or(isNull(campaignLeads.reservedFor), eq(campaignLeads.reservedFor, agentUserId)),
          ),
        )
        .orderBy(
          desc(campaignLeads.priority),
          sql`${campaignLeads.nextAttemptAt} asc nulls first`,
          asc(campaignLeads.seq),
        )
        .limit(1);
      return row;
    },

    /**
     * Claims up to `count` due leads of a campaign for dialling, inside the caller's transaction:
     * FOR UPDATE SKIP LOCKED, so two servers (or two ticks) never take the same lead, then one
     * queued attempt per lead keyed "<lead id>:<attempt number>" (unique), the lead marked
     * dialing with its attempt counted. `agentUserId` null: the campaign's runtime; a person
     * otherwise (their own callbacks are theirs to take).
     */
    async claimLeads(
      campaign: Pick<CampaignRow, "id" | "workspaceId">,
      count: number,
      now: Date,
      options: { agentUserId?: string | null; requireConsent?: boolean; leadId?: string } = {},
    ): Promise<{ lead: LeadRow; attempt: AttemptRow }[]> {
      if (count <= 0) return [];
      const agent = options.agentUserId ?? null;
      const picked = await db
        .select()
        .from(campaignLeads)
        .where(
          and(
            eq(campaignLeads.campaignId, campaign.id),
            dialable,
            options.leadId ? eq(campaignLeads.id, options.leadId) : undefined,
            or(isNull(campaignLeads.nextAttemptAt), lte(campaignLeads.nextAttemptAt, now)),
            agent
              ? or(isNull(campaignLeads.reservedFor), eq(campaignLeads.reservedFor, agent))
              : isNull(campaignLeads.reservedFor),
            options.requireConsent ? eq(campaignLeads.aiVoiceConsent, true) : undefined,
          ),
        )
        .orderBy(
          desc(campaignLeads.priority),
          sql`${campaignLeads.nextAttemptAt} asc nulls first`,
          asc(campaignLeads.seq),
        )
        .limit(count)
        .for("update", { skipLocked: true });
      if (picked.length === 0) return [];
      const attempts = await db
        .insert(dialAttempts)
        .values(
          picked.map((lead) => ({
            workspaceId: campaign.workspaceId,
            campaignId: campaign.id,
            leadId: lead.id,
            attemptNumber: lead.callAttempts + 1,
            dialKey: `${lead.id}:${lead.callAttempts + 1}`,
            phoneE164: lead.phoneE164,
            agentUserId: agent,
            queuedAt: now,
          })),
        )
        .onConflictDoNothing({ target: dialAttempts.dialKey })
        .returning();
      const claimedIds = attempts.map((attempt) => attempt.leadId);
      if (claimedIds.length === 0) return [];
      const leads = await db
        .update(campaignLeads)
        .set({
          status: "dialing",
          callAttempts: sql`${campaignLeads.callAttempts} + 1`,
          lastCallTime: now,
          updatedAt: now,
        })
        .where(inArray(campaignLeads.id, claimedIds))
        .returning();
      const byId = new Map(leads.map((lead) => [lead.id, lead]));
      return attempts.flatMap((attempt) => {
        const lead = byId.get(attempt.leadId);
        return lead ? [{ lead, attempt }] : [];
      });
    },

    /** Lead counts of the workspace's campaigns (the enterprise dashboard's figures). */
    async leadFigures(workspaceId: string) {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          contacted: sql<number>`(count(*) filter (where ${campaignLeads.callAttempts} > 0))::int`,
          qualified: sql<number>`(count(*) filter (where ${inArray(campaignLeads.disposition, [...TALKED_WITH])}))::int`,
          interested: sql<number>`(count(*) filter (where ${inArray(campaignLeads.disposition, [...INTERESTED])}))::int`,
          sales: sql<number>`(count(*) filter (where ${campaignLeads.disposition} = 'sale'))::int`,
        })
        .from(campaignLeads)
        .where(eq(campaignLeads.workspaceId, workspaceId));
      return row ?? { total: 0, contacted: 0, qualified: 0, interested: 0, sales: 0 };
    },

    /**
     * The campaign's leads by their disposition (the last attempt's, a rep's or an AI agent's),
     * and of each how many an AI agent's call settled: the lead's latest dispositioned attempt
     * was an AI agent's and no person dispositioned it. Leads with no disposition are left out.
     */
    async leadDispositions(
      campaignId: string,
    ): Promise<{ disposition: string; leads: number; byAi: number }[]> {
      const decided = db
        .select({ aiAgentId: dialAttempts.aiAgentId, disposedBy: dialAttempts.disposedBy })
        .from(dialAttempts)
        .where(and(eq(dialAttempts.leadId, campaignLeads.id), isNotNull(dialAttempts.disposition)))
        .orderBy(desc(dialAttempts.attemptNumber))
        .limit(1)
        .as("decided");
      const rows = await db
        .select({
          disposition: campaignLeads.disposition,
          leads: sql<number>`count(*)::int`,
          byAi: sql<number>`(count(*) filter (where ${decided.aiAgentId} is not null and ${decided.disposedBy} is null))::int`,
        })
        .from(campaignLeads)
        .leftJoinLateral(decided, sql`true`)
        .where(and(eq(campaignLeads.campaignId, campaignId), isNotNull(campaignLeads.disposition)))
        .groupBy(campaignLeads.disposition);
      return rows.flatMap((row) => (row.disposition ? [{ ...row, disposition: row.disposition }] : []));
    },

    // --- attempts --------------------------------------------------------------------------

    async getAttempt(workspaceId: string, id: string): Promise<AttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(dialAttempts)
        .where(and(eq(dialAttempts.workspaceId, workspaceId), eq(dialAttempts.id, id)));
      return row;
    },

    /** The attempt that placed a call, locked until the transaction ends. */
    async lockAttemptOfCall(workspaceId: string, callId: string): Promise<AttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(dialAttempts)
        .where(and(eq(dialAttempts.workspaceId, workspaceId), eq(dialAttempts.callId, callId)))
        .for("update");
      return row;
    },

    async lockAttempt(id: string): Promise<AttemptRow | undefined> {
      const [row] = await db.select().from(dialAttempts).where(eq(dialAttempts.id, id)).for("update");
      return row;
    },

    async updateAttempt(
      id: string,
      fields: Partial<typeof dialAttempts.$inferInsert>,
    ): Promise<AttemptRow | undefined> {
      const [row] = await db.update(dialAttempts).set(fields).where(eq(dialAttempts.id, id)).returning();
      return row;
    },

    /**
     * A call handed to another rep (a cold transfer): the rep, if available, goes on_call holding
     * the attempt in one statement (their status is only ever taken from available, so the
     * dialer's tick cannot give them another call at the same time), and the attempt is theirs.
     * Answers whether they took it.
     */
    async handAttemptTo(
      workspaceId: string,
      userId: string,
      attemptId: string,
      campaignId: string,
      now: Date,
    ): Promise<boolean> {
      const result = (await db.execute(sql`
        with rep as (
          update dialer_agent_sessions set status = 'on_call', since = ${now}, updated_at = ${now},
                 current_attempt_id = ${attemptId}, wrap_up_until = null, preview_lead_id = null,
                 working_campaign_id = case when campaign_id is null then ${campaignId}::uuid
                                            else working_campaign_id end
          where workspace_id = ${workspaceId} and user_id = ${userId} and status = 'available'
          returning user_id
        )
        update dial_attempts a set agent_user_id = rep.user_id
        from rep where a.id = ${attemptId} and a.workspace_id = ${workspaceId}
        returning a.id`)) as unknown as { rows: unknown[] };
      return result.rows.length > 0;
    },

    /** The workspace's attempts that placed these calls (a lead's past calls on the contact card). */
    async attemptsByCallIds(workspaceId: string, callIds: string[]): Promise<AttemptRow[]> {
      if (callIds.length === 0) return [];
      return db
        .select()
        .from(dialAttempts)
        .where(and(eq(dialAttempts.workspaceId, workspaceId), inArray(dialAttempts.callId, callIds)));
    },

    /** The workspace's campaigns' own dispositions, by id, without the counts getCampaign adds. */
    async campaignDispositions(
      workspaceId: string,
      ids: string[],
    ): Promise<{ id: string; dispositions: { code: string; label: string }[] | null }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: campaigns.id, dispositions: campaigns.dispositions })
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), inArray(campaigns.id, ids)));
    },

    /**
     * The rep's wrap-up after the attempt ended at `at` (Ready, or another status set by hand):
     * recorded once, the first end.
     */
    async endWrapUp(attemptId: string, at: Date): Promise<void> {
      await db
        .update(dialAttempts)
        .set({ wrapUpEndedAt: at })
        .where(and(eq(dialAttempts.id, attemptId), isNull(dialAttempts.wrapUpEndedAt)));
    },

    /** Attempts in a state, of one campaign (the runtime's view of what it has in flight). */
    async attemptsIn(campaignId: string, states: readonly AttemptState[]): Promise<AttemptRow[]> {
      return db
        .select()
        .from(dialAttempts)
        .where(and(eq(dialAttempts.campaignId, campaignId), inArray(dialAttempts.state, [...states])));
    },

    /** Lines in use: the workspace's live attempts, and the campaign's. */
    async liveLines(
      workspaceId: string,
      campaignId: string,
    ): Promise<{ workspace: number; campaign: number }> {
      const [row] = await db
        .select({
          workspace: sql<number>`count(*)::int`,
          campaign: sql<number>`(count(*) filter (where ${dialAttempts.campaignId} = ${campaignId}))::int`,
        })
        .from(dialAttempts)
        .where(and(eq(dialAttempts.workspaceId, workspaceId), live));
      return row ?? { workspace: 0, campaign: 0 };
    },

    /**
     * Dialled, connected and answered by a person since `since` (index range on queued_at), and
     * dialled since `hourAgo`, for one campaign.
     */
    async dialCounts(campaignId: string, since: Date, hourAgo: Date) {
      const from = since < hourAgo ? since : hourAgo;
      const [row] = await db
        .select({
          dialed: sql<number>`(count(*) filter (where ${dialAttempts.dialedAt} is not null and ${dialAttempts.queuedAt} >= ${since}))::int`,
          connected: sql<number>`(count(*) filter (where ${dialAttempts.connectedAt} is not null and ${dialAttempts.queuedAt} >= ${since}))::int`,
          answered: sql<number>`(count(*) filter (where ${dialAttempts.answeredByPerson} and ${dialAttempts.queuedAt} >= ${since}))::int`,
          lastHour: sql<number>`(count(*) filter (where ${dialAttempts.dialedAt} >= ${hourAgo}))::int`,
        })
        .from(dialAttempts)
        .where(and(eq(dialAttempts.campaignId, campaignId), gte(dialAttempts.queuedAt, from)));
      return row ?? { dialed: 0, connected: 0, answered: 0, lastHour: 0 };
    },

    /**
     * Abandoned over answered by a person for one campaign: since `today` (a range of
     * dial_attempts_campaign_human_idx, answered_at and state in it), since `thirtyDaysAgo` and
     * ever (the campaign's daily tallies: abandonment-days.ts), in one round trip.
     */
    async abandonment(
      campaignId: string,
      today: Date,
      thirtyDaysAgo: Date,
    ): Promise<{ today: Tally; last30Days: Tally; campaign: Tally }> {
      type Row = Record<string, number | null>;
      const result = (await db.execute(sql`
        select t.month_abandoned, t.month_answered, t.all_abandoned, t.all_answered,
               d.today_abandoned, d.today_answered
        from (${abandonmentTallies(sql`${campaignId}::uuid`, thirtyDaysAgo)}) t, (
          select count(*) filter (where a.state = 'abandoned')::int today_abandoned,
                 count(*)::int today_answered
          from dial_attempts a
          where a.campaign_id = ${campaignId} and a.answered_by_person and a.answered_at >= ${today}
        ) d`)) as unknown as { rows: Row[] };
      const row: Row = result.rows[0] ?? {};
      const count = (value: unknown) => Number(value ?? 0);
      return {
        today: { abandoned: count(row.today_abandoned), answeredByPerson: count(row.today_answered) },
        last30Days: { abandoned: count(row.month_abandoned), answeredByPerson: count(row.month_answered) },
        campaign: { abandoned: count(row.all_abandoned), answeredByPerson: count(row.all_answered) },
      };
    },

    /** Calls each member took today (connected to them), for the agents list. */
    async callsTodayByAgent(workspaceId: string, since: Date): Promise<Map<string, number>> {
      const rows = await db
        .select({ userId: dialAttempts.agentUserId, n: sql<number>`count(*)::int` })
        .from(dialAttempts)
        .where(
          and(
            eq(dialAttempts.workspaceId, workspaceId),
            isNotNull(dialAttempts.agentUserId),
            gte(dialAttempts.connectedAt, since),
          ),
        )
        .groupBy(dialAttempts.agentUserId);
      return new Map(rows.flatMap((row) => (row.userId ? [[row.userId, row.n] as const] : [])));
    },

    /** Each member's live calls (connected to them now). */
    async liveCallsByAgent(workspaceId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ userId: dialAttempts.agentUserId, n: sql<number>`count(*)::int` })
        .from(dialAttempts)
        .where(and(eq(dialAttempts.workspaceId, workspaceId), isNotNull(dialAttempts.agentUserId), live))
        .groupBy(dialAttempts.agentUserId);
      return new Map(rows.flatMap((row) => (row.userId ? [[row.userId, row.n] as const] : [])));
    },

    /** The agent's call waiting for a disposition: live, or ended and not yet disposed. */
    async openAttemptFor(workspaceId: string, userId: string): Promise<AttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(dialAttempts)
        .where(
          and(
            eq(dialAttempts.workspaceId, workspaceId),
            eq(dialAttempts.agentUserId, userId),
            isNull(dialAttempts.disposition),
            or(live, eq(dialAttempts.state, "completed")),
          ),
        )
        .orderBy(desc(dialAttempts.queuedAt))
        .limit(1);
      return row;
    },

    // --- callbacks -------------------------------------------------------------------------

    /** Replaces the lead's pending callback (at most one per lead) with a new one. */
    async scheduleCallback(
      fields: Omit<typeof dialerCallbacks.$inferInsert, "id" | "status" | "createdAt">,
    ): Promise<CallbackRow> {
      await db
        .update(dialerCallbacks)
        .set({ status: "cancelled" })
        .where(and(eq(dialerCallbacks.leadId, fields.leadId), eq(dialerCallbacks.status, "pending")));
      const [row] = await db.insert(dialerCallbacks).values(fields).returning();
      if (!row) throw new Error("insert returned no callback");
      return row;
    },

    async pendingCallbacksFor(leadIds: string[]): Promise<CallbackRow[]> {
      if (leadIds.length === 0) return [];
      return db
        .select()
        .from(dialerCallbacks)
        .where(and(inArray(dialerCallbacks.leadId, leadIds), eq(dialerCallbacks.status, "pending")));
    },

    /** Pending callbacks a member may take: theirs, and anyone's; soonest first. */
    async callbacksForAgent(workspaceId: string, userId: string, limit: number): Promise<CallbackRow[]> {
      return db
        .select()
        .from(dialerCallbacks)
        .where(
          and(
            eq(dialerCallbacks.workspaceId, workspaceId),
            eq(dialerCallbacks.status, "pending"),
            or(eq(dialerCallbacks.agentOnly, false), eq(dialerCallbacks.agentUserId, userId)),
          ),
        )
        .orderBy(asc(dialerCallbacks.dueAt))
        .limit(limit);
    },

    async closeCallbacks(leadId: string, status: "done" | "cancelled"): Promise<void> {
      await db
        .update(dialerCallbacks)
        .set({ status })
        .where(and(eq(dialerCallbacks.leadId, leadId), eq(dialerCallbacks.status, "pending")));
    },

    // --- agent sessions --------------------------------------------------------------------

    async sessions(workspaceId: string): Promise<AgentSessionRow[]> {
      return db.select().from(dialerAgentSessions).where(eq(dialerAgentSessions.workspaceId, workspaceId));
    },

    async session(workspaceId: string, userId: string): Promise<AgentSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(dialerAgentSessions)
        .where(and(eq(dialerAgentSessions.workspaceId, workspaceId), eq(dialerAgentSessions.userId, userId)));
      return row;
    },

    /** Sets a member's status (and campaign, call), creating the row on first use. */
    async setSession(
      workspaceId: string,
      userId: string,
      fields: {
        status: AgentStatus;
        campaignId?: string | null;
        /** For a member working any campaign: the campaign the dialer has them on (the tick's). */
        workingCampaignId?: string | null;
        currentAttemptId?: string | null;
        previewLeadId?: string | null;
        wrapUpUntil?: Date | null;
        softphone?: boolean;
      },
      now: Date,
    ): Promise<AgentSessionRow> {
      const values = { ...fields, since: now, updatedAt: now };
      const [row] = await db
        .insert(dialerAgentSessions)
        .values({ workspaceId, userId, ...values })
        .onConflictDoUpdate({
          target: [dialerAgentSessions.workspaceId, dialerAgentSessions.userId],
          set: {
            ...values,
            // The status's start moves only when the status changes.
            since: sql`case when ${dialerAgentSessions.status} = ${fields.status} then ${dialerAgentSessions.since} else ${now} end`,
          },
        })
        .returning();
      if (!row) throw new Error("upsert returned no agent session");
      return row;
    },

    /** Agents ready for a campaign's call: available on it, longest waiting first. */
    async availableAgents(campaignId: string): Promise<AgentSessionRow[]> {
      return db
        .select()
        .from(dialerAgentSessions)
        .where(and(worksOn(campaignId), eq(dialerAgentSessions.status, "available")))
        .orderBy(asc(dialerAgentSessions.since));
    },

    /** Agents logged in to a campaign (not offline), by status. */
    async agentCounts(campaignId: string): Promise<Record<AgentStatus, number>> {
      const rows = await db
        .select({ status: dialerAgentSessions.status, n: sql<number>`count(*)::int` })
        .from(dialerAgentSessions)
        .where(worksOn(campaignId))
        .groupBy(dialerAgentSessions.status);
      const counts: Record<AgentStatus, number> = { available: 0, busy: 0, on_call: 0, break: 0, offline: 0 };
      for (const row of rows) counts[row.status as AgentStatus] = row.n;
      return counts;
    },

    /**
     * Takes an available agent of the campaign for a call, atomically: the first available one
     * (longest waiting) becomes on_call with the attempt. Answers its user id, or null.
     */
    async takeAgent(campaignId: string, attemptId: string, now: Date): Promise<string | null> {
      const result = (await db.execute(
        sql`update ${dialerAgentSessions} set status = 'on_call', since = ${now}, updated_at = ${now}, current_attempt_id = ${attemptId}
          where (workspace_id, user_id) = (
            select workspace_id, user_id from ${dialerAgentSessions}
            where ${worksOn(campaignId)} and status = 'available'
            order by since asc limit 1 for update skip locked)
          returning user_id`,
      )) as unknown as { rows: { user_id: string }[] };
      return result.rows[0]?.user_id ?? null;
    },

    // --- the campaign's do-not-call list ----------------------------------------------------

    async doNotCallEntries(campaignId: string): Promise<CampaignDoNotCallRow[]> {
      return db
        .select()
        .from(campaignDoNotCall)
        .where(eq(campaignDoNotCall.campaignId, campaignId))
        .orderBy(desc(campaignDoNotCall.createdAt));
    },

    async addDoNotCall(
      workspaceId: string,
      campaignId: string,
      entry: { phoneE164: string; phoneNumber: string; createdBy: string | null },
    ): Promise<{ row: CampaignDoNotCallRow; created: boolean }> {
      const [added] = await db
        .insert(campaignDoNotCall)
        .values({ ...entry, workspaceId, campaignId })
        .onConflictDoNothing({ target: [campaignDoNotCall.campaignId, campaignDoNotCall.phoneE164] })
        .returning();
      if (added) return { row: added, created: true };
      const [existing] = await db
        .select()
        .from(campaignDoNotCall)
        .where(
          and(eq(campaignDoNotCall.campaignId, campaignId), eq(campaignDoNotCall.phoneE164, entry.phoneE164)),
        );
      if (!existing) throw new Error("do-not-call entry vanished");
      return { row: existing, created: false };
    },

    async deleteDoNotCall(
      workspaceId: string,
      campaignId: string,
      id: string,
    ): Promise<CampaignDoNotCallRow | undefined> {
      const [row] = await db
        .delete(campaignDoNotCall)
        .where(
          and(
            eq(campaignDoNotCall.workspaceId, workspaceId),
            eq(campaignDoNotCall.campaignId, campaignId),
            eq(campaignDoNotCall.id, id),
          ),
        )
        .returning();
      return row;
    },

    /** Which of the numbers are on the campaign's own list. */
    async campaignListedAmong(campaignId: string, e164s: string[]): Promise<Set<string>> {
      if (e164s.length === 0) return new Set();
      const rows = await db
        .select({ phone: campaignDoNotCall.phoneE164 })
        .from(campaignDoNotCall)
        .where(
          and(eq(campaignDoNotCall.campaignId, campaignId), inArray(campaignDoNotCall.phoneE164, e164s)),
        );
      return new Set(rows.map((row) => row.phone));
    },
  };
}

export type DialerRepository = ReturnType<typeof dialerRepository>;
