import type { EndedAttemptState } from "../../../../common/dialer";
import type { Db } from "../../../db/client";
import type { Account, AccountLoader } from "../../../domain/account";
import type { EventBus } from "../../../events/bus";
import type { PlaceCallInput } from "../../../providers/telephony/types";
import type { OutboundCallee } from "../../telephony/outbound-gate";
import { type AnswerModel, DEFAULT_ANSWER_MODEL, type Random } from "../answer-outcomes";
import type { HandleTimes } from "../pacing";
import { type RuntimeRepository, runtimeRepository } from "./attempts-repository";

/**
 * An attempt's change as the dialer area's port takes it (dial-port.ts `markAttempt`): an ended
 * attempt frees its agent and moves its lead on (retry after the minimum gap, exhausted at
 * maxAttempts, ...), once.
 */
export type AttemptChange =
  | { state: "answered"; byPerson: boolean }
  | { state: Exclude<EndedAttemptState, "completed">; reason?: string | null }
  | { state: "completed" };

/** What the runtime needs of the other areas and of the dialer's own service. */
export type DialerRuntimeDeps = {
  db: Db;
  /** The dialer area's port for the runtime (dial-port.ts): attempts' changes, campaigns ending. */
  attempts: {
    markAttempt(attemptId: string, change: AttemptChange): Promise<unknown>;
    completeIfDone(campaignId: string): Promise<boolean>;
  };
  accounts: AccountLoader;
  telephony: {
    placeOutbound(
      account: Account,
      input: {
        phoneNumber: string;
        /** The lead's name: the opening greets them by it. */
        calleeName: string | null;
        dialKey: string;
        carrier: Pick<PlaceCallInput, "machineDetection" | "ringTimeoutSeconds" | "simulated">;
        /** What the runtime knows of the callee, for telephony's dial gate. */
        callee: OutboundCallee;
      },
    ): Promise<{ callId: string }>;
    /**
     * Hangs up the call placed under this dial key if it still rings (a call already answered is
     * left alone); true when the carrier took the request.
     */
    cancelRinging(account: Account, dialKey: string): Promise<boolean>;
  };
  /** The call telephony placed under a dial key, if any (the calls area's record). */
  calls: {
    findByDialKey(
      account: Account,
      dialKey: string,
    ): Promise<{ isActive: boolean; status: string } | undefined>;
    /** Gives a call still ringing to an AI agent: it takes the call, and says its opening. */
    assignAgent(account: Account, callId: string, agentId: string): Promise<void>;
  };
  /** The workspace's do-not-call list and contacts' flags (the contacts area's). */
  doNotCall: {
    isDoNotCall(workspaceId: string, e164: string): Promise<boolean>;
    /** Which of the numbers are listed (or a do-not-call contact's): one query for a batch. */
    listedAmong(workspaceId: string, e164s: string[]): Promise<Set<string>>;
  };
  events: Pick<EventBus, "publish">;
  /** What the line plays while a person talks with a rep from the console. */
  holdMusicUrl: string;
  /** A rep's own phone (as they typed it), where a Twilio line rings them; null: the console only. */
  repPhone?: ((account: Account, userId: string) => Promise<string | null>) | undefined;
  /**
   * The browser softphone: a rep on it takes a Twilio line through a conference of the call's
   * own. Answers the line's TwiML, or null when the rep is not on the softphone.
   */
  softphone?:
    | {
        joinRep(
          account: Account,
          input: { attemptId: string; repUserId: string; customerCallSid: string | null },
        ): Promise<string | null>;
      }
    | undefined;
  /** A rep took a simulated line: the console's conversation with the simulated callee starts. */
  repConnected?: ((account: Account, callId: string) => void) | undefined;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** The clock for leads, attempts and the calling window (tests move it). */
  now?: (() => Date) | undefined;
  /** How the simulated carrier answers the dialer's calls (rates, timings); Twilio ignores it. */
  answerModel?: AnswerModel | undefined;
  random?: Random | undefined;
  /** A person connected to a rep on the simulator talks this long, in seconds (uniform). */
  talkSeconds?: readonly [number, number] | undefined;
  /** How long an answered call may wait for a free agent before the safe-harbor message (2 s). */
  safeHarborMs?: number | undefined;
  /**
   * True on the embedded database, which one process alone may open: what it holds live from
   * before this runtime started was left by a process that has died, and recovery takes it up
   * at once instead of after the grace it gives a live server (recovery.ts).
   */
  singleProcess?: boolean | undefined;
  /** Most campaigns one tick looks at (least recently ticked first). */
  campaignsPerTick?: number | undefined;
  /** Calls placed at once by one tick. */
  dialConcurrency?: number | undefined;
  /** The zone to assume for a lead whose zone nothing tells (telephony's setting); null: not dialled. */
  unknownZoneAssumed?: string | null | undefined;
};

export function runtimeContext(deps: DialerRuntimeDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    ...deps,
    repo: runtimeRepository(deps.db),
    now,
    /** Live attempts from before this moment were left by a dead process (singleProcess only). */
    orphanedBefore: deps.singleProcess ? now() : null,
    answerModel: deps.answerModel ?? DEFAULT_ANSWER_MODEL,
    random: deps.random ?? Math.random,
    talkSeconds: deps.talkSeconds ?? ([60, 180] as const),
    campaignsPerTick: deps.campaignsPerTick ?? 500,
    dialConcurrency: deps.dialConcurrency ?? 8,
    unknownZoneAssumed: deps.unknownZoneAssumed ?? null,
    /** Campaigns' handle times as this process last read them (tick.ts reads each every few seconds). */
    handleTimes: new Map<string, { staleAt: number; value: HandleTimes }>(),
  };
}

export type RuntimeContext = ReturnType<typeof runtimeContext> & { repo: RuntimeRepository };
