import type { CallDisposition } from "../../../common/calls";
import type { ContactStatus } from "../../../common/contacts";
import type { Db } from "../../db/client";
import { callOutcomesRepository } from "./call-outcomes-repository";
import { doNotCallRepository } from "./do-not-call-repository";

/**
 * What a call's outcome changes on the contacts side, inside the call's own transaction (so a
 * turn that hears "take me off your list" has listed the number when its reply is said, and a
 * crash never leaves one done without the other):
 * - a stop request puts the number on the workspace's do-not-call list, with the call;
 * - the contact (the call's own, else the one with the number) takes the status the outcome
 *   means, never going back from converted, and a call back's time;
 * - when the call ends, its phone log gets the call's real duration and outcome (a call with a
 *   contact that had no log gets one); a duration the carrier measures after the assistant
 *   hung up (Twilio's completed status comes last) replaces it.
 */

/** The contact status each disposition means (a booking qualifies a lead; a no is a no). */
const STATUS_OF: Record<CallDisposition, ContactStatus> = {
  interested: "interested",
  qualified: "qualified",
  booked: "qualified",
  not_interested: "not_interested",
  do_not_call: "not_interested",
  call_back: "contacted",
  wrong_number: "contacted",
  voicemail: "contacted",
  transferred: "contacted",
};

export type OutcomeCall = {
  id: string;
  /** E.164, as calls store it. */
  phoneNumber: string;
  direction: string;
  contactId: string | null;
  duration: number;
  startTime: Date;
  /** When the outcome was heard: the turn's moment (the call's last activity). */
  at: Date;
};

export type TurnOutcome = {
  disposition: CallDisposition | null;
  doNotCall: boolean;
  /** The time the person asked to be called back. */
  callbackAt: Date | null;
};

export function contactCallOutcomes() {
  return {
    /** A turn's outcome, inside its transaction. */
    async turnIn(tx: Db, workspaceId: string, call: OutcomeCall, outcome: TurnOutcome): Promise<void> {
      if (outcome.doNotCall)
        await doNotCallRepository(tx).add(
          workspaceId,
          [{ phoneE164: call.phoneNumber, phoneNumber: call.phoneNumber }],
          "call",
          null,
          { callId: call.id, at: call.at },
        );
      if (!outcome.disposition && !outcome.callbackAt && !outcome.doNotCall) return;
      const repo = callOutcomesRepository(tx);
      const contactId = await repo.contactFor(workspaceId, call.contactId, call.phoneNumber);
      if (!contactId) return;
      await repo.applyOutcome(workspaceId, contactId, {
        status: outcome.disposition ? STATUS_OF[outcome.disposition] : null,
        doNotCall: outcome.doNotCall,
        callbackAt: outcome.callbackAt,
        attemptAt: call.startTime,
      });
    },

    /** The carrier measured an ended call's length: its phone log (if it has one) takes it. */
    async measuredIn(tx: Db, workspaceId: string, call: Pick<OutcomeCall, "id" | "duration">): Promise<void> {
      await callOutcomesRepository(tx).setLogDuration(workspaceId, call.id, call.duration);
    },

    /** The call ended: its phone log holds the real duration and what the call came to. */
    async endedIn(tx: Db, workspaceId: string, call: OutcomeCall, outcome: string | null): Promise<void> {
      const repo = callOutcomesRepository(tx);
      if (await repo.completeLog(workspaceId, call.id, { duration: call.duration, outcome })) return;
      const contactId = await repo.contactFor(workspaceId, call.contactId, call.phoneNumber);
      if (!contactId) return;
      await repo.addLog(workspaceId, contactId, {
        id: call.id,
        phoneNumber: call.phoneNumber,
        direction: call.direction,
        duration: call.duration,
        at: call.startTime,
        outcome,
      });
    },
  };
}

export type ContactCallOutcomes = ReturnType<typeof contactCallOutcomes>;
