import { TZDate } from "@date-fns/tz";
import { sql } from "drizzle-orm";
import {
  type CallListParams,
  DELETE_LIVE_CALL_MESSAGE,
  isTestCallType,
  type Stats,
} from "../../../common/calls";
import { displayName } from "../../../common/user";
import type { Database, Db } from "../../db/client";
import {
  type CallerFacts,
  CallSession,
  callClassification,
  type EngineAccount,
  type EngineState,
  initialState,
  inspectNumber,
  restoreState,
  summarizeCall,
  type TurnAnalysis,
} from "../../engine";
import type { EventBus } from "../../events/bus";
import type { Account, AccountLoader } from "../../http/account";
import { conflict, notFound } from "../../http/errors";
import type { AiSettingsRow, AiSettingsService } from "../ai-settings/service";
import type { AppointmentService } from "../appointments/service";
import type { ContactService } from "../contacts/service";
import type { UsageCountersService } from "../usage/counters";
import { csvStream, flattenBatches } from "./export";
import { type CallRow, callRepository, SEARCH_COUNT_CAP } from "./repository";

/** What is stored in calls.engine_state: the conversation state plus the caller facts read at the start. */
type StoredEngineState = { state: EngineState; facts: CallerFacts };

export type Understand = ((
  text: string,
  facts: CallerFacts,
) => Promise<TurnAnalysis & { source?: "local" | "llm" }>) & {
  /** True when understanding calls a remote model, which may take seconds. */
  remote?: boolean;
};

export type CallServiceDeps = {
  db: Db;
  events: EventBus;
  understand: Understand;
  /** A bound query's rows through a cursor, when the database has one (see Database.streamRows). */
  streamRows?: Database["streamRows"] | undefined;
  now?: () => Date;
  /** A live call with no activity for this long is ended by endIdleCalls (IDLE_CALL_MINUTES). */
  idleCallMinutes?: number;
  /** The workspace as an Account, for work no signed-in person started (the idle sweep). */
  accounts: AccountLoader;
  settings: Pick<AiSettingsService, "row" | "rowIn">;
  appointments: Pick<AppointmentService, "enginePorts" | "countCreatedSince">;
  usage: Pick<UsageCountersService, "addIn">;
  contacts: Pick<ContactService, "nameForNumber">;
};

/** Twilio ends every call after 4 hours unless told otherwise (its timeLimit); the app never says otherwise. */
const CARRIER_MAX_CALL_MS = 4 * 60 * 60 * 1000;
/** Calls the idle sweep ends in one pass; it runs again at the next housekeeping. */
const IDLE_SWEEP_BATCH = 200;

export function callService({
  db,
  events,
  understand,
  streamRows,
  now = () => new Date(),
  idleCallMinutes = 10,
  accounts,
  settings: aiSettings,
  appointments,
  usage,
  contacts,
}: CallServiceDeps) {
  const calls = callRepository(db);

  /** What the workspace knows about a number: a contact's name, and whether it is blocked. */
  async function callerFacts(account: Account, rawNumber: string): Promise<CallerFacts> {
    const inspected = inspectNumber(rawNumber, account.owner.cellphoneNumber);
    const unknown = inspected.withheld || inspected.malformed;
    const [contactName, blocked] = unknown
      ? [null, false]
      : await Promise.all([
          contacts.nameForNumber(account.id, inspected.number),
          calls.isBlocked(account.id, inspected.number),
        ]);
    return { ...inspected, inContacts: contactName !== null, contactName, blocked };
  }

  /** Runs work in one transaction with repositories bound to it. */
  function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction((tx) => work(tx as unknown as Db));
  }

  async function finalize(
    tx: Db,
    account: Account,
    row: CallRow,
    stored: StoredEngineState,
    endedBy: "caller" | "assistant" | "user",
    status: string,
    at: Date,
    countUsage = true,
    /** A sentence the summary ends with (why the app ended the call). */
    summaryNote?: string,
  ): Promise<CallRow> {
    const outcome = summarizeCall(stored.state, row.callerName || row.phoneNumber, endedBy);
    if (summaryNote) outcome.summary = `${outcome.summary} ${summaryNote}`;
    stored.state.stage = "ended";
    const duration = Math.max(0, Math.round((at.getTime() - row.startTime.getTime()) / 1000));
    const updated = await callRepository(tx).update(account.id, row.id, {
      isActive: false,
      isOnHold: false,
      endTime: at,
      duration,
      status,
      classification: callClassification(stored.state) ?? row.classification,
      summary: outcome.summary,
      sentiment: outcome.sentiment,
      importance: outcome.importance,
      followUpRequired: outcome.followUpRequired,
      actionTaken: outcome.actionTaken,
      customerSatisfaction: outcome.customerSatisfaction,
      engineState: stored,
    });
    // Test calls never count against the plan (README: "Test calls").
    if (countUsage && !row.isTest)
      await usage.addIn(tx, account.id, monthOf(at, account.timezone), {
        callsScreened: 1,
        // Like carriers, an answered call counts whole minutes, at least one.
        callMinutesUsed: Math.max(1, Math.ceil(duration / 60)),
      });
    return updated ?? row;
  }

  /** Who hears about the user's hold, transfer and end (the carrier layer updates live phone calls). */
  const controlListeners = new Set<(event: CallControlEvent) => void>();
  function notifyControl(event: CallControlEvent): void {
    for (const listener of controlListeners) listener(event);
  }

  async function lockActive(
    tx: Db,
    account: Account,
    id: string,
  ): Promise<{ row: CallRow; stored: StoredEngineState }> {
    const row = await callRepository(tx).getForUpdate(account.id, id);
    if (!row) throw notFound("That call");
    if (!row.isActive) throw conflict("This call has already ended");
    return { row, stored: readStored(row) };
  }

  /**
   * A caller turn without a lock: read the call (one round trip), let the engine decide, write
   * the call back only if it is unchanged (one round trip). Undefined when the turn needs the
   * lock instead: it wants to change an appointment, it ends the call, or another turn won.
   */
  async function plainTurn(
    account: Account,
    callId: string,
    text: string,
    at: Date,
    understoodBefore: Awaited<ReturnType<Understand>> | undefined,
  ) {
    const found = await calls.getWithVersion(account.id, callId);
    if (!found) throw notFound("That call");
    const { row, version } = found;
    if (!row.isActive) throw conflict("This call has already ended");
    const settings = await aiSettings.row(account.id);
    const stored = readStored(row);
    const understood = understoodBefore ?? (await understand(text, stored.facts));
    const source = understood.source ?? "local";
    const { ports } = appointments.enginePorts(db, account.id, row);
    const needsLock = async (): Promise<never> => {
      throw NEEDS_LOCK;
    };
    const session = new CallSession(
      engineAccount(account, settings),
      { phoneNumber: row.phoneNumber, callerName: row.callerName },
      async () => understood,
      { ...ports, bookAppointment: needsLock, cancelAppointment: needsLock, moveAppointment: needsLock },
      stored.state,
    );
    let turn: Awaited<ReturnType<CallSession["hear"]>>;
    try {
      turn = await session.hear(text, at);
    } catch (error) {
      if (error === NEEDS_LOCK) return undefined;
      throw error;
    }
    if (turn.call.end) return undefined;
    const analysis = { ...turn.analysis, source };
    stored.state = turn.state;
    const updated = await calls.updateIfUnchanged(account.id, row.id, version, {
      ...turnPatch(row, turn, analysis, stored, at),
    });
    return updated ? { row: updated, turn, analysis } : undefined;
  }

  return {
    async simulate(
      account: Account,
      input: { phoneNumber: string; callerName?: string | undefined },
    ): Promise<CallRow> {
      const settings = await aiSettings.row(account.id);
      const facts = await callerFacts(account, input.phoneNumber);
      const state = initialState();
      const at = now();
      const session = new CallSession(
        engineAccount(account, settings),
        { phoneNumber: facts.number, callerName: null },
        () => {
          throw new Error("no turn before the greeting");
        },
        unusedPorts,
        state,
      );
      const row = await calls.insert(account.id, {
        phoneNumber: facts.number,
        callerName: input.callerName || facts.contactName,
        direction: "inbound",
        status: "in_progress",
        isActive: true,
        startTime: at,
        transcript: session.greeting().join("\n"),
        aiResponse: settings.greetingMessage,
        callType: "simulation",
        lastActivityAt: at,
        engineState: { state, facts } satisfies StoredEngineState,
      });
      events.publish(account.id, { type: "call.started", callId: row.id });
      return row;
    },

    // --- for the carrier layer (telephony): a webhook's call, and what it records on it ----------

    /** A call by the carrier's SID, else by our id, in any workspace (the webhook proves itself next). */
    async findForCarrier(
      callSid: string | undefined,
      callId: string | undefined,
    ): Promise<CallRow | undefined> {
      const bySid = callSid ? await calls.findByProviderSid(callSid) : undefined;
      return bySid ?? (callId ? await calls.findAnyById(callId) : undefined);
    },
    async setProviderSid(account: Account, callId: string, callSid: string): Promise<void> {
      await calls.update(account.id, callId, { providerCallSid: callSid });
    },
    async setRecording(account: Account, callId: string, url: string): Promise<void> {
      await calls.update(account.id, callId, { recordingUrl: url });
      events.publish(account.id, { type: "call.updated", callId });
    },
    /** Live calls of these types, inside the caller's transaction (the concurrent-call limit). */
    countLiveIn: (tx: Db, workspaceId: string, callTypes: readonly string[]) =>
      callRepository(tx).countLive(workspaceId, callTypes),
    countLive: (account: Account, callTypes: readonly string[]) => calls.countLive(account.id, callTypes),
    liveCarrierCalls: (account: Account, limit?: number) => calls.liveCarrierCalls(account.id, limit),
    systemTestCalls: (account: Account, sidPrefix: string) => calls.systemTestCalls(account.id, sidPrefix),
    latestSystemTestSid: (account: Account) => calls.latestSystemTestSid(account.id),
    /** Live calls of these types in every workspace, for the carrier layer's start-up check. */
    liveOfTypesAnywhere: (callTypes: readonly string[], limit = 1000) =>
      calls.liveOfTypesAnywhere(callTypes, limit),
    /** The call a background job placed under this key, if it did. */
    findByDialKey: (account: Account, dialKey: string) => calls.findByDialKey(account.id, dialKey),
    /** Whether the workspace blocked this number (E.164). */
    isBlocked: (account: Account, e164: string) => calls.isBlocked(account.id, e164),

    /**
     * A call the plan's monthly limits did not let the assistant screen: answered with `reply`,
     * ended at once, kept in History with why, and not counted (usage/service.ts).
     */
    async recordUnscreened(
      account: Account,
      input: {
        phoneNumber: string;
        callerName: string | null;
        reply: string;
        reason: string;
        planName: string;
      },
    ): Promise<CallRow> {
      const at = now();
      const number = inspectNumber(input.phoneNumber, account.owner.cellphoneNumber);
      const state = {
        ...initialState(),
        stage: "ended" as const,
        actionTaken: "Not screened: monthly limit reached",
      };
      const row = await calls.insert(account.id, {
        phoneNumber: number.number,
        callerName: input.callerName,
        direction: "inbound",
        status: "missed",
        isActive: false,
        startTime: at,
        endTime: at,
        duration: 0,
        transcript: [`AI: ${input.reply}`, `System: Not screened. ${input.reason}`].join("\n"),
        aiResponse: input.reply,
        actionTaken: state.actionTaken,
        summary: `Not screened: the ${input.planName} plan's monthly limit was reached.`,
        callType: "simulation",
        engineState: {
          state,
          facts: { ...number, inContacts: false, contactName: null, blocked: false },
        } satisfies StoredEngineState,
      });
      events.publish(account.id, { type: "call.started", callId: row.id });
      events.publish(account.id, { type: "call.ended", callId: row.id });
      return row;
    },

    /** One caller turn: understand, decide, respond, act, all under a lock on the call. */
    async hear(account: Account, callId: string, text: string, options: { transcribed: boolean }) {
      const at = now();
      // A language model may take seconds: ask it before taking the call's lock, so neither the
      // lock nor (on the embedded database) anyone else's request waits for it. The local AI
      // takes a fraction of a millisecond and runs inside, saving a read.
      let understood: Awaited<ReturnType<Understand>> | undefined;
      if (understand.remote) {
        const before = await calls.get(account.id, callId);
        if (!before) throw notFound("That call");
        if (!before.isActive) throw conflict("This call has already ended");
        understood = await understand(text, readStored(before).facts);
      }

      // Most turns change nothing but the call itself: they take two round trips, a read and a
      // write that lands only if nobody wrote in between (issue 10, part 10). A turn that books,
      // moves or cancels an appointment, ends the call, or counts a transcription (and a turn
      // that lost the race) runs again below, under the call's lock.
      const quick = options.transcribed ? undefined : await plainTurn(account, callId, text, at, understood);
      const result =
        quick ??
        (await inTransaction(async (tx) => {
          const row = await callRepository(tx).getForUpdate(account.id, callId);
          if (!row) throw notFound("That call");
          if (!row.isActive) throw conflict("This call has already ended");
          const settings = await aiSettings.rowIn(tx, account.id);
          const stored = readStored(row);
          understood ??= await understand(text, stored.facts);
          const analysisOfTurn = understood;
          const source = analysisOfTurn.source ?? "local";
          const booking = appointments.enginePorts(tx, account.id, row);
          const session = new CallSession(
            engineAccount(account, settings),
            { phoneNumber: row.phoneNumber, callerName: row.callerName },
            async () => analysisOfTurn,
            booking.ports,
            stored.state,
          );
          const turn = await session.hear(text, at);
          const analysis = { ...turn.analysis, source };
          stored.state = turn.state;
          let updated = await callRepository(tx).update(
            account.id,
            row.id,
            turnPatch(row, turn, analysis, stored, at),
          );
          if (!updated) throw notFound("That call");
          if (turn.call.end) {
            updated = await finalize(tx, account, updated, stored, "assistant", turn.call.end, at);
          }
          const booked = booking.booked();
          if ((booked || options.transcribed) && !row.isTest) {
            await usage.addIn(tx, account.id, monthOf(at, account.timezone), {
              appointmentsScheduled: booked ? 1 : 0,
              transcriptionsUsed: options.transcribed ? 1 : 0,
            });
          }
          return { row: updated, turn, analysis };
        }));

      events.publish(account.id, { type: "call.updated", callId, lines: result.turn.lines });
      if (result.turn.analysis.appointment) {
        events.publish(account.id, {
          type: "appointment.created",
          appointmentId: result.turn.analysis.appointment.appointmentId,
        });
      }
      if (!result.row.isActive) events.publish(account.id, { type: "call.ended", callId });
      return { call: result.row, reply: result.turn.reply, analysis: result.analysis };
    },

    /** Ending from the screen (PATCH isActive false): the server's clock sets endTime and duration. */
    async patch(
      account: Account,
      callId: string,
      body: {
        isActive?: boolean | undefined;
        status?: "completed" | "missed" | undefined;
        notes?: string | undefined;
      },
    ): Promise<CallRow> {
      const at = now();
      const row = await inTransaction(async (tx) => {
        const current = await callRepository(tx).getForUpdate(account.id, callId);
        if (!current) throw notFound("That call");
        let row = current;
        if (body.notes !== undefined) {
          row = (await callRepository(tx).update(account.id, callId, { notes: body.notes || null })) ?? row;
        }
        if (body.isActive === false && row.isActive) {
          const stored = readStored(row);
          const transcript = appendLines(row.transcript, ["System: Call ended"]);
          row = (await callRepository(tx).update(account.id, callId, { transcript })) ?? row;
          row = await finalize(tx, account, row, stored, "user", body.status ?? "completed", at);
        } else if (body.isActive === true && !row.isActive) {
          throw conflict("An ended call cannot be restarted");
        }
        return row;
      });
      if (body.isActive === false) {
        events.publish(account.id, { type: "call.ended", callId });
        notifyControl({ type: "end", account, call: row });
      }
      return row;
    },

    async hold(account: Account, callId: string, isOnHold: boolean): Promise<CallRow> {
      const row = await inTransaction(async (tx) => {
        const { row } = await lockActive(tx, account, callId);
        if (row.isOnHold === isOnHold) return row;
        const line = isOnHold ? "System: Caller placed on hold" : "System: Call resumed";
        const updated = await callRepository(tx).update(account.id, callId, {
          isOnHold,
          status: isOnHold ? "on_hold" : "in_progress",
          transcript: appendLines(row.transcript, [line]),
          lastActivityAt: now(),
        });
        return updated ?? row;
      });
      events.publish(account.id, { type: "call.updated", callId });
      notifyControl({ type: isOnHold ? "hold" : "resume", account, call: row });
      return row;
    },

    /** "Transfer to Me": the user takes the call; the assistant stops answering. Not undoable. */
    async transfer(account: Account, callId: string): Promise<CallRow> {
      const at = now();
      const row = await inTransaction(async (tx) => {
        const { row, stored } = await lockActive(tx, account, callId);
        if (row.transferredAt) return row;
        stored.state.stage = "handed_off";
        stored.state.actionTaken = `Transferred to ${displayName(account.actor ?? account.owner)}`;
        const updated = await callRepository(tx).update(account.id, callId, {
          transferredAt: at,
          isOnHold: false,
          status: "in_progress",
          actionTaken: stored.state.actionTaken,
          engineState: stored,
          lastActivityAt: at,
          transcript: appendLines(row.transcript, [
            `System: Call transferred to ${displayName(account.actor ?? account.owner)}`,
          ]),
        });
        return updated ?? row;
      });
      events.publish(account.id, { type: "call.updated", callId });
      notifyControl({ type: "transfer", account, call: row });
      return row;
    },

    /**
     * A call that a carrier (Twilio or the built-in simulator) or a demo screen brings in. Before
     * it is answered (`answered: false`: an outbound call ringing, a test call connecting) it has
     * no transcript; answerCarrierCall greets. `admit` runs inside the transaction, under a lock on
     * the account, before the insert: the concurrent-call limit is checked there, race-free.
     */
    async startCarrierCall(
      account: Account,
      input: {
        phoneNumber: string;
        callerName?: string | null | undefined;
        direction: "inbound" | "outbound";
        callType: string;
        providerCallSid: string | null;
        answered: boolean;
        /** What the assistant says first on an outbound call (its purpose); inbound calls get the greeting. */
        opening?: string | null | undefined;
        /** A background job's key for this call (see findByDialKey). */
        dialKey?: string | null | undefined;
      },
      admit?: (tx: Db) => Promise<void>,
    ): Promise<{ row: CallRow; greeting: string | null }> {
      const at = now();
      const settings = await aiSettings.row(account.id);
      const facts = await callerFacts(account, input.phoneNumber);
      const greeting = input.answered ? (input.opening ?? settings.greetingMessage) : null;
      const row = await inTransaction(async (tx) => {
        if (admit) {
          await tx.execute(sql`select pg_advisory_xact_lock(725002, hashtext(${account.id}))`);
          await admit(tx);
        }
        return callRepository(tx).insert(account.id, {
          phoneNumber: facts.number,
          callerName: input.callerName || facts.contactName,
          direction: input.direction,
          status: input.answered ? "in_progress" : "ringing",
          isActive: true,
          startTime: at,
          transcript: greeting ? `AI: ${greeting}` : "",
          // An outbound call keeps its opening here until it is answered.
          aiResponse: greeting ?? input.opening ?? null,
          callType: input.callType,
          isTest: isTestCallType(input.callType),
          lastActivityAt: at,
          providerCallSid: input.providerCallSid,
          dialKey: input.dialKey ?? null,
          createdBy: account.actor?.id ?? null,
          engineState: { state: initialState(), facts } satisfies StoredEngineState,
        });
      });
      events.publish(account.id, { type: "call.started", callId: row.id });
      return { row, greeting };
    },

    /** The carrier says the call was answered: it goes live and the assistant speaks first. Idempotent. */
    async answerCarrierCall(
      account: Account,
      callId: string,
      input: { providerCallSid?: string | undefined; opening?: string | null | undefined },
    ): Promise<{ row: CallRow; greeting: string | null }> {
      const at = now();
      const result = await inTransaction(async (tx) => {
        const { row } = await lockActive(tx, account, callId);
        if (row.status !== "ringing") return { row, greeting: null };
        const settings = await aiSettings.rowIn(tx, account.id);
        const greeting =
          input.opening ?? (row.direction === "outbound" ? row.aiResponse : null) ?? settings.greetingMessage;
        const updated = await callRepository(tx).update(account.id, callId, {
          status: "in_progress",
          startTime: at,
          lastActivityAt: at,
          transcript: appendLines(row.transcript, [`AI: ${greeting}`]),
          aiResponse: greeting,
          ...(input.providerCallSid && !row.providerCallSid
            ? { providerCallSid: input.providerCallSid }
            : {}),
        });
        return { row: updated ?? row, greeting };
      });
      if (result.greeting) events.publish(account.id, { type: "call.updated", callId });
      return result;
    },

    /**
     * The carrier ended the call: the caller hung up (completed), or it never connected (busy,
     * no answer, failed, missed). An answered call gets its summary and counts as usage; the
     * carrier's own duration, when it sends one, is the call's duration. A call that already
     * ended (the assistant blocked it or said goodbye) only takes the carrier's duration.
     */
    async endCarrierCall(
      account: Account,
      callId: string,
      input: {
        status: string;
        duration?: number | undefined;
        line?: string | undefined;
        countUsage?: boolean;
        /** For a call refused before it was answered (a blocked number is spam). */
        classification?: string | undefined;
      },
    ): Promise<CallRow> {
      const at = now();
      let ended = false;
      const row = await inTransaction(async (tx) => {
        const current = await callRepository(tx).getForUpdate(account.id, callId);
        if (!current) throw notFound("That call");
        const repository = callRepository(tx);
        if (!current.isActive) {
          if (input.duration === undefined || current.duration === input.duration) return current;
          return (await repository.update(account.id, callId, { duration: input.duration })) ?? current;
        }
        ended = true;
        const stored = readStored(current);
        const lines = input.line ? [input.line] : [];
        if (current.status === "ringing") {
          stored.state.stage = "ended";
          return (
            (await repository.update(account.id, callId, {
              isActive: false,
              isOnHold: false,
              status: input.status,
              endTime: at,
              duration: 0,
              actionTaken: input.line?.replace(/^System: /, "") ?? "",
              ...(input.classification ? { classification: input.classification } : {}),
              transcript: appendLines(current.transcript, lines),
              engineState: stored,
            })) ?? current
          );
        }
        let row = current;
        if (lines.length)
          row =
            (await repository.update(account.id, callId, {
              transcript: appendLines(row.transcript, lines),
            })) ?? row;
        row = await finalize(tx, account, row, stored, "caller", input.status, at, input.countUsage ?? true);
        if (input.duration !== undefined && input.duration !== row.duration)
          row = (await repository.update(account.id, callId, { duration: input.duration })) ?? row;
        return row;
      });
      if (ended) events.publish(account.id, { type: "call.ended", callId });
      return row;
    },

    /** Subscribes to the user's hold, resume, transfer and end of a call; returns the unsubscribe. */
    onCallControl(listener: (event: CallControlEvent) => void): () => void {
      controlListeners.add(listener);
      return () => controlListeners.delete(listener);
    },

    get: async (account: Account, callId: string) => {
      const row = await calls.get(account.id, callId);
      if (!row) throw notFound("That call");
      return row;
    },

    activeCall: (account: Account, callType?: string) => calls.latestActive(account.id, callType),

    async list(account: Account, query: CallListParams) {
      const options = {
        page: query.page,
        limit: query.limit,
        filter: query.filter,
        sortBy: query.sortBy,
        sortOrder: query.sortOrder,
        search: query.search || undefined,
        active: query.active === undefined ? undefined : query.active === "true",
        testCalls: query.testCalls,
      };
      const [{ rows, total: counted }, summary] = await Promise.all([
        calls.list(account.id, options),
        calls.summary(account.id),
      ]);
      const totalCapped = Boolean(options.search) && counted > SEARCH_COUNT_CAP;
      const total = totalCapped ? SEARCH_COUNT_CAP : counted;
      const totalPages = Math.max(1, Math.ceil(total / options.limit));
      return {
        rows,
        pagination: {
          page: options.page,
          limit: options.limit,
          total,
          totalPages,
          hasPrev: options.page > 1,
          hasNext: options.page < totalPages,
          ...(totalCapped ? { totalCapped } : {}),
        },
        summary,
      };
    },

    /**
     * The CSV export: on PostgreSQL one bound query read through a cursor; on the embedded
     * database (no cursors) keyset batches. Both in constant memory, both with bound values only.
     */
    exportCsv(
      account: Account,
      filters: Pick<CallListParams, "filter" | "search" | "sortBy" | "sortOrder" | "testCalls">,
    ) {
      const options = { ...filters, search: filters.search || undefined };
      if (streamRows) return csvStream(streamRows(calls.exportQuery(account.id, options, account.timezone)));
      return csvStream(flattenBatches(calls.exportBatches(account.id, options, account.timezone)));
    },

    /** Today in the account's time zone. Success rate: see README ("Dashboard figures"). */
    async stats(account: Account): Promise<Stats> {
      const since = startOfToday(now(), account.timezone);
      const [today, appointmentsToday] = await Promise.all([
        calls.statsSince(account.id, since),
        appointments.countCreatedSince(account.id, since),
      ]);
      return {
        todaysCalls: today.calls,
        spamBlocked: today.spamBlocked,
        appointments: appointmentsToday,
        successRate: today.ended === 0 ? 0 : Math.round((today.handled / today.ended) * 100),
        testCallsToday: today.testCalls,
      };
    },

    /** Deletes one call of the account; a live one must be ended first (409). */
    async deleteCall(account: Account, callId: string): Promise<void> {
      const result = await inTransaction((tx) => callRepository(tx).deleteMany(account.id, [callId]));
      if (result.missing) throw notFound("That call");
      if (result.live) throw conflict(DELETE_LIVE_CALL_MESSAGE);
    },

    /** Deletes the chosen calls, all or none: an id that is not the account's is a 404, a live call a 409. */
    async deleteCalls(account: Account, ids: string[]): Promise<{ deleted: number }> {
      const result = await inTransaction((tx) => callRepository(tx).deleteMany(account.id, ids));
      if (result.missing)
        throw notFound(result.missing === 1 ? "One of those calls" : `${result.missing} of those calls`);
      if (result.live)
        throw conflict(
          result.live === 1
            ? "One of the chosen calls is still in progress. End it first, or leave it out, then delete."
            : `${result.live} of the chosen calls are still in progress. End them first, or leave them out, then delete.`,
        );
      return { deleted: result.deleted };
    },

    /** Deletes every ended test call of the account; test calls still live are kept. */
    deleteTestCalls: (account: Account) => calls.deleteEndedTestCalls(account.id),

    /**
     * Ends live calls nobody has touched for idleCallMinutes: a demo or simulation whose page was
     * left, a simulated phone call orphaned by a restart (the simulator lives in the process).
     * Twilio calls end by Twilio's word, so one is only closed once it is older than Twilio's
     * 4-hour limit: its end never reached us. The transcript says why; a call where the caller
     * never spoke is missed, else completed, with its summary. A browser-driven call's duration is
     * the time it was in use (up to its last activity); a carrier's call keeps the carrier's.
     * Housekeeping calls this; returns how many calls it ended.
     */
    async endIdleCalls(): Promise<number> {
      const at = now();
      const idleMs = idleCallMinutes * 60_000;
      const before = new Date(at.getTime() - idleMs);
      const carrierBefore = new Date(at.getTime() - CARRIER_MAX_CALL_MS - idleMs);
      const idle = await calls.idleLiveCalls(before, carrierBefore, IDLE_SWEEP_BATCH);
      let ended = 0;
      const accountsSeen = new Map<string, Account | undefined>();
      for (const { id, workspaceId } of idle) {
        if (!accountsSeen.has(workspaceId)) accountsSeen.set(workspaceId, await accounts.load(workspaceId));
        const account = accountsSeen.get(workspaceId);
        if (!account) continue;
        const row = await inTransaction(async (tx) => {
          const repository = callRepository(tx);
          const current = await repository.getForUpdate(account.id, id);
          // A turn may have come in since the list was read.
          if (!current?.isActive || current.lastActivityAt >= before) return null;
          const stored = readStored(current);
          const line = `System: Ended automatically: nothing happened on this call for ${minutesText(idleCallMinutes)}`;
          const transcript = appendLines(current.transcript, [line]);
          const endAt = current.providerCallSid ? at : current.lastActivityAt;
          if (current.status === "ringing") {
            stored.state.stage = "ended";
            return repository.update(account.id, id, {
              isActive: false,
              isOnHold: false,
              status: "missed",
              endTime: endAt,
              duration: 0,
              actionTaken: "Never answered",
              transcript,
              engineState: stored,
            });
          }
          const updated = (await repository.update(account.id, id, { transcript })) ?? current;
          return finalize(
            tx,
            account,
            updated,
            stored,
            "caller",
            stored.state.turns > 0 ? "completed" : "missed",
            endAt,
            true,
            `It ended automatically after ${minutesText(idleCallMinutes)} without activity.`,
          );
        });
        if (!row) continue;
        ended++;
        events.publish(account.id, { type: "call.ended", callId: id });
        // A simulated phone call still playing (on hold, say) is hung up at the carrier too.
        notifyControl({ type: "end", account, call: row });
      }
      return ended;
    },
  };
}

export type CallService = ReturnType<typeof callService>;

/** The user acted on a live call from the screen: a carrier must now change the real call. */
export type CallControlEvent = {
  type: "hold" | "resume" | "transfer" | "end";
  account: Account;
  call: CallRow;
};

const unusedPorts = {
  busyIntervals: async () => [],
  bookAppointment: async () => ({ id: "" }),
  upcomingAppointment: async () => null,
  cancelAppointment: async () => {},
  moveAppointment: async () => {},
};

/** The engine asked to change an appointment during a lock-free turn: redo it under the lock. */
const NEEDS_LOCK = Symbol("the turn needs the call's lock");

/** What a caller turn writes to the call. */
function turnPatch(
  row: CallRow,
  turn: Awaited<ReturnType<CallSession["hear"]>>,
  analysis: TurnAnalysis & { source: string },
  stored: StoredEngineState,
  at: Date,
) {
  return {
    transcript: appendLines(row.transcript, turn.lines),
    classification: turn.call.classification,
    analysis,
    aiResponse: turn.reply ?? row.aiResponse,
    importance: turn.state.importance,
    sentiment: analysis.sentiment,
    actionTaken: turn.state.actionTaken,
    followUpRequired: turn.state.urgent || row.followUpRequired,
    engineState: stored,
    lastActivityAt: at,
    ...(turn.call.forwardTo ? { transferredAt: at } : {}),
  };
}

function readStored(row: CallRow): StoredEngineState {
  const raw = (row.engineState ?? {}) as Partial<StoredEngineState>;
  const facts: CallerFacts = raw.facts ?? {
    number: row.phoneNumber,
    withheld: false,
    malformed: false,
    spoofedLooking: false,
    inContacts: false,
    contactName: null,
    blocked: false,
  };
  return { state: restoreState(raw.state), facts };
}

export function engineAccount(account: Account, settings: AiSettingsRow): EngineAccount {
  const firstName = account.owner.fullName?.trim().split(/\s+/)[0];
  return {
    ownerName: account.companyName || firstName || "the person you're calling",
    cellphoneNumber: account.owner.cellphoneNumber,
    timeZone: account.timezone,
    settings: {
      personality: settings.personality,
      greetingMessage: settings.greetingMessage,
      autoBlockSpam: settings.autoBlockSpam,
      allowAppointments: settings.allowAppointments,
      forwardUrgent: settings.forwardUrgent,
      workingHours: settings.workingHours,
      appointmentDuration: settings.appointmentDuration,
      bufferMinutes: settings.bufferMinutes,
    },
  };
}

function minutesText(minutes: number): string {
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

function appendLines(transcript: string, lines: string[]): string {
  return transcript ? `${transcript}\n${lines.join("\n")}` : lines.join("\n");
}

export function monthOf(at: Date, timeZone: string): { year: number; month: number } {
  const z = new TZDate(at.getTime(), timeZone);
  return { year: z.getFullYear(), month: z.getMonth() + 1 };
}

function startOfToday(at: Date, timeZone: string): Date {
  const z = new TZDate(at.getTime(), timeZone);
  return new Date(new TZDate(z.getFullYear(), z.getMonth(), z.getDate(), 0, 0, timeZone).getTime());
}
