import { describe, expect, it } from "vitest";
import { callVoice } from "./call-assistant-voice";

/** How a call speaks under the default script and the routed agent (pure). */
const agent = (fields: Partial<Parameters<typeof callVoice>[1] & object> = {}) => ({
  voiceSettings: { speed: 1, pitch: 1, volume: 1 },
  primaryLanguage: "English",
  responseSpeed: 0.3,
  ...fields,
});

describe("callVoice", () => {
  it("changes nothing without a script or an agent", () => {
    expect(callVoice(null, null)).toBeNull();
  });

  it("speaks the script's voice at its speed and pitch", () => {
    expect(callVoice({ voiceSettings: { voice: "onyx", speed: 0.9, pitch: "low" } }, null)).toEqual({
      twilioVoice: "Polly.Joey",
      rate: "90%",
      pitch: "low",
      volume: null,
      gatherLanguage: null,
      speechTimeout: null,
    });
    // Medium pitch at speed 1 is the voice as it is.
    expect(callVoice({ voiceSettings: { voice: "nova", speed: 1, pitch: "medium" } }, null)).toMatchObject({
      twilioVoice: "Polly.Joanna",
      rate: null,
      pitch: null,
    });
  });

  it("lets the agent scale the speed, set pitch and volume, and choose what <Gather> hears", () => {
    const voice = callVoice(
      { voiceSettings: { voice: "nova", speed: 0.9, pitch: "low" } },
      agent({
        voiceSettings: { speed: 1.2, pitch: 1.1, volume: 0.5 },
        primaryLanguage: "Spanish",
        responseSpeed: 2.4,
      }),
    );
    expect(voice).toEqual({
      twilioVoice: "Polly.Joanna",
      rate: "108%",
      pitch: "+10%",
      volume: "-6dB",
      gatherLanguage: "es-US",
      speechTimeout: 2,
    });
  });

  it("keeps the account's voice for an agent alone, US English for a language Twilio cannot hear", () => {
    expect(callVoice(null, agent({ primaryLanguage: "Haitian Creole" }))).toEqual({
      twilioVoice: null,
      rate: null,
      pitch: null,
      volume: null,
      gatherLanguage: null,
      speechTimeout: null,
    });
  });
});
