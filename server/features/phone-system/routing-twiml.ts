import { TZDate } from "@date-fns/tz";
import twilio from "twilio";
import {
  AFTER_HOURS_GREETING,
  DIAL_TIMEOUT_SECONDS,
  UNKNOWN_EXTENSION,
  VOICEMAIL_MAX_SECONDS,
  VOICEMAIL_PROMPT,
} from "../../../common/phone-system";
import { WEBHOOK_PATHS } from "../telephony/twiml";

/**
 * A business number's call routing as TwiML, from the stored model (issue 17 part 1). Pure: the
 * same model and moment give the same TwiML, for Twilio's voice webhook and the simulator alike.
 *
 * Open hours: the greeting, then <Gather numDigits> listing the extensions; a pressed extension
 * is answered by extensionTwiml (<Dial timeout> to a phone, <Redirect> to the AI assistant's
 * voice webhook, or <Record> for voicemail); no key pressed: voicemail.
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
  /** <Record action>: the recording is done. */
  voicemail: (numberId: string) => `/api/grasshopper/twilio/voicemail/${numberId}`,
  /** <Record transcribeCallback>: the transcription is ready. */
  transcription: (numberId: string) => `/api/grasshopper/twilio/transcription/${numberId}`,
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
    transcribe: true,
    transcribeCallback: PHONE_SYSTEM_PATHS.transcription(numberId),
  });
}

function dial(response: VoiceResponse, numberId: string, to: string): void {
  response.dial({ timeout: DIAL_TIMEOUT_SECONDS, answerOnBridge: true }, to);
  // Nobody answered (or the line was busy): the caller can leave a message.
  voicemail(response, numberId);
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
