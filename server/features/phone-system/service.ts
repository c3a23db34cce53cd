import type { z } from "zod";
import { INVALID_PHONE, NO_PHONE_NUMBER } from "../../../common/contacts";
import {
  type AddNumberRequest,
  AGENT_NOT_FOUND,
  type BusinessCallResponse,
  type BusinessNumberDetail,
  DEFAULT_GREETING,
  EXTENSION_NOT_FOUND,
  EXTENSION_TAKEN,
  type ExtensionRequest,
  type HoursRequest,
  NO_BUSINESS_NUMBER,
  NO_CELLPHONE,
  NO_NUMBERS_TO_ROUTE,
  NOT_YOUR_NUMBER,
  NUMBER_NOT_FOUND,
  NUMBER_TAKEN,
  TWILIO_NEEDS_PUBLIC_URL,
  type UpdateNumberRequest,
} from "../../../common/phone-system";
import type { Db } from "../../db/client";
import type { Account, AccountLoader } from "../../domain/account";
import { Conflict, Invalid, NotFound } from "../../domain/errors";
import type { AgentService } from "../agents/service";
import type { ContactService } from "../contacts/service";
import { toE164OrNull } from "../telephony/phone-numbers";
import type { TelephonyService } from "../telephony/service";
import { lineCalls } from "./line-calls";
import { presentDetail, presentExtension } from "./presenter";
import {
  type BusinessNumberRow,
  businessCallsRepository,
  type ExtensionRow,
  type HoursRow,
  isUniqueViolation,
  type NewExtension,
  phoneSystemRepository,
} from "./repository";
import { PHONE_SYSTEM_PATHS, type RoutingModel, routingTwiml } from "./routing-twiml";
import type { VoicemailBox } from "./voicemail";

export type PhoneSystemDeps = {
  db: Db;
  /**
   * The account's carrier numbers (its Twilio number and its simulator number), and what the
   * phone system asks of telephony for them: proofs, routing hooks, legs and recordings.
   */
  telephony: Pick<
    TelephonyService,
    | "state"
    | "proveLineWebhook"
    | "once"
    | "knowsCall"
    | "status"
    | "applyLineHooks"
    | "releaseLine"
    | "placeLineCall"
    | "checkDial"
    | "lineRecording"
  >;
  /** The workspace's contacts: click-to-call's callee, the analytics' conversions. */
  contacts: Pick<ContactService, "get" | "recordDial" | "convertedNumbers">;
  accounts: AccountLoader;
  /** The voicemail box (voicemail.ts), built with the jobs queue in the composition root. */
  voicemails: VoicemailBox;
  /** An AI agent of the account's, or a 404. */
  agents: Pick<AgentService, "getAgent">;
  /** The app's public address: where the carrier reaches the number's voice webhook. */
  publicUrl: string;
  /** Whether PUBLIC_URL is set: Twilio can reach this app only then (the simulator always can). */
  reachableFromOutside: boolean;
  now?: () => Date;
};

/** "Business hours shown: 9 AM - 5 PM" on weekdays; a new number starts with them. */
const DEFAULT_HOURS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: "09:00", close: "17:00" }));

const numberNotFound = () => new NotFound(NUMBER_NOT_FOUND);
const extensionNotFound = () => new NotFound(EXTENSION_NOT_FOUND);

export function routingModel(
  row: BusinessNumberRow,
  extensions: ExtensionRow[],
  hours: HoursRow[],
  timeZone: string,
): RoutingModel {
  return {
    numberId: row.id,
    greeting: row.greeting,
    timeZone,
    hours: hours.map((h) => ({ weekday: h.weekday, open: h.opensAt, close: h.closesAt })),
    afterHours: {
      action: row.afterHoursAction === "forward" ? "forward" : "voicemail",
      forwardTo: row.afterHoursForwardTo,
    },
    extensions: extensions.map((e) => ({
      digits: e.digits,
      name: e.name,
      target: e.target === "phone" ? "phone" : e.target === "agent" ? "agent" : "voicemail",
      forwardTo: e.forwardTo,
      agentId: e.agentId,
    })),
  };
}

/**
 * The business phone system: the workspace's business numbers (its own
 * carrier numbers), their extensions, hours and after-hours action, and the routing applied.
 */
export function phoneSystemService(deps: PhoneSystemDeps) {
  const repo = phoneSystemRepository(deps.db);
  const callsRepo = businessCallsRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  const base = deps.publicUrl.replace(/\/$/, "");

  async function currentRouting(account: Account, row: BusinessNumberRow): Promise<RoutingModel> {
    const [extensions, hours] = await Promise.all([repo.extensions(account.id, row.id), repo.hours(row.id)]);
    return routingModel(row, extensions, hours, account.timezone);
  }

  const webhooks = lineCalls({
    calls: callsRepo,
    telephony: deps.telephony,
    accounts: deps.accounts,
    voicemails: deps.voicemails,
    routing: currentRouting,
    contactName: async (account, contactId) => {
      try {
        return (await deps.contacts.get(account, contactId)).name;
      } catch {
        return "the contact";
      }
    },
    convertedNumbers: (workspaceId, e164s) => deps.contacts.convertedNumbers(workspaceId, e164s),
    now,
  });

  async function owned(account: Account, id: string): Promise<BusinessNumberRow> {
    const row = await repo.number(account.id, id);
    if (!row) throw numberNotFound();
    return row;
  }

  async function detail(account: Account, row: BusinessNumberRow): Promise<BusinessNumberDetail> {
    const [extensions, hours] = await Promise.all([repo.extensions(account.id, row.id), repo.hours(row.id)]);
    return presentDetail(row, extensions, hours, account.timezone);
  }

  async function extensionValues(account: Account, input: ExtensionRequest): Promise<NewExtension> {
    if (input.target === "agent") {
      try {
        await deps.agents.getAgent(account, input.agentId);
      } catch (error) {
        if (error instanceof NotFound) throw new NotFound(AGENT_NOT_FOUND);
        throw error;
      }
    }
    return {
      digits: input.digits,
      name: input.name,
      target: input.target,
      forwardTo: input.target === "phone" ? input.forwardTo : null,
      agentId: input.target === "agent" ? input.agentId : null,
    };
  }

  return {
    numbers: (account: Account) => repo.numbers(account.id),

    async get(account: Account, id: string) {
      return detail(account, await owned(account, id));
    },

    /** Adds one of the workspace's carrier numbers (its Twilio number or simulator number). */
    async add(account: Account, input: z.output<typeof AddNumberRequest>) {
      const state = await deps.telephony.state(account);
      const provider =
        input.number === state.simulatorNumber
          ? "simulator"
          : state.twilio?.phoneNumber && input.number === state.twilio.phoneNumber
            ? "twilio"
            : null;
      if (!provider) throw new Invalid(NOT_YOUR_NUMBER);
      const row = await repo.addNumber(account.id, {
        number: input.number,
        provider,
        type: input.type,
        location: input.location,
        greeting: input.greeting ?? DEFAULT_GREETING,
      });
      if (!row) throw new Conflict(NUMBER_TAKEN);
      await repo.replaceHours(row.id, DEFAULT_HOURS);
      return detail(account, row);
    },

    async update(account: Account, id: string, input: z.output<typeof UpdateNumberRequest>) {
      const current = await owned(account, id);
      const action = input.afterHoursAction ?? current.afterHoursAction;
      const forwardTo =
        input.afterHoursForwardTo !== undefined ? input.afterHoursForwardTo : current.afterHoursForwardTo;
      if (action === "forward" && !forwardTo)
        throw new Invalid("Forwarding after hours needs a number to forward to (afterHoursForwardTo)");
      const row = await repo.updateNumber(account.id, id, {
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
        ...(input.greeting !== undefined ? { greeting: input.greeting } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        afterHoursAction: action,
        afterHoursForwardTo: forwardTo,
      });
      if (!row) throw numberNotFound();
      return detail(account, row);
    },

    async remove(account: Account, id: string): Promise<void> {
      const row = await owned(account, id);
      if (!(await repo.removeNumber(account.id, id))) throw numberNotFound();
      // Its calls go back to the assistant (a Twilio number keeps its webhook until routed again).
      await deps.telephony.releaseLine(account, row);
    },

    async addExtension(account: Account, numberId: string, input: ExtensionRequest) {
      await owned(account, numberId);
      const values = await extensionValues(account, input);
      try {
        return presentExtension(await repo.addExtension(account.id, numberId, values));
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(EXTENSION_TAKEN);
        throw error;
      }
    },

    async updateExtension(account: Account, numberId: string, id: string, input: ExtensionRequest) {
      await owned(account, numberId);
      const values = await extensionValues(account, input);
      try {
        const row = await repo.updateExtension(account.id, numberId, id, values);
        if (!row) throw extensionNotFound();
        return presentExtension(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(EXTENSION_TAKEN);
        throw error;
      }
    },

    async removeExtension(account: Account, numberId: string, id: string): Promise<void> {
      await owned(account, numberId);
      if (!(await repo.removeExtension(account.id, numberId, id))) throw extensionNotFound();
    },

    async setHours(account: Account, numberId: string, input: HoursRequest) {
      const row = await owned(account, numberId);
      await repo.replaceHours(row.id, input.hours);
      return detail(account, row);
    },

    /**
     * Applies each active number's routing: the number's voice webhook and status callback
     * become our routing's (Twilio: the IncomingPhoneNumber's VoiceUrl and StatusCallback;
     * the simulator: kept on its number, which it reads when it rings). Answers the TwiML a
     * call hears now.
     */
    async setupRouting(account: Account) {
      const numbers = (await repo.numbers(account.id)).filter((n) => n.isActive);
      if (numbers.length === 0) throw new Invalid(NO_NUMBERS_TO_ROUTE);
      if (!deps.reachableFromOutside && numbers.some((n) => n.provider === "twilio"))
        throw new Conflict(TWILIO_NEEDS_PUBLIC_URL);
      const at = now();
      const applied = [];
      for (const row of numbers) {
        const voiceUrl = `${base}${PHONE_SYSTEM_PATHS.voice(row.id)}`;
        const how = await deps.telephony.applyLineHooks(account, row, {
          voiceUrl,
          statusCallback: `${base}${PHONE_SYSTEM_PATHS.status(row.id)}`,
        });
        await repo.updateNumber(account.id, row.id, { routingVoiceUrl: voiceUrl, routingAppliedAt: at });
        applied.push({
          numberId: row.id,
          number: row.number,
          provider: row.provider === "twilio" ? ("twilio" as const) : ("simulator" as const),
          voiceUrl,
          applied: how,
          twiml: routingTwiml(await currentRouting(account, row), at),
        });
      }
      return applied;
    },

    /**
     * POST /api/grasshopper/call: click-to-call. The user's own phone rings first; when they
     * answer, the contact is dialled with the business number as caller ID. The dial gate
     * (do-not-call, the contact's calling hours) is asked before anything is recorded, and again
     * by telephony as the leg is placed. The user talks to the contact: no AI voice.
     */
    async call(
      account: Account,
      input: { contactId: string; numberId?: string | undefined },
    ): Promise<BusinessCallResponse> {
      const contact = await deps.contacts.get(account, input.contactId);
      if (!contact.phoneNumber) throw new Invalid(NO_PHONE_NUMBER);
      const to = contact.phoneE164;
      if (!to) throw new Invalid(`${INVALID_PHONE}: ${contact.phoneNumber} cannot be dialled`);
      const callee = { e164: to, contactDoNotCall: contact.doNotCall, timeZones: [contact.timezone] };
      await deps.telephony.checkDial(account, to, { aiVoice: false, ...callee });
      const active = (await repo.numbers(account.id)).filter((n) => n.isActive);
      const line = input.numberId
        ? active.find((n) => n.id === input.numberId)
        : (active.find((n) => n.type === "main") ?? active[0]);
      if (input.numberId && !line) throw numberNotFound();
      if (!line) throw new Invalid(NO_BUSINESS_NUMBER);
      // The person clicking is rung (their own phone); a carrier's job acts as the owner.
      const userPhone = toE164OrNull(account.actor?.cellphoneNumber ?? account.owner.cellphoneNumber ?? "");
      if (!userPhone) throw new Invalid(NO_CELLPHONE);
      const call = await callsRepo.openOutbound(account.id, {
        numberId: line.id,
        contactId: contact.id,
        otherNumber: to,
        userPhone,
      });
      let callSid: string;
      try {
        ({ callSid } = await deps.telephony.placeLineCall(
          account,
          line,
          {
            to: userPhone,
            url: `${base}${PHONE_SYSTEM_PATHS.bridge(line.id, call.id)}`,
            statusCallback: `${base}${PHONE_SYSTEM_PATHS.status(line.id)}?${new URLSearchParams({ callId: call.id })}`,
          },
          callee,
        ));
      } catch (error) {
        await callsRepo.updateCall(account.id, call.id, { outcome: "missed", endedAt: now() });
        throw error;
      }
      await callsRepo.updateCall(account.id, call.id, { callSid });
      await deps.contacts.recordDial(account, contact.id, {
        callId: call.id,
        phoneNumber: to,
        notes: `Click-to-call from ${line.number}`,
      });
      return {
        success: true,
        businessNumber: line.number,
        ringing: userPhone,
        callSid,
        message: `Calling your phone (${userPhone}) now; answer it to be connected to ${contact.name}, who will see ${line.number}`,
      };
    },

    analytics: (account: Account) => webhooks.analytics(account),
    voicemails: (account: Account, query: { limit: number; numberId?: string | undefined }) =>
      deps.voicemails.list(account, query),
    voicemailAudio: (account: Account, id: string) => deps.voicemails.audio(account, id),
    /** The carrier's webhooks for business numbers (public routes; each proves itself). */
    webhooks,
  };
}

export type PhoneSystemService = ReturnType<typeof phoneSystemService>;
