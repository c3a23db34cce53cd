import twilio from "twilio";

/**
 * What the line plays on the dialer's answered calls. Plain <Say> in the
 * carrier's default voice: these words are the law's (the safe-harbor message names the
 * business and a number to call back), not the assistant's conversation.
 */

/** The safe-harbor message: a person answered and no agent was free within 2 seconds. */
export function safeHarborMessage(businessName: string, callbackNumber: string | null): string {
  const callBack = callbackNumber
    ? `please call us back at ${spokenNumber(callbackNumber)}`
    : "please call us back at the number that called you";
  return `Hello, this is ${businessName}. We are sorry, nobody is free to take this call right now. To reach us, ${callBack}. Goodbye.`;
}

export function sayAndHangUp(text: string | null): string {
  const response = new twilio.twiml.VoiceResponse();
  if (text) response.say(text);
  response.hangup();
  return response.toString();
}

/**
 * A person is connected to a rep. The rep talks from the agent console (the browser's live-call
 * panel hears of it on /api/events); the line holds (music, looped) until the callee hangs up or
 * the rep ends the call with a disposition.
 */
export function holdForAgent(holdMusicUrl: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.play({ loop: 0 }, holdMusicUrl);
  return response.toString();
}

/**
 * A person is connected to a rep on a Twilio line: the rep's own phone rings and the two talk
 * ("on their own phone through Twilio <Dial>"). The <Dial action> (telephony's
 * dial webhook) hangs up after the conversation, or tells the person nobody can take the call
 * when the rep's phone does not answer.
 */
export function bridgeToRep(repPhone: string, actionPath: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.dial({ timeout: 15, answerOnBridge: true, action: actionPath, method: "POST" }, repPhone);
  return response.toString();
}

/** "+12125550123" read digit by digit, as a message on the phone must be understood. */
function spokenNumber(e164: string): string {
  const digits = e164.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length === 10)
    return `${national.slice(0, 3).split("").join(" ")}, ${national.slice(3, 6).split("").join(" ")}, ${national.slice(6).split("").join(" ")}`;
  return national.split("").join(" ");
}
