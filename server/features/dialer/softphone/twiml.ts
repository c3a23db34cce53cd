import twilio from "twilio";

/**
 * The TwiML that puts a leg into a call's conference. The customer's leg starts it and ends it
 * when they hang up; a supervisor joins muted (listen), coaching the rep's leg (whisper: only the
 * rep hears them) or as a full participant (barge), and never ends it by leaving.
 */
export function conferenceTwiml(
  conference: string,
  options: {
    endConferenceOnExit: boolean;
    waitUrl?: string | undefined;
    muted?: boolean | undefined;
    /** The call SID of the leg this one coaches (whisper). */
    coach?: string | undefined;
  },
): string {
  const response = new twilio.twiml.VoiceResponse();
  const dial = response.dial();
  dial.conference(
    {
      beep: "false",
      startConferenceOnEnter: true,
      endConferenceOnExit: options.endConferenceOnExit,
      ...(options.waitUrl ? { waitUrl: options.waitUrl, waitMethod: "GET" } : {}),
      ...(options.muted ? { muted: true } : {}),
      ...(options.coach ? { coach: options.coach } : {}),
    },
    conference,
  );
  return response.toString();
}

/** A call's conference: one per dial attempt, named by it. */
export const conferenceName = (attemptId: string) => `attempt-${attemptId}`;
