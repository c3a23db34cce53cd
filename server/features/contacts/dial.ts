import { type ContactDialResponse, INVALID_PHONE, NO_PHONE_NUMBER } from "../../../common/contacts";
import type { Account } from "../../domain/account";
import { Invalid } from "../../domain/errors";
import type { ContactService } from "./service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How an outbound call is placed (the telephony service's placeOutbound, which gates it). */
export type OutboundCalls = {
  placeOutbound(
    account: Account,
    input: {
      phoneNumber: string;
      purpose?: string | undefined;
      /** The AI agent that makes the call, and a script it follows instead of the outbound one. */
      agentId?: string | null | undefined;
      scriptId?: string | null | undefined;
      /** The contact called: its name is said, the call's outcome lands on it. */
      contact?: { id: string; name: string | null } | undefined;
      /** The contact's own flag and time zone, checked by the dial gate with the number's. */
      callee: { contactDoNotCall: boolean; timeZones: string[]; aiVoiceConsent?: boolean };
    },
  ): Promise<{ callId: string }>;
};

/**
 * POST /api/contacts/:id/dial: an outbound call to a contact through the telephony
 * provider. Built after telephony in the composition root (telephony needs calls, which need
 * contacts' names), so it is a service of its own over the contact service.
 */
export function contactDialer(deps: {
  contacts: Pick<ContactService, "get" | "recordDial">;
  telephony: OutboundCalls;
}) {
  return {
    async dial(
      account: Account,
      contactId: string,
      request: { agentId: string; purpose: string; scriptId?: string | undefined },
    ): Promise<ContactDialResponse> {
      const contact = await deps.contacts.get(account, contactId);
      if (!contact.phoneNumber) throw new Invalid(NO_PHONE_NUMBER);
      const e164 = contact.phoneE164;
      if (!e164) throw new Invalid(`${INVALID_PHONE}: ${contact.phoneNumber} cannot be dialled`);
      // The dial gate (do-not-call, calling hours in the number's and the contact's zones,
      // AI-voice consent: the assistant makes this call) is telephony's, at the moment of dialling.
      const placed = await deps.telephony.placeOutbound(account, {
        phoneNumber: e164,
        purpose: request.purpose,
        // The agent the screen chose (its id; the spec's default "1" names none: the assistant).
        agentId: UUID.test(request.agentId) ? request.agentId : null,
        scriptId: request.scriptId ?? null,
        contact: { id: contact.id, name: contact.name },
        callee: {
          contactDoNotCall: contact.doNotCall,
          timeZones: contact.timezone ? [contact.timezone] : [],
          ...(contact.aiVoiceConsentAt ? { aiVoiceConsent: true } : {}),
        },
      });
      await deps.contacts.recordDial(account, contact.id, {
        callId: placed.callId,
        phoneNumber: e164,
        notes: `Purpose: ${request.purpose}`,
      });
      return {
        message: `Calling ${contact.name} at ${contact.phoneNumber}`,
        callId: placed.callId,
      };
    },
  };
}

export type ContactDialer = ReturnType<typeof contactDialer>;
