import type { Database, Db } from "../../db/client";
import type { Account, AccountLoader } from "../../domain/account";
import { Conflict, notFound } from "../../domain/errors";
import type { CallerFacts, ConversationModel, EngineAccount, TurnAnalysis, TurnResult } from "../../engine";
import type { EventBus } from "../../events/bus";
import type { CallAssistant } from "../agents/call-assistant";
import type { AiSettingsService } from "../ai-settings/service";
import type { AppointmentService } from "../appointments/service";
import type { ContactService } from "../contacts/service";
import type { UsageCountersService } from "../usage/counters";
import { readStored, type StoredEngineState } from "./engine-state";
import { type CallRepository, type CallRow, callRepository } from "./repository";

export type Understand = ((
  text: string,
  facts: CallerFacts,
  /** The business's script and the call's agent, for a language model (the local AI ignores it). */
  business?: string[],
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
  /** A known contact's name for a number, and numbers read in the workspace's default country. */
  contacts: Pick<ContactService, "nameForNumber" | "normalize" | "get">;
  /**
   * AI Studio. `answerTurn`: an active AI flow whose keyword the caller said
   * answers instead of the engine (cached; most turns ask the database nothing more).
   * `callEnded`: inside an ending call's transaction, queues the workspace's automation rules.
   */
  studio?: {
    answerTurn(db: Db, account: Account, turn: TurnResult, input: StudioTurnInput): Promise<TurnResult>;
    callEnded(tx: Db, account: Account, call: CallRow): Promise<void>;
  };
  /**
   * The default script and the agents (agents/call-assistant.ts): the opening
   * and voice, the engine's manner, routing each turn to an agent, transfers by the script's
   * rules, the reply composer; the agent's turns and the call's end are recorded for analytics.
   */
  assistant?: Pick<CallAssistant, "view" | "script" | "recordTurn" | "callEnded">;
  /**
   * What a call's outcome changes outside the calls area (server/commands/record-call-outcome.ts):
   * a turn's effects and disposition (the do-not-call list, the contact's status and call back, a
   * campaign lead's disposition) and, when the call ends, its contact's phone log. Both run inside
   * the call's transaction.
   */
  outcomes?: {
    turnIn(tx: Db, account: Account, call: CallRow, turn: TurnResult): Promise<void>;
    endedIn(tx: Db, account: Account, call: CallRow): Promise<void>;
    /** The carrier measured the length of a call that had already ended (the assistant hung up). */
    measuredIn(tx: Db, account: Account, call: CallRow): Promise<void>;
  };
  /**
   * A configured language model answering turns through the engine's tools
   * (providers/llm); absent: the local engine answers every turn.
   */
  conversationModel?: ConversationModel | null | undefined;
  /** Where a failed recording of an agent's turn or end is reported (it never fails the call). */
  log?: { warn(details: object, message: string): void };
};

/** What AI Studio's flows read of a caller's turn. */
export type StudioTurnInput = {
  text: string;
  callerName: string | null;
  phoneNumber: string;
  inContacts: boolean;
  engine: EngineAccount;
  at: Date;
  /** Where the conversation was before this turn (a caller mid-booking is left to the engine). */
  stageBefore: string;
};

/** The user acted on a live call from the screen: a carrier must now change the real call. */
export type CallControlEvent = {
  type: "hold" | "resume" | "transfer" | "end";
  account: Account;
  call: CallRow;
};

/**
 * What every part of the calls area works with: its dependencies, the clock, the repository on
 * the app's connection, and who hears about the user's hold, transfer and end (the carrier layer
 * updates live phone calls). Built once per service in service.ts.
 */
export type CallsContext = Omit<CallServiceDeps, "now" | "idleCallMinutes"> & {
  now: () => Date;
  idleCallMinutes: number;
  calls: CallRepository;
  /**
   * Each call's agent records still being written, in order (a turn's record lands before the
   * end's): kept in this process, which answers the call's turns and, almost always, its end.
   */
  agentRecords: Map<string, Promise<void>>;
  /** Runs work in one transaction; repositories are built on its `tx`. */
  inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  control: {
    notify(event: CallControlEvent): void;
    subscribe(listener: (event: CallControlEvent) => void): () => void;
  };
};

export function callsContext(deps: CallServiceDeps): CallsContext {
  const { db } = deps;
  const listeners = new Set<(event: CallControlEvent) => void>();
  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    idleCallMinutes: deps.idleCallMinutes ?? 10,
    calls: callRepository(db),
    agentRecords: new Map(),
    inTransaction: (work) => db.transaction(work),
    control: {
      notify(event) {
        for (const listener of listeners) listener(event);
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}

/** A live call of the account, locked until the transaction ends; 404 for another's, 409 once ended. */
export async function lockActive(
  tx: Db,
  account: Account,
  id: string,
): Promise<{ row: CallRow; stored: StoredEngineState }> {
  const row = await callRepository(tx).getForUpdate(account.id, id);
  if (!row) throw notFound("That call");
  if (!row.isActive) throw new Conflict("This call has already ended");
  return { row, stored: readStored(row) };
}
