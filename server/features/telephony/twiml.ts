import twilio from "twilio";

type VoiceResponse = InstanceType<typeof twilio.twiml.VoiceResponse>;
type SayVoice = Parameters<VoiceResponse["say"]>[0] extends infer A
  ? A extends { voice?: infer V }
    ? V
    : never
  : never;
type GatherLanguage = NonNullable<NonNullable<Parameters<VoiceResponse["gather"]>[0]>["language"]>;

/**
 * How the assistant speaks on this call: the account's voice, in US English; on a call under a
 * default script or routed to an agent, as the call keeps it (speechOfCall).
 */
export type Speech = {
  voice: string;
  language: "en-US";
  /** SSML prosody around what is said (Polly and Google voices read it; the basic ones do not). */
  prosody?: { rate?: string; pitch?: string; volume?: string };
  /** What <Gather> recognises (the routed agent's language); absent: `language`. */
  gatherLanguage?: string;
  /** <Gather speechTimeout> in whole seconds; absent: "auto". */
  speechTimeout?: number;
  /**
   * The workspace's cloned voice: the address of a reply's audio for <Play> (its synthesis
   * started), or null to <Say> it with `voice`. Absent: every reply is <Say>.
   */
  play?: ((text: string) => string | null) | undefined;
};

/** How a call's stored engine state says it speaks (see agents/call-assistant-voice.ts). */
type StoredVoice = {
  twilioVoice: string | null;
  rate: string | null;
  pitch: string | null;
  volume: string | null;
  gatherLanguage: string | null;
  speechTimeout: number | null;
};

/**
 * The account's speech as this call speaks: the default script's voice over the account's, and
 * the script's and agent's speed, pitch, volume and language.
 */
export function speechOfCall(
  base: Speech,
  call: { engineState?: { assistant?: { voice: StoredVoice | null } } | null },
): Speech {
  const voice = call.engineState?.assistant?.voice;
  if (!voice) return base;
  const prosody = {
    ...(voice.rate ? { rate: voice.rate } : {}),
    ...(voice.pitch ? { pitch: voice.pitch } : {}),
    ...(voice.volume ? { volume: voice.volume } : {}),
  };
  return {
    voice: voice.twilioVoice ?? base.voice,
    language: base.language,
    ...(Object.keys(prosody).length ? { prosody } : {}),
    ...(voice.gatherLanguage ? { gatherLanguage: voice.gatherLanguage } : {}),
    ...(voice.speechTimeout ? { speechTimeout: voice.speechTimeout } : {}),
    // The workspace's cloned voice speaks over the script's stock one; its <Say> voice is the fallback.
    ...(base.play ? { play: base.play } : {}),
  };
}

/** What the assistant says on the phone when the app, not the engine, has the word. */
export const SAYINGS = {
  sorry: "I'm sorry, I'm having trouble right now. Please call again later. Goodbye.",
  stillThere: "Are you still there?",
  silentGoodbye: "I haven't heard anything, so I'll end the call now. Goodbye.",
  holdResumed: "Thank you for holding.",
  transferring: "Please hold while I put you through.",
  nobody: "I'm sorry, nobody can take your call right now. I've passed your message on. Goodbye.",
  /** The autodialer's rep did not answer their phone: no message was taken. */
  noRep: "I'm sorry, nobody can take your call right now. Goodbye.",
} as const;

export const WEBHOOK_PATHS = {
  voice: "/api/telephony/twilio/voice",
  gather: (callId: string) => `/api/telephony/twilio/gather/${callId}`,
  dial: (callId: string) => `/api/telephony/twilio/dial/${callId}`,
  status: "/api/telephony/twilio/status",
  recording: "/api/telephony/twilio/recording",
};

/** Where the caller's next words go: the turn number makes each delivery's step unique. */
export function gatherAction(
  callId: string,
  turn: number,
  extra: Record<string, string | number> = {},
): string {
  const query = new URLSearchParams({
    turn: String(turn),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  });
  return `${WEBHOOK_PATHS.gather(callId)}?${query}`;
}

/** Voices that read SSML: Twilio ignores or refuses it for man, woman and alice. */
const READS_SSML = /^(Polly|Google)\./;

/**
 * The assistant says `text`: <Play> of its audio in the workspace's cloned voice when there is one
 * (prosody is the voice service's own then), else <Say> in the call's voice.
 */
function say(
  target: { say: VoiceResponse["say"]; play: VoiceResponse["play"] },
  speech: Speech,
  text: string,
): void {
  const audio = speech.play?.(text);
  if (audio) {
    target.play({}, audio);
    return;
  }
  const attributes = { voice: speech.voice as SayVoice, language: speech.language };
  if (speech.prosody && READS_SSML.test(speech.voice))
    target.say(attributes, "").prosody(speech.prosody, text);
  else target.say(attributes, text);
}

/**
 * The assistant speaks and listens: <Gather input="speech"> with the words inside it, so the
 * caller can talk over them. If the caller says nothing, the <Redirect> after it comes back as a
 * silent turn (the assistant asks once whether they are there, then ends the call).
 */
export function speakAndListen(
  speech: Speech,
  text: string | null,
  callId: string,
  turn: number,
  options: { silence?: number; record?: boolean } = {},
): string {
  const response = new twilio.twiml.VoiceResponse();
  if (options.record) {
    response.start().recording({
      recordingStatusCallback: WEBHOOK_PATHS.recording,
      recordingStatusCallbackEvent: ["completed"],
      recordingStatusCallbackMethod: "POST",
      channels: "dual",
    });
  }
  const gather = response.gather({
    input: ["speech"],
    action: gatherAction(callId, turn),
    method: "POST",
    speechTimeout: speech.speechTimeout ? String(speech.speechTimeout) : "auto",
    language: (speech.gatherLanguage ?? speech.language) as GatherLanguage,
    actionOnEmptyResult: false,
  });
  if (text) say(gather, speech, text);
  response.redirect({ method: "POST" }, gatherAction(callId, turn, { silence: (options.silence ?? 0) + 1 }));
  return response.toString();
}

/** The assistant says its last words and hangs up (spam blocked, goodbye). */
export function sayAndHangUp(speech: Speech, text: string | null): string {
  const response = new twilio.twiml.VoiceResponse();
  if (text) say(response, speech, text);
  response.hangup();
  return response.toString();
}

/** Refused before answering: a blocked number, or over the plan's concurrent calls. */
export function reject(reason: "rejected" | "busy"): string {
  const response = new twilio.twiml.VoiceResponse();
  response.reject({ reason });
  return response.toString();
}

/** Puts the caller through to the user's cellphone (forward-urgent, Transfer to Me). */
export function dialUser(speech: Speech, text: string | null, cellphone: string, callId: string): string {
  const response = new twilio.twiml.VoiceResponse();
  if (text) say(response, speech, text);
  response.dial(
    { action: WEBHOOK_PATHS.dial(callId), method: "POST", timeout: 20, answerOnBridge: true },
    cellphone,
  );
  return response.toString();
}

/** Hold: music on a loop (loop="0" plays until the call is given new TwiML through the REST API). */
export function holdMusic(musicUrl: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.play({ loop: 0 }, musicUrl);
  return response.toString();
}

/** While a slow turn finishes after the webhook has answered: wait a second, then ask again. */
export function waitForTurn(callId: string, turn: number, attempt: number): string {
  const response = new twilio.twiml.VoiceResponse();
  response.pause({ length: 1 });
  response.redirect({ method: "POST" }, gatherAction(callId, turn, { wait: attempt }));
  return response.toString();
}

export function empty(): string {
  return new twilio.twiml.VoiceResponse().toString();
}

/** Maps the account's chosen voice to one Twilio's <Say> speaks. */
export function twilioVoice(chosen: { stockVoice: string | null } | undefined, fallback: string): string {
  const name = chosen?.stockVoice?.trim();
  if (!name) return fallback;
  if (/^(Polly|Google)\.[\w-]+$/.test(name) || ["man", "woman", "alice"].includes(name)) return name;
  // espeak-ng variants: +f1..+f5 are female, +m1..+m7 male.
  if (/\+f\d|female|woman/i.test(name)) return "Polly.Joanna";
  if (/\+m\d|male|\bman\b/i.test(name)) return "Polly.Matthew";
  return fallback;
}
