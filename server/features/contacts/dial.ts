import {
  type ContactDialResponse,
  INVALID_PHONE,
  NO_PHONE_NUMBER,
  ON_DO_NOT_CALL,
} from "../../../common/contacts";
import type { Account } from "../../http/account";
import { badRequest, conflict } from "../../http/errors";
import type { DoNotCallService } from "./do-not-call";
import type { ContactService } from "./service";

/** How an outbound call is placed (the telephony service's placeOutbound). */
export type OutboundCalls = {
  placeOutbound(
    account: Account,
    input: { phoneNumber: string; purpose?: string | undefined },
  ): Promise<{ callId: string }>;
};

/**
 * POST /api/contacts/:id/dial (spec 3 §7): an outbound call to a contact through the telephony
 * provider. Built after telephony in the composition root (telephony needs calls, which need
 * contacts' names), so it is a service of its own over the contact service.
 */
export function contactDialer(deps: {
  contacts: Pick<ContactService, "get" | "recordDial">;
  doNotCall: Pick<DoNotCallService, "isDoNotCall">;
  telephony: OutboundCalls;
}) {
  return {
    async dial(
      account: Account,
      contactId: string,
      request: { agentId: string; purpose: string },
    ): Promise<ContactDialResponse> {
      const contact = await deps.contacts.get(account, contactId);
      if (!contact.phoneNumber) throw badRequest(NO_PHONE_NUMBER);
      const e164 = contact.phoneE164;
      if (!e164) throw badRequest(`${INVALID_PHONE}: ${contact.phoneNumber} cannot be dialled`);
      // Checked now, at the moment of dialling: a number listed a second ago is not called.
      if (contact.doNotCall || (await deps.doNotCall.isDoNotCall(account.id, e164)))
        throw conflict(ON_DO_NOT_CALL);
      const placed = await deps.telephony.placeOutbound(account, {
        phoneNumber: e164,
        purpose: request.purpose,
      });
      await deps.contacts.recordDial(account, contact.id, {
        callId: placed.callId,
        phoneNumber: e164,
        notes: `Purpose: ${request.purpose}; agent ${request.agentId}`,
      });
      return {
        message: `Calling ${contact.name} at ${contact.phoneNumber}`,
        callId: placed.callId,
      };
    },
  };
}

export type ContactDialer = ReturnType<typeof contactDialer>;
