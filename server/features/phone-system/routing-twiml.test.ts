import { describe, expect, it } from "vitest";
import {
  AFTER_HOURS_GREETING,
  DIAL_TIMEOUT_SECONDS,
  UNKNOWN_EXTENSION,
  VOICEMAIL_MAX_SECONDS,
  VOICEMAIL_PROMPT,
} from "../../../common/phone-system";
import { parseTwiml, type TwimlNode } from "../../providers/telephony/twiml-parser";
import { WEBHOOK_PATHS } from "../telephony/twiml";
import {
  dialResultTwiml,
  extensionTwiml,
  isOpen,
  PHONE_SYSTEM_PATHS,
  type RoutingModel,
  routingTwiml,
} from "./routing-twiml";

const NUMBER_ID = "11111111-1111-4111-8111-111111111111";
const AGENT_ID = "22222222-2222-4222-8222-222222222222";
const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: "09:00", close: "17:00" }));

const model = (overrides: Partial<RoutingModel> = {}): RoutingModel => ({
  numberId: NUMBER_ID,
  greeting: "Thank you for calling Doe Plumbing.",
  timeZone: "America/New_York",
  hours: WEEKDAYS_9_TO_5,
  afterHours: { action: "voicemail", forwardTo: null },
  extensions: [
    { digits: "1", name: "Sales", target: "phone", forwardTo: "+15551230001", agentId: null },
    { digits: "2", name: "Support", target: "agent", forwardTo: null, agentId: AGENT_ID },
    { digits: "3", name: "the owner", target: "voicemail", forwardTo: null, agentId: null },
  ],
  ...overrides,
});

const verbs = (node: TwimlNode) => node.children.map((c) => c.name);
const child = (node: TwimlNode, name: string) => node.children.find((c) => c.name === name);

function expectVoicemail(response: TwimlNode) {
  const says = response.children.filter((c) => c.name === "Say").map((c) => c.text);
  expect(says).toContain(VOICEMAIL_PROMPT);
  const record = child(response, "Record");
  expect(record?.attributes).toMatchObject({
    maxLength: String(VOICEMAIL_MAX_SECONDS),
    action: PHONE_SYSTEM_PATHS.voicemail(NUMBER_ID),
    finishOnKey: "#",
  });
  // Our speech provider transcribes it, not the carrier's paid transcription.
  expect(record?.attributes.transcribe).toBeUndefined();
}

// Wednesday 25 November 2026 in New York is EST (UTC-5).
describe("business hours in the workspace's time zone", () => {
  it("opens at 09:00 and closes at 17:00 local time", () => {
    expect(isOpen(WEEKDAYS_9_TO_5, "America/New_York", new Date("2026-11-25T13:59:00Z"))).toBe(false); // 08:59
    expect(isOpen(WEEKDAYS_9_TO_5, "America/New_York", new Date("2026-11-25T14:00:00Z"))).toBe(true); // 09:00
    expect(isOpen(WEEKDAYS_9_TO_5, "America/New_York", new Date("2026-11-25T21:59:00Z"))).toBe(true); // 16:59
    expect(isOpen(WEEKDAYS_9_TO_5, "America/New_York", new Date("2026-11-25T22:00:00Z"))).toBe(false); // 17:00
  });

  it("is closed on a weekend without hours", () => {
    expect(isOpen(WEEKDAYS_9_TO_5, "America/New_York", new Date("2026-11-28T17:00:00Z"))).toBe(false); // Sat noon
    expect(isOpen(WEEKDAYS_9_TO_5, "America/New_York", new Date("2026-11-29T17:00:00Z"))).toBe(false); // Sun noon
  });

  it("follows daylight saving time: 09:00 is 13:00 UTC on the day clocks go forward", () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: "09:00", close: "17:00" }));
    // Sunday 8 March 2026: EST until 02:00, EDT (UTC-4) after.
    expect(isOpen(everyDay, "America/New_York", new Date("2026-03-08T12:59:00Z"))).toBe(false); // 08:59 EDT
    expect(isOpen(everyDay, "America/New_York", new Date("2026-03-08T13:00:00Z"))).toBe(true); // 09:00 EDT
    expect(isOpen(everyDay, "America/New_York", new Date("2026-03-08T21:00:00Z"))).toBe(false); // 17:00 EDT
    // The day before (EST), 13:00 UTC is 08:00: still closed.
    expect(isOpen(everyDay, "America/New_York", new Date("2026-03-07T13:00:00Z"))).toBe(false);
  });

  it("takes the weekday in the workspace's zone, not UTC's", () => {
    // Friday 23:30 in Los Angeles is Saturday in UTC.
    const lateFriday = [{ weekday: 5, open: "20:00", close: "23:59" }];
    expect(isOpen(lateFriday, "America/Los_Angeles", new Date("2026-11-28T07:30:00Z"))).toBe(true);
    expect(isOpen(lateFriday, "UTC", new Date("2026-11-28T07:30:00Z"))).toBe(false);
  });
});

describe("routing TwiML", () => {
  it("in open hours: the greeting, then a <Gather> listing the extensions, then voicemail", () => {
    const response = parseTwiml(routingTwiml(model(), new Date("2026-11-25T14:00:00Z")));
    expect(verbs(response)).toEqual(["Say", "Gather", "Say", "Record"]);
    expect(response.children[0]?.text).toBe("Thank you for calling Doe Plumbing.");
    const gather = child(response, "Gather") as TwimlNode;
    expect(gather.attributes).toMatchObject({
      numDigits: "1",
      input: "dtmf",
      action: PHONE_SYSTEM_PATHS.extension(NUMBER_ID),
      method: "POST",
    });
    expect(child(gather, "Say")?.text).toBe(
      "For Sales, press 1. For Support, press 2. For the owner, press 3.",
    );
    expectVoicemail(response);
  });

  it("gathers as many digits as the longest extension", () => {
    const twiml = routingTwiml(
      model({
        extensions: [{ digits: "101", name: "Billing", target: "voicemail", forwardTo: null, agentId: null }],
      }),
      new Date("2026-11-25T15:00:00Z"),
    );
    const gather = child(parseTwiml(twiml), "Gather") as TwimlNode;
    expect(gather.attributes.numDigits).toBe("3");
    expect(child(gather, "Say")?.text).toBe("For Billing, press 1 0 1.");
  });

  it("at 08:59 and at 17:00 local: after hours, voicemail", () => {
    for (const at of ["2026-11-25T13:59:00Z", "2026-11-25T22:00:00Z", "2026-11-28T17:00:00Z"]) {
      const response = parseTwiml(routingTwiml(model(), new Date(at)));
      expect(verbs(response)).toEqual(["Say", "Say", "Record"]);
      expect(response.children[0]?.text).toBe(`Thank you for calling Doe Plumbing. ${AFTER_HOURS_GREETING}`);
      expect(child(response, "Gather")).toBeUndefined();
      expectVoicemail(response);
    }
  });

  it("after hours with forwarding: <Dial timeout action> to the number; the action decides what follows", () => {
    const response = parseTwiml(
      routingTwiml(
        model({ afterHours: { action: "forward", forwardTo: "+15551239999" } }),
        new Date("2026-11-25T23:00:00Z"),
      ),
    );
    expect(verbs(response)).toEqual(["Say", "Dial"]);
    const dial = child(response, "Dial") as TwimlNode;
    expect(dial.attributes.timeout).toBe(String(DIAL_TIMEOUT_SECONDS));
    expect(dial.attributes.action).toBe(PHONE_SYSTEM_PATHS.dial(NUMBER_ID));
    expect(dial.text).toBe("+15551239999");
  });

  it("in open hours without extensions: the greeting, then voicemail", () => {
    const response = parseTwiml(routingTwiml(model({ extensions: [] }), new Date("2026-11-25T14:00:00Z")));
    expect(verbs(response)).toEqual(["Say", "Say", "Record"]);
  });
});

describe("an extension pressed", () => {
  it("a phone: <Dial timeout action> to its number", () => {
    const response = parseTwiml(extensionTwiml(model(), "1"));
    expect(verbs(response)).toEqual(["Say", "Dial"]);
    expect(response.children[0]?.text).toBe("Connecting you to Sales.");
    const dial = child(response, "Dial") as TwimlNode;
    expect(dial.attributes.timeout).toBe(String(DIAL_TIMEOUT_SECONDS));
    expect(dial.attributes.action).toBe(PHONE_SYSTEM_PATHS.dial(NUMBER_ID));
    expect(dial.text).toBe("+15551230001");
  });

  it("after the forwarded call: a hang-up when it was answered, a message when not", () => {
    for (const status of ["completed", "answered"])
      expect(verbs(parseTwiml(dialResultTwiml(NUMBER_ID, status)))).toEqual(["Hangup"]);
    for (const status of ["busy", "no-answer", "failed", "canceled"]) {
      const response = parseTwiml(dialResultTwiml(NUMBER_ID, status));
      expect(verbs(response)).toEqual(["Say", "Record"]);
      expectVoicemail(response);
    }
  });

  it("an AI agent: redirected to the assistant's voice webhook with the agent", () => {
    const response = parseTwiml(extensionTwiml(model(), "2"));
    expect(verbs(response)).toEqual(["Redirect"]);
    expect(response.children[0]?.text).toBe(`${WEBHOOK_PATHS.voice}?agentId=${AGENT_ID}`);
    expect(response.children[0]?.attributes.method).toBe("POST");
  });

  it("voicemail: the prompt and <Record>", () => {
    const response = parseTwiml(extensionTwiml(model(), "3"));
    expect(verbs(response)).toEqual(["Say", "Record"]);
    expectVoicemail(response);
  });

  it("an unknown digit: says so and starts over", () => {
    for (const digits of ["9", "", "12"]) {
      const response = parseTwiml(extensionTwiml(model(), digits));
      expect(verbs(response)).toEqual(["Say", "Redirect"]);
      expect(response.children[0]?.text).toBe(UNKNOWN_EXTENSION);
      expect(response.children[1]?.text).toBe(PHONE_SYSTEM_PATHS.voice(NUMBER_ID));
    }
  });

  it("an agent extension whose agent was deleted falls back to voicemail", () => {
    const response = parseTwiml(
      extensionTwiml(
        model({
          extensions: [{ digits: "2", name: "Support", target: "agent", forwardTo: null, agentId: null }],
        }),
        "2",
      ),
    );
    expectVoicemail(response);
  });
});
