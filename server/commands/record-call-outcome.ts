import { CALL_DISPOSITION_LABELS, type CallDisposition } from "../../common/calls";
import type { Db } from "../db/client";
import type { Account } from "../domain/account";
import type { TurnResult } from "../engine";
import type { CallRow } from "../features/calls/repository";
import type { ContactCallOutcomes, OutcomeCall } from "../features/contacts/call-outcomes";

/**
 * What a call's outcome changes outside the calls area, inside the call's own transaction: the
 * contacts area's do-not-call list, contact status, call back and phone log, and (when a
 * campaign placed the call) the lead's disposition. Built in the composition root and handed to
 * the calls area as its `outcomes` port.
 */
export type LeadOutcomes = {
  /** The campaign lead an AI-staffed campaign's call was dialled for takes the call's outcome. */
  callOutcomeIn(
    tx: Db,
    workspaceId: string,
    callId: string,
    outcome: { disposition: CallDisposition; callbackAt: Date | null },
  ): Promise<void>;
};

function outcomeCall(call: CallRow): OutcomeCall {
  return {
    id: call.id,
    phoneNumber: call.phoneNumber,
    direction: call.direction,
    contactId: call.contactId,
    duration: call.duration,
    startTime: call.startTime,
    at: call.lastActivityAt,
  };
}

export function callOutcomeRecorder(deps: {
  contacts: ContactCallOutcomes;
  leads?: LeadOutcomes | undefined;
}) {
  return {
    async turnIn(tx: Db, account: Account, call: CallRow, turn: TurnResult): Promise<void> {
      const doNotCall = turn.effects.some((effect) => effect.kind === "do_not_call");
      const callback = turn.effects.find((effect) => effect.kind === "callback");
      const callbackAt = callback ? new Date(callback.at) : null;
      const disposition = turn.call.disposition;
      await deps.contacts.turnIn(tx, account.id, outcomeCall(call), { disposition, doNotCall, callbackAt });
      if (disposition) await deps.leads?.callOutcomeIn(tx, account.id, call.id, { disposition, callbackAt });
    },

    async endedIn(tx: Db, account: Account, call: CallRow): Promise<void> {
      const disposition = call.disposition as CallDisposition | null;
      const outcome = disposition ? (CALL_DISPOSITION_LABELS[disposition] ?? null) : null;
      await deps.contacts.endedIn(tx, account.id, outcomeCall(call), outcome);
    },

    /** The carrier reported the length of a call that had already ended: its phone log takes it. */
    async measuredIn(tx: Db, account: Account, call: CallRow): Promise<void> {
      await deps.contacts.measuredIn(tx, account.id, call);
    },
  };
}
