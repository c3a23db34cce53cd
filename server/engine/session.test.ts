import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { analyzeUtterance } from "./analyze";
import type { CallerFacts } from "./caller-facts";
import { defaultClassifier } from "./model";
import type { Interval } from "./schedule";
import { CallSession, type EngineAccount, type EngineSettings } from "./session";
import { initialState } from "./state";
import { summarizeCall } from "./summary";

const NY = "America/New_York";
/** Monday 23 November 2026, 10:00 in New York. */
const MONDAY_10AM = new Date(new TZDate(2026, 10, 23, 10, 0, NY).getTime());

const SETTINGS: EngineSettings = {
  personality: "professional",
  greetingMessage: "Hello! You've reached my assistant. How can I help you today?",
  autoBlockSpam: true,
  allowAppointments: true,
  forwardUrgent: false,
  workingHours: { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] },
  appointmentDuration: 30,
  bufferMinutes: 0,
};

const FACTS: CallerFacts = {
  number: "+15551234567",
  withheld: false,
  malformed: false,
  spoofedLooking: false,
  inContacts: false,
  contactName: null,
  blocked: false,
};

type Booked = Interval & { id: string; status: string; title: string };

function setup(
  options: { settings?: Partial<EngineSettings>; account?: Partial<EngineAccount>; busy?: Interval[] } = {},
) {
  const booked: Booked[] = (options.busy ?? []).map((b, i) => ({
    ...b,
    id: `existing-${i}`,
    status: "scheduled",
    title: "busy",
  }));
  const account: EngineAccount = {
    ownerName: "Jordan",
    cellphoneNumber: null,
    timeZone: NY,
    ...options.account,
    settings: { ...SETTINGS, ...options.settings },
  };
  const state = initialState();
  const session = new CallSession(
    account,
    { phoneNumber: FACTS.number, callerName: "Pat Caller" },
    async (text) => analyzeUtterance(text, defaultClassifier(), FACTS),
    {
      busyIntervals: async (from, to) =>
        booked
          .filter((b) => b.status === "scheduled" && b.start < to && b.end > from)
          .map(({ start, end }) => ({ start, end })),
      async bookAppointment(input) {
        const id = `appt-${booked.length}`;
        booked.push({ start: input.start, end: input.end, id, status: "scheduled", title: input.title });
        return { id };
      },
      upcomingAppointment: async (now) => {
        const next = booked
          .filter((b) => b.status === "scheduled" && b.start > now)
          .sort((a, b) => +a.start - +b.start)[0];
        return next ? { id: next.id, start: next.start, end: next.end } : null;
      },
      async cancelAppointment(id) {
        const found = booked.find((b) => b.id === id);
        if (found) found.status = "cancelled";
      },
      async moveAppointment() {},
    },
    state,
  );
  return { session, booked, state };
}

const at = (day: number, hour: number, minute = 0) =>
  new Date(new TZDate(2026, 10, day, hour, minute, NY).getTime());

describe("spam", () => {
  it("blocks a scam when auto-block is on, saying why", async () => {
    const { session } = setup();
    const turn = await session.hear(
      "This is the IRS. There is a warrant for your arrest unless you pay with gift cards today.",
      MONDAY_10AM,
    );
    expect(turn.analysis.classification).toBe("spam");
    expect(turn.call.end).toBe("blocked");
    expect(turn.state.actionTaken).toMatch(/^Blocked as /);
    // The strongest reasons, in words a person reads: no class labels, nothing that spoke against spam.
    expect(turn.state.actionTaken).toMatch(/\("gift cards", /);
    expect(turn.state.actionTaken).not.toMatch(/\(spam\)|against/);
    expect(turn.lines[0]).toMatch(/^Caller: /);
    expect(turn.lines.at(-1)).toMatch(/^System: Blocked/);
  });

  it("does not block when auto-block is off, and takes a message instead", async () => {
    const { session } = setup({ settings: { autoBlockSpam: false } });
    const turn = await session.hear(
      "Congratulations, you've won a free cruise! Press 1 to claim your prize.",
      MONDAY_10AM,
    );
    expect(turn.analysis.classification).toBe("spam");
    expect(turn.call.end).toBeNull();
    expect(turn.state.actionTaken).toMatch(/not blocked because auto-block is off/);
  });
});

describe("appointments", () => {
  it("books the asked-for time when it is free, reading 'at 4' as 4 pm in the account's time zone", async () => {
    const { session, booked } = setup();
    const turn = await session.hear(
      "Hi, I'd like to book an appointment for tomorrow at 4 please.",
      MONDAY_10AM,
    );
    expect(turn.analysis.classification).toBe("appointment");
    expect(turn.analysis.appointment?.appointmentId).toBe("appt-0");
    expect(booked[0]?.start.toISOString()).toBe(at(24, 16).toISOString());
    expect(booked[0]!.end.getTime() - booked[0]!.start.getTime()).toBe(30 * 60_000);
    expect(turn.reply).toContain("Tuesday, November 24 at 4:00 PM");
    expect(turn.state.actionTaken).toBe("Appointment booked for Tuesday, November 24 at 4:00 PM");
    expect(turn.call.classification).toBe("appointment");
  });

  it("offers the nearest free slot when the time is taken, and books it on yes", async () => {
    const { session, booked } = setup({ busy: [{ start: at(24, 16), end: at(24, 17) }] });
    const first = await session.hear("Can I come in Tuesday at 4pm?", MONDAY_10AM);
    expect(first.analysis.appointment).toBeNull();
    expect(first.reply).toMatch(/is already taken\. The nearest opening is Tuesday, November 24 at 3:30 PM/);
    expect(first.state.stage).toBe("offered_slot");
    const second = await session.hear("Yes, that works.", MONDAY_10AM);
    expect(second.analysis.classification).toBe("appointment");
    expect(second.analysis.appointment?.startTime).toBe(at(24, 15, 30).toISOString());
    expect(booked.filter((b) => b.id.startsWith("appt"))).toHaveLength(1);
  });

  it("respects the buffer between appointments", async () => {
    const { session } = setup({
      settings: { bufferMinutes: 15 },
      busy: [{ start: at(24, 14), end: at(24, 15) }],
    });
    const turn = await session.hear("Could you book me Tuesday at 3pm?", MONDAY_10AM);
    expect(turn.reply).toMatch(/nearest opening is Tuesday, November 24 at 3:15 PM/);
  });

  it("keeps bookings inside working hours and asks for a time when none is given", async () => {
    const { session } = setup();
    const late = await session.hear("I need to schedule a consultation on Wednesday at 8pm.", MONDAY_10AM);
    expect(late.reply).toMatch(/outside our working hours \(Monday to Friday, 9 AM to 5 PM\)/);
    expect(late.reply).toMatch(/nearest opening is Wednesday, November 25 at 4:30 PM/);

    const { session: other } = setup();
    const vague = await other.hear("I'd like to make an appointment with you.", MONDAY_10AM);
    expect(vague.state.stage).toBe("awaiting_time");
    expect(vague.reply).toMatch(/What day and time/);
    const answer = await other.hear("Thursday at 11", MONDAY_10AM);
    expect(answer.analysis.classification).toBe("appointment");
    expect(answer.analysis.signals.join(" ")).toMatch(/answers the assistant's question about a time/);
    expect(answer.analysis.appointment?.startTime).toBe(at(26, 11).toISOString());
  });

  it("only takes a message when appointments are not allowed", async () => {
    const { session, booked } = setup({ settings: { allowAppointments: false } });
    const turn = await session.hear("Can I book a cleaning for tomorrow at 2?", MONDAY_10AM);
    expect(turn.analysis.classification).toBe("appointment");
    expect(booked).toHaveLength(0);
    expect(turn.state.actionTaken).toMatch(/booking is turned off/);
  });

  it("cancels the caller's upcoming appointment", async () => {
    const { session, booked } = setup({ busy: [{ start: at(25, 10), end: at(25, 11) }] });
    const turn = await session.hear("Hi, I need to cancel my appointment on Wednesday.", MONDAY_10AM);
    expect(turn.state.actionTaken).toMatch(
      /^Cancelled the appointment on Wednesday, November 25 at 10:00 AM/,
    );
    expect(booked[0]?.status).toBe("cancelled");
  });

  it("reads times in the account's own time zone near midnight", async () => {
    const LA = "America/Los_Angeles";
    // 23:30 on Monday in Los Angeles is already Tuesday in UTC and New York.
    const lateMonday = new Date(new TZDate(2026, 10, 23, 23, 30, LA).getTime());
    const { session, booked } = setup({ account: { timeZone: LA } });
    await session.hear("Can you book me tomorrow at 10am?", lateMonday);
    expect(booked[0]?.start.toISOString()).toBe(
      new Date(new TZDate(2026, 10, 24, 10, 0, LA).getTime()).toISOString(),
    );
  });
});

describe("important calls", () => {
  const urgent =
    "This is Dr. Patel's office, your biopsy results are in and the doctor needs to speak with you today.";

  it("forwards to the user's cellphone when forward-urgent is on", async () => {
    const { session } = setup({
      settings: { forwardUrgent: true },
      account: { cellphoneNumber: "+15550001111" },
    });
    const turn = await session.hear(urgent, MONDAY_10AM);
    expect(turn.analysis.classification).toBe("important");
    expect(turn.call.forwardTo).toBe("+15550001111");
    expect(turn.state.stage).toBe("handed_off");
    expect(turn.state.actionTaken).toBe("Forwarded as urgent to +15550001111");
    // After the hand-off the assistant stays quiet.
    const after = await session.hear("Hello? Are you there?", MONDAY_10AM);
    expect(after.reply).toBeNull();
  });

  it("takes an urgent message when forwarding is off, or says how to turn it on", async () => {
    const off = setup();
    const turn = await off.session.hear(urgent, MONDAY_10AM);
    expect(turn.call.forwardTo).toBeNull();
    expect(turn.state.actionTaken).toBe("Urgent message taken");
    expect(turn.state.urgent).toBe(true);

    const noPhone = setup({ settings: { forwardUrgent: true } });
    const second = await noPhone.session.hear(urgent, MONDAY_10AM);
    expect(second.state.actionTaken).toMatch(/add your cellphone number in Settings/);
  });

  it("tells the caller to dial 911 in an emergency", async () => {
    const { session } = setup();
    const turn = await session.hear(
      "My husband collapsed and he's not breathing, please get Jordan!",
      MONDAY_10AM,
    );
    expect(turn.reply).toMatch(/call 911/);
  });
});

describe("messages and working hours", () => {
  it("answers and takes a message in working hours", async () => {
    const { session } = setup();
    const turn = await session.hear("Hi, I wanted a quote for landscaping my back yard.", MONDAY_10AM);
    expect(turn.analysis.classification).toBe("sales");
    expect(turn.state.actionTaken).toBe("Sales inquiry noted for follow-up");
    const more = await session.hear("My number is 555 222 3333, ask for Lee.", MONDAY_10AM);
    expect(more.reply).toMatch(/added that to your message/);
    const bye = await session.hear("Thanks, bye!", MONDAY_10AM);
    expect(bye.call.end).toBe("completed");
    const outcome = summarizeCall(bye.state, "Pat Caller", "assistant");
    expect(outcome.followUpRequired).toBe(true);
    expect(outcome.summary).toContain("quote for landscaping");
    expect(outcome.summary).toContain("555 222 3333");
  });

  it("takes a message outside working hours", async () => {
    const { session } = setup();
    const saturday = at(28, 12);
    const turn = await session.hear("Hey, my internet has been down since this morning.", saturday);
    expect(turn.analysis.classification).toBe("support");
    expect(turn.state.actionTaken).toBe("Message taken (outside working hours)");
    expect(turn.reply).toMatch(/closed right now; our hours are Monday to Friday, 9 AM to 5 PM/);
  });

  it("classifies bare replies by the call so far", async () => {
    const { session } = setup();
    await session.hear("Hi, my order arrived broken and I want a replacement.", MONDAY_10AM);
    const ok = await session.hear("ok", MONDAY_10AM);
    expect(ok.analysis.classification).toBe("support");
    expect(ok.analysis.signals.join(" ")).toMatch(/short reply/);
  });

  it("speaks in the account's personality", async () => {
    const { session } = setup({ settings: { personality: "friendly" } });
    const turn = await session.hear("Hi, it's Sam, just returning your call from yesterday.", MONDAY_10AM);
    expect(turn.reply).toMatch(/^Thanks so much!/);
  });
});
