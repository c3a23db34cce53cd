import { TZDate } from "@date-fns/tz";
import twilio from "twilio";
import {
  AFTER_HOURS_GREETING,
  bridgeAnnouncement,
  DIAL_TIMEOUT_SECONDS,
  UNKNOWN_EXTENSION,
  VOICEMAIL_MAX_SECONDS,
  VOICEMAIL_PROMPT,
  VOICEMAIL_SAVED,
} from "../../../common/phone-system";
import { WEBHOOK_PATHS } from "../telephony/twiml";

/**
 * A business number's call routing as TwiML, from the stored model. Pure: the
 * same model and moment give the same TwiML, for Twilio's voice webhook and the simulator alike.
 *
 * Open hours: the greeting, then <Gather numDigits> listing the extensions; a pressed extension
 * is answered by extensionTwiml (<Dial timeout action> to a phone, <Redirect> to the AI
 * assistant's voice webhook, or <Record> for voicemail); no key pressed: voicemail. The <Dial
 * action> (dialResultTwiml) hangs up after a call that was answered, else takes a message.
 * The recording is transcribed by our speech provider, not the carrier's (the <Record action>).
 * After hours (the workspace's time zone): the after-hours action, voicemail or <Dial>.
 */

export type RoutingExtension = {
  digits: string;
  name: string;
  target: "phone" | "agent" | "voicemail";
  forwardTo: string | null;
  agentId: string | null;
};

export type RoutingHours = { weekday: number; open: string; close: string };

export type RoutingModel = {
  numberId: string;
  greeting: string;
  timeZone: string;
  hours: RoutingHours[];
  afterHours: { action: "voicemail" | "forward"; forwardTo: string | null };
  extensions: RoutingExtension[];
};

export const PHONE_SYSTEM_PATHS = {
  /** The number's incoming call (the voice webhook set on the number). */
  voice: (numberId: string) => `/api/grasshopper/twilio/voice/${numberId}`,
  /** <Gather action>: the digits pressed. */
  extension: (numberId: string) => `/api/grasshopper/twilio/extension/${numberId}`,
  /** <Dial action>: whether the forwarded call was answered. */
  dial: (numberId: string) => `/api/grasshopper/twilio/dial/${numberId}`,
  /** <Record action>: the recording is done. */
  voicemail: (numberId: string) => `/api/grasshopper/twilio/voicemail/${numberId}`,
  /** The number's status callback: the call ended (and how long it lasted). */
  status: (numberId: string) => `/api/grasshopper/twilio/status/${numberId}`,
  /** Click-to-call: the user answered their phone; the contact is dialled next. */
  bridge: (numberId: string, callId: string) =>
    `/api/grasshopper/twilio/bridge/${numberId}?${new URLSearchParams({ callId })}`,
  /** Click-to-call: the <Dial action> to the contact. */
  bridgeResult: (numberId: string, callId: string) =>
    `/api/grasshopper/twilio/bridge-result/${numberId}?${new URLSearchParams({ callId })}`,
};

type VoiceResponse = InstanceType<typeof twilio.twiml.VoiceResponse>;

/** Whether the number is open at `at`: its weekday's hours in the workspace's time zone, [open, close). */
export function isOpen(hours: RoutingHours[], timeZone: string, at: Date): boolean {
  const local = new TZDate(at.getTime(), timeZone);
  const weekday = local.getDay();
  const clock = `${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`;
  return hours.some((day) => day.weekday === weekday && day.open <= clock && clock < day.close);
}

function voicemail(response: VoiceResponse, numberId: string): void {
  response.say(VOICEMAIL_PROMPT);
  response.record({
    maxLength: VOICEMAIL_MAX_SECONDS,
    finishOnKey: "#",
    playBeep: true,
    action: PHONE_SYSTEM_PATHS.voicemail(numberId),
    method: "POST",
  });
}

function dial(response: VoiceResponse, numberId: string, to: string): void {
  // The action decides what follows: a hang-up after an answered call, else a message.
  response.dial(
    {
      timeout: DIAL_TIMEOUT_SECONDS,
      answerOnBridge: true,
      action: PHONE_SYSTEM_PATHS.dial(numberId),
      method: "POST",
    },
    to,
  );
}

/** Carrier's DialCallStatus values of a call someone answered. */
export const ANSWERED_DIAL = new Set(["completed", "answered"]);

/** After a forwarded call (the <Dial action>): hang up when it was answered, else take a message. */
export function dialResultTwiml(numberId: string, dialCallStatus: string): string {
  const response = new twilio.twiml.VoiceResponse();
  if (ANSWERED_DIAL.has(dialCallStatus)) response.hangup();
  else voicemail(response, numberId);
  return response.toString();
}

/** The message is saved (the <Record action>). */
export function voicemailSavedTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(VOICEMAIL_SAVED);
  response.hangup();
  return response.toString();
}

/** Click-to-call: the user answered; the contact rings with the business number as caller ID. */
export function bridgeTwiml(input: {
  numberId: string;
  callId: string;
  businessNumber: string;
  contactName: string;
  contactNumber: string;
}): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(bridgeAnnouncement(input.contactName));
  response.dial(
    {
      callerId: input.businessNumber,
      timeout: 30,
      answerOnBridge: true,
      action: PHONE_SYSTEM_PATHS.bridgeResult(input.numberId, input.callId),
      method: "POST",
    },
    input.contactNumber,
  );
  return response.toString();
}

/** Click-to-call: after the contact's leg; the user hears when they did not answer. */
export function bridgeResultTwiml(contactName: string, dialCallStatus: string): string {
  const response = new twilio.twiml.VoiceResponse();
  if (!ANSWERED_DIAL.has(dialCallStatus)) response.say(`${contactName} did not answer.`);
  response.hangup();
  return response.toString();
}

/** A number that is switched off: the call goes to the assistant, as if the phone system were not there. */
export function assistantTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.redirect({ method: "POST" }, WEBHOOK_PATHS.voice);
  return response.toString();
}

function agentPath(agentId: string): string {
  return `${WEBHOOK_PATHS.voice}?${new URLSearchParams({ agentId })}`;
}

/** What an incoming call to the number hears at `at`. */
export function routingTwiml(model: RoutingModel, at: Date): string {
  const response = new twilio.twiml.VoiceResponse();
  if (!isOpen(model.hours, model.timeZone, at)) {
    response.say(`${model.greeting} ${AFTER_HOURS_GREETING}`);
    if (model.afterHours.action === "forward" && model.afterHours.forwardTo)
      dial(response, model.numberId, model.afterHours.forwardTo);
    else voicemail(response, model.numberId);
    return response.toString();
  }
  response.say(model.greeting);
  const extensions = [...model.extensions].sort((a, b) => a.digits.localeCompare(b.digits));
  if (extensions.length > 0) {
    const gather = response.gather({
      input: ["dtmf"],
      numDigits: Math.max(...extensions.map((e) => e.digits.length)),
      action: PHONE_SYSTEM_PATHS.extension(model.numberId),
      method: "POST",
      timeout: 5,
    });
    gather.say(extensions.map((e) => `For ${e.name}, press ${e.digits.split("").join(" ")}.`).join(" "));
  }
  voicemail(response, model.numberId);
  return response.toString();
}

/** What the caller hears after pressing `digits` (the <Gather action>). */
export function extensionTwiml(model: RoutingModel, digits: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const extension = model.extensions.find((e) => e.digits === digits);
  if (!extension) {
    response.say(UNKNOWN_EXTENSION);
    response.redirect({ method: "POST" }, PHONE_SYSTEM_PATHS.voice(model.numberId));
    return response.toString();
  }
  if (extension.target === "phone" && extension.forwardTo) {
    response.say(`Connecting you to ${extension.name}.`);
    dial(response, model.numberId, extension.forwardTo);
  } else if (extension.target === "agent" && extension.agentId) {
    response.redirect({ method: "POST" }, agentPath(extension.agentId));
  } else {
    voicemail(response, model.numberId);
  }
  return response.toString();
}
