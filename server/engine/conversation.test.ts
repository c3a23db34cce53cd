import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { analyzeUtterance } from "./analyze";
import type { CallBrief } from "./brief";
import { Conversation } from "./conversation";
import { factsOf } from "./knowledge";
import { defaultClassifier } from "./model";
import type { Interval } from "./schedule";
import type { TurnEffect } from "./session";
import { initialState } from "./state";

const NY = "America/New_York";
/** Tuesday 24 November 2026, 10:00 in New York. */
const TUESDAY_10AM = new Date(new TZDate(2026, 10, 24, 10, 0, NY).getTime());

const SALES: CallBrief = {
  direction: "outbound",
  persona: {
    agentName: "Riley",
    businessName: "Summit Roofing",
    ownerName: "Summit Roofing",
    tone: "friendly",
    empathy: 7,
    formality: 5,
    assertiveness: 6,
  },
  opening: "Hi {callerName}, this is Riley from Summit Roofing. Do you have a minute?",
  discloseAutomation: true,
  purpose: "follow up on your roof inspection request",
  facts: [
    ...factsOf(
      "Roof inspections are free, with no obligation.\nFinancing is available: 0% for 12 months on approved credit.\nEvery new roof comes with a 25-year workmanship warranty.",
      "agent",
    ),
    ...factsOf("Emergency call-outs cost $150.", "script"),
  ],
  rebuttals: [
    "I hear you on price; the inspection itself is free, so you'd know exactly where your roof stands before spending anything.",
    "Totally understand wanting to think it over; a free inspection gives you something concrete to think about.",
  ],
  flowSteps: ["How old is your roof, roughly?", "Have you noticed any leaks or missing shingles?"],
  closing: "Thanks for your time, and have a great day!",
  appointments: { enabled: true, durationMinutes: 60, bufferMinutes: 0 },
  workingHours: { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] },
  timeZone: NY,
  maxCallMinutes: 20,
  transferNumber: null,
  screening: { autoBlockSpam: true, forwardUrgent: false, cellphoneNumber: null },
  description: null,
  customInstructions: null,
  guidance: [],
};

function call(brief: CallBrief = SALES, busy: Interval[] = []) {
  const state = initialState();
  const booked: Interval[] = [...busy];
  const conversation = new Conversation(
    brief,
    { phoneNumber: "+15555550100", callerName: "Pat Jones", startedAt: TUESDAY_10AM },
    async (text) => analyzeUtterance(text, defaultClassifier(), null),
    {
      busyIntervals: async (from, to) => booked.filter((b) => b.start < to && b.end > from),
      async bookAppointment(input) {
        booked.push({ start: input.start, end: input.end });
        return { id: `appt-${booked.length}` };
      },
      upcomingAppointment: async () => null,
      cancelAppointment: async () => {},
      moveAppointment: async () => {},
    },
    state,
  );
  const effects: TurnEffect[] = [];
  let ended = false;
  const say = async (text: string, at = TUESDAY_10AM) => {
    const turn = await conversation.hear(text, at);
    effects.push(...turn.effects);
    ended = turn.call.end !== null;
    return turn;
  };
  return { conversation, state, say, effects, booked, isEnded: () => ended };
}

describe("an outbound sales call", () => {
  it("opens with the script, names the callee, and says it is automated", () => {
    const { conversation } = call();
    expect(conversation.opening()).toBe(
      "Hi Pat, this is Riley from Summit Roofing. I'm an automated assistant. Do you have a minute?",
    );
  });

  it("answers a price question from its knowledge, not another price", async () => {
    const { say } = call();
    const turn = await say("How much does the inspection cost?");
    expect(turn.reply).toContain("Roof inspections are free");
    expect(turn.reply).not.toContain("$150");
    expect(turn.call.end).toBeNull();
  });

  it("meets an objection with the playbook, then lets a firm no go", async () => {
    const { say, state } = call();
    const first = await say("That sounds too expensive for us.");
    expect(first.reply).toMatch(/price|free/i);
    expect(first.call.end).toBeNull();
    const second = await say("No, really, I'm not interested.");
    expect(second.call.end).toBe("completed");
    expect(state.disposition).toBe("not_interested");
  });

  it("lists the number and ends the call on a stop request", async () => {
    const { say, effects, state } = call();
    const turn = await say("Please take me off your list.");
    expect(turn.call.end).toBe("completed");
    expect(effects).toEqual([{ kind: "do_not_call" }]);
    expect(state.disposition).toBe("do_not_call");
    expect(turn.reply).toMatch(/off our list/);
  });

  it("schedules a call back at the time said", async () => {
    const { say, effects, state } = call();
    const turn = await say("I'm busy right now, call me back tomorrow at 3.");
    expect(turn.call.end).toBe("completed");
    expect(state.disposition).toBe("call_back");
    const at = effects.find((effect) => effect.kind === "callback");
    expect(at && new TZDate(new Date(at.at).getTime(), NY).getHours()).toBe(15);
    expect(at && new TZDate(new Date(at.at).getTime(), NY).getDate()).toBe(25);
  });

  it("asks when to call back when no time is given", async () => {
    const { say, state, effects } = call();
    const ask = await say("Now's not a good time.");
    expect(ask.reply).toMatch(/when would be a better time/i);
    const turn = await say("Thursday afternoon around 2");
    expect(turn.call.end).toBe("completed");
    expect(state.disposition).toBe("call_back");
    expect(effects[0]?.kind).toBe("callback");
  });

  it("ends a wrong number without listing it", async () => {
    const { say, effects, state } = call();
    const turn = await say("You have the wrong number, there's no Pat here.");
    expect(turn.call.end).toBe("completed");
    expect(effects).toEqual([]);
    expect(state.disposition).toBe("wrong_number");
  });

  it("follows the script's questions in order, and books when interested", async () => {
    const { say, state, booked } = call();
    const first = await say("Sure, I have a minute.");
    expect(first.reply).toContain("How old is your roof");
    const second = await say("About fifteen years.");
    expect(second.reply).toContain("leaks or missing shingles");
    const third = await say("A couple of shingles blew off last month.");
    expect(third.reply).toMatch(/set up a time/i);
    const fourth = await say("Yes, Thursday at 10 works.");
    expect(fourth.analysis.appointment).not.toBeNull();
    expect(state.disposition).toBe("booked");
    expect(booked).toHaveLength(1);
    expect(state.answers.map((a) => a.answer)).toEqual([
      "About fifteen years.",
      "A couple of shingles blew off last month.",
    ]);
  });

  it("says it is an automated assistant when asked", async () => {
    const { say } = call();
    const turn = await say("Wait, am I talking to a real person?");
    expect(turn.reply).toMatch(/automated assistant/i);
    expect(turn.call.end).toBeNull();
  });

  it("says it is automated and carries on when that is all that was asked, then answers the next question", async () => {
    const { say } = call();
    const turn = await say("Hold on, is this a robot?");
    expect(turn.reply).toMatch(/automated assistant/i);
    expect(turn.reply).not.toMatch(/don't have that information|open|free/i);
    const next = await say("OK. So what does the inspection cost?");
    expect(next.reply).toContain("Roof inspections are free");
  });

  it("asks someone answering for the callee when to reach them, and calls back then", async () => {
    const { say, state, effects } = call();
    const ask = await say("Pat isn't home, he's out fishing. Can I take a message?");
    expect(ask.reply).toMatch(/when would be a good time to reach Pat/i);
    expect(ask.call.end).toBeNull();
    const turn = await say("Try him tomorrow after lunch, around 1:30.");
    expect(turn.call.end).toBe("completed");
    expect(state.disposition).toBe("call_back");
    const at = effects.find((effect) => effect.kind === "callback");
    const local = at && new TZDate(new Date(at.at).getTime(), NY);
    expect(local && [local.getDate(), local.getHours(), local.getMinutes()]).toEqual([25, 13, 30]);
  });

  it("calls back in time when asked to call before an hour", async () => {
    const { say, effects } = call();
    await say("Call me back Friday, before 11 please.");
    const at = effects.find((effect) => effect.kind === "callback");
    const local = at && new TZDate(new Date(at.at).getTime(), NY);
    expect(local && [local.getDate(), local.getHours()]).toEqual([27, 10]);
  });

  it("gives safety advice first in an emergency", async () => {
    const { say } = call();
    const turn = await say("I can't talk, I smell gas in the house!");
    expect(turn.reply?.startsWith("Please leave the building now")).toBe(true);
  });

  it("leaves a message on an answering machine", async () => {
    const { say, state } = call();
    const turn = await say("Hi, you've reached Pat. Please leave a message after the tone.");
    expect(turn.call.end).toBe("completed");
    expect(state.disposition).toBe("voicemail");
    expect(turn.reply).toMatch(/Summit Roofing/);
  });

  it("says so when it does not know, and offers a call back", async () => {
    const { say } = call();
    const turn = await say("Do you also install solar panels?");
    expect(turn.reply).toMatch(/don't have that information/);
    const yes = await say("Yes please.");
    expect(yes.reply).toMatch(/when would be a better time/i);
  });
});

describe("an inbound call", () => {
  const INBOUND: CallBrief = {
    ...SALES,
    direction: "inbound",
    opening: "Thanks for calling Summit Roofing, this is Riley. How can I help?",
    discloseAutomation: false,
    purpose: null,
  };

  it("answers from knowledge, closes on a goodbye without the after-hours message", async () => {
    const { say } = call(INBOUND);
    const answer = await say("Are inspections free?");
    expect(answer.reply).toContain("Roof inspections are free");
    const bye = await say("Thanks, bye");
    expect(bye.call.end).toBe("completed");
    expect(bye.reply).not.toMatch(/closed/);
  });

  it("advises first on an emergency, then takes it as urgent", async () => {
    const { say } = call(INBOUND);
    const turn = await say("I smell gas in my kitchen!");
    expect(turn.reply?.startsWith("Please leave the building now")).toBe(true);
    expect(turn.state.urgent).toBe(true);
  });

  it("confirms the appointment it just booked", async () => {
    const { say } = call(INBOUND);
    await say("I'd like to book an inspection on Monday at 10");
    const confirm = await say("Can you confirm that appointment?");
    expect(confirm.reply).toMatch(/confirmed for Monday/);
  });
});

describe("bookings within the business's own rules", () => {
  const INBOUND: CallBrief = {
    ...SALES,
    direction: "inbound",
    opening: "Thanks for calling Summit Roofing. How can I help?",
    discloseAutomation: false,
    purpose: null,
  };
  const localOf = (iso: string) => {
    const at = new TZDate(new Date(iso).getTime(), NY);
    return [at.getDate(), at.getHours(), at.getMinutes()];
  };

  it("never books inside the notice the rules ask for, and says why", async () => {
    const brief = {
      ...INBOUND,
      facts: [...INBOUND.facts, ...factsOf("Inspections need at least three hours notice.", "script")],
    };
    const { say, booked, state } = call(brief);
    const soon = await say("Can I book an inspection today at 11?");
    expect(soon.reply).toMatch(/too soon; we need at least three hours' notice/);
    expect(booked).toHaveLength(0);
    await say("OK, 2 pm then.");
    expect(booked).toHaveLength(1);
    expect(state.booked && localOf(state.booked.start)).toEqual([24, 14, 0]);
  });

  it("counts a notice in days from the start of today, and takes the offered day for 'that morning'", async () => {
    const brief = {
      ...INBOUND,
      facts: [
        ...INBOUND.facts,
        ...factsOf("Roof replacements start at least two days from today.", "script"),
      ],
    };
    const { say, state } = call(brief);
    const tomorrow = await say("Could you do the roof tomorrow?");
    expect(tomorrow.reply).toMatch(/earliest we can book is two days from today/);
    expect(tomorrow.reply).toMatch(/Thursday, November 26 at 9:00 AM/);
    await say("Thursday morning then.");
    expect(state.booked && localOf(state.booked.start)).toEqual([26, 9, 0]);
  });

  it("keeps the day offered when the caller names only another hour", async () => {
    const { say, state } = call(INBOUND, [
      {
        start: new Date(new TZDate(2026, 10, 26, 10, 0, NY).getTime()),
        end: new Date(new TZDate(2026, 10, 26, 11, 0, NY).getTime()),
      },
    ]);
    const taken = await say("Can I book an inspection Thursday at 10?");
    expect(taken.reply).toMatch(/already taken/);
    await say("Hmm, no. How about 3 pm then?");
    expect(state.booked && localOf(state.booked.start)).toEqual([26, 15, 0]);
  });

  it("passes on a party larger than the rules let it book", async () => {
    const brief = {
      ...INBOUND,
      facts: [...INBOUND.facts, ...factsOf("Groups of ten or more are arranged with the owner.", "script")],
    };
    const { say, booked } = call(brief);
    const turn = await say("Can I book a visit for twelve people on Friday at 10?");
    expect(turn.reply).toMatch(/Groups of ten or more are arranged with the owner/);
    expect(booked).toHaveLength(0);
    await say("Can I book a visit for four people on Friday at 10?");
    expect(booked).toHaveLength(1);
  });
});
