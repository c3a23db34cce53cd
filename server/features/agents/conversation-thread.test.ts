import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversationTestResponse, HistoryTurn } from "../../../common/agents";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";

/**
 * POST /api/conversation/test as the preview screens hold a conversation: each message goes with
 * the conversation so far, and the engine answers it as the next turn of one call (the script's
 * questions one after another, a time offered then agreed and remembered), whatever the hour.
 */

let t: TestApp;
let clock = new Date("2026-11-30T15:00:00Z");
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

/** Says each message after the ones before it, as the screens send them; returns the replies. */
async function converse(c: TestClient, messages: string[]): Promise<ConversationTestResponse[]> {
  const history: HistoryTurn[] = [];
  const answers: ConversationTestResponse[] = [];
  for (const message of messages) {
    const res = await c.post("/api/conversation/test", { message, conversationHistory: [...history] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ConversationTestResponse;
    answers.push(answer);
    history.push({ role: "caller", text: message }, { role: "agent", text: answer.response });
  }
  return answers;
}

const STEPS = [
  "What is the service address?",
  "How many people use the internet at home?",
  "Do you mostly stream, game or work from home?",
];
/** The script's questions a reply asks, by their place in the flow. */
const asks = (reply: string) => STEPS.flatMap((step, index) => (reply.includes(step) ? [index + 1] : []));

describe("a conversation through the preview keeps its thread", () => {
  it("asks the script's questions one after another, none again once answered, then says goodbye", async () => {
    const c = await buildWorkspace(t);
    expect((await c.post("/api/ai-settings", { businessHours: "Open 24/7" })).statusCode).toBe(200);
    const script = await c.post("/api/ai-scripts", {
      name: "Acme Internet",
      openingMessage: "Thanks for calling Acme Internet, how can we help?",
      isDefault: true,
      businessRules: ["The Basic plan costs $40 a month."],
      conversationFlow: STEPS,
    });
    expect(script.statusCode, script.body).toBe(201);

    const answers = await converse(c, [
      "Hi, I'm interested in your internet plans",
      "It's 12 Oak Street, Springfield",
      "We have four people",
      "Mostly streaming and working from home",
      "No, that's all, thanks, bye",
    ]);
    expect(answers.map((answer) => asks(answer.response))).toEqual([[1], [2], [3], [], []]);
    expect(answers[4]?.response).toMatch(/goodbye/i);
    expect(answers[4]?.nextAction).toBe("end_call");
    for (const answer of answers) {
      expect(answer.response).not.toContain("Thanks for calling Acme Internet");
      expect(answer.greeting).toBe("Thanks for calling Acme Internet, how can we help?");
    }

    // The same answer sent alone (as a screen that forgets the conversation would) is a first
    // turn: nothing says which question it answers, so the flow does not move on to the third.
    const alone = await c.post("/api/conversation/test", { message: "We have four people" });
    expect(asks((alone.json() as ConversationTestResponse).response)).not.toContain(3);
  });

  for (const [when, at] of [
    ["inside the working hours (Monday 10 AM)", "2026-11-30T15:00:00Z"],
    ["after them (Saturday 11 PM)", "2026-12-06T04:00:00Z"],
  ] as const) {
    it(`books the time offered, repeats that same time when asked, and says goodbye, ${when}`, async () => {
      clock = new Date(at);
      const c = await buildWorkspace(t);
      const script = await c.post("/api/ai-scripts", {
        name: "Bright Smile Dental",
        openingMessage: "Thanks for calling Bright Smile Dental, how can I help?",
        isDefault: true,
        businessRules: ["A teeth cleaning costs $95.", "We are open Monday to Friday, 9 AM to 5 PM."],
      });
      expect(script.statusCode, script.body).toBe(201);

      const [price, offer, booked, confirmed, goodbye] = (
        await converse(c, [
          "How much is a teeth cleaning?",
          "Can I come in Thursday morning?",
          "Yes that works",
          "Can you confirm my appointment?",
          "Thanks, bye",
        ])
      ).map((answer) => answer.response);
      expect(price).toContain("A teeth cleaning costs $95.");
      const offered = /Thursday, \w+ \d{1,2} at \d{1,2}:\d{2} AM/.exec(offer ?? "")?.[0];
      expect(offered, offer).toBeTruthy();
      expect(booked).toContain(`booked for ${offered}`);
      expect(confirmed).toContain(`confirmed for ${offered}`);
      expect(goodbye).toMatch(/goodbye/i);
      expect(goodbye).not.toMatch(/closed|our hours are/i);
      expect(goodbye).not.toContain("Thanks for calling Bright Smile Dental");
    });
  }
});
