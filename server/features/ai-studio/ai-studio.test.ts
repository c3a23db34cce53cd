import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AiFlow,
  type AiFlowCreate,
  type AutomationRule,
  type AutomationRuleCreate,
  FILL_ALL_FIELDS,
} from "../../../common/ai-studio";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { asDataUrl, speechLikeWav, toneWav } from "../../test/audio";
import { buildMember, buildVoiceProfile, buildWorkspace } from "../../test/factories";
import { waitFor } from "../../test/jobs";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const flowBody: AiFlowCreate = {
  name: "Opening hours",
  triggerKeywords: ["opening hours", "what time do you open"],
  responseTemplate: "Hi {{callerName}}, {{businessName}} is open nine to five, Monday to Friday.",
  nextAction: "continue",
  conditions: [],
};

async function createFlow(c: TestClient, fields: Partial<AiFlowCreate> = {}): Promise<AiFlow> {
  const res = await c.post("/api/ai-flows", { ...flowBody, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function createRule(c: TestClient, fields: AutomationRuleCreate): Promise<AutomationRule> {
  const res = await c.post("/api/automation-rules", fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A simulated call: the caller's turns, then (unless `live`) the user ends it. */
async function simulatedCall(
  c: TestClient,
  turns: string[],
  options: { phoneNumber?: string; callerName?: string; live?: boolean } = {},
) {
  const started = await c.post("/api/calls/simulate", {
    phoneNumber: options.phoneNumber ?? "+12125550147",
    ...(options.callerName ? { callerName: options.callerName } : {}),
  });
  expect(started.statusCode, started.body).toBe(201);
  const id = started.json().id as string;
  const replies: { text: string | null; isActive: boolean }[] = [];
  for (const text of turns) {
    const res = await c.post(`/api/calls/${id}/process-audio`, { text });
    expect(res.statusCode, res.body).toBe(200);
    replies.push({ text: res.json().response.text, isActive: res.json().call.isActive });
    if (!res.json().call.isActive) break;
  }
  const last = replies.at(-1);
  if (!options.live && (last === undefined || last.isActive)) {
    const ended = await c.patch(`/api/calls/${id}`, { isActive: false });
    expect(ended.statusCode, ended.body).toBe(200);
  }
  return { id, replies, call: (await c.get(`/api/calls/${id}`)).json() };
}

const rulesOf = async (c: TestClient) => (await c.get("/api/automation-rules")).json() as AutomationRule[];

/** Waits for the rule's automation job to count a run (the job runs after the call is stored). */
const waitForRuns = (c: TestClient, ruleId: string, runs: number) =>
  waitFor(
    async () => {
      const rule = (await rulesOf(c)).find((r) => r.id === ruleId);
      return rule && rule.runCount >= runs ? rule : undefined;
    },
    15_000,
    `rule ${ruleId} to run ${runs} time(s)`,
  );

describe("AI flows", () => {
  it("answers 'Please fill in all fields' when name, trigger or response is missing", async () => {
    const c = await buildWorkspace(t);
    for (const body of [
      {},
      { ...flowBody, name: "" },
      { ...flowBody, name: "   " },
      { ...flowBody, triggerKeywords: [] },
      { ...flowBody, triggerKeywords: " , ," },
      { ...flowBody, responseTemplate: "" },
      { triggerKeywords: ["hours"], responseTemplate: "Open" },
    ]) {
      const res = await c.post("/api/ai-flows", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(FILL_ALL_FIELDS);
    }
    expect((await c.get("/api/ai-flows")).json()).toEqual([]);
  });

  it("refuses a template with an unknown variable or stray braces, naming the ones offered", async () => {
    const c = await buildWorkspace(t);
    const unknown = await c.post("/api/ai-flows", { ...flowBody, responseTemplate: "Hi {{ callerNme }}" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("Unknown variable {{callerNme}}");
    expect(unknown.json().message).toContain("{{callerName}}");
    const code = await c.post("/api/ai-flows", { ...flowBody, responseTemplate: "{{#if x}}yes{{/if}}" });
    expect(code.statusCode).toBe(400);
    const stray = await c.post("/api/ai-flows", { ...flowBody, responseTemplate: "Hello {{callerName}" });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toContain("braces");
    const action = await c.post("/api/ai-flows", { ...flowBody, nextAction: "dance" });
    expect(action.statusCode).toBe(400);
    expect(action.json().message).toContain("Next action must be one of continue, transfer");
    const both = await c.post("/api/ai-flows", {
      ...flowBody,
      conditions: ["business_hours", "after_hours"],
    });
    expect(both.statusCode).toBe(400);
  });

  it("creates with the spec's defaults, splits comma keywords, edits, lists and deletes", async () => {
    const c = await buildWorkspace(t);
    const created = await createFlow(c, {
      triggerKeywords: "price, pricing , Price, how much",
      nextAction: undefined,
      conditions: undefined,
    });
    expect(created).toMatchObject({
      name: "Opening hours",
      triggerKeywords: ["price", "pricing", "how much"],
      nextAction: "continue",
      conditions: [],
      isActive: true,
    });
    const changed = await c.put(`/api/ai-flows/${created.id}`, {
      name: "Prices",
      nextAction: "take_message",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: "Prices", nextAction: "take_message" });
    expect((await c.get("/api/ai-flows")).json()).toEqual([changed.json()]);
    expect((await c.put(`/api/ai-flows/${created.id}`, {})).statusCode).toBe(400);
    expect((await c.delete(`/api/ai-flows/${created.id}`)).statusCode).toBe(204);
    expect((await c.delete(`/api/ai-flows/${created.id}`)).statusCode).toBe(404);
    expect((await c.get("/api/ai-flows")).json()).toEqual([]);
  });

  it("tests a message: trigger, rendered variables, next action, and conditions that do not hold", async () => {
    const c = await buildWorkspace(t, { businessInfo: { companyName: "Bright Smiles Dental" } });
    const flow = await createFlow(c, { nextAction: "book_appointment" });
    const hit = await c.post(`/api/ai-flows/${flow.id}/test`, {
      testMessage: "Hi, what are your OPENING HOURS?",
      callerName: "Dana",
    });
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual({
      triggered: true,
      matchedKeyword: "opening hours",
      unmetConditions: [],
      response: "Hi Dana, Bright Smiles Dental is open nine to five, Monday to Friday.",
      nextAction: "book_appointment",
      isActive: true,
    });
    const anonymous = await c.post(`/api/ai-flows/${flow.id}/test`, { testMessage: "opening hours please" });
    expect(anonymous.json().response).toBe(
      "Hi there, Bright Smiles Dental is open nine to five, Monday to Friday.",
    );
    // Whole words only: "hoursly" is not "hours".
    const miss = await c.post(`/api/ai-flows/${flow.id}/test`, { testMessage: "I need a plumber" });
    expect(miss.json()).toMatchObject({ triggered: false, matchedKeyword: null, response: null });

    const known = await createFlow(c, { name: "Regulars", conditions: ["known_caller"] });
    const stranger = await c.post(`/api/ai-flows/${known.id}/test`, {
      testMessage: "opening hours?",
      knownCaller: false,
    });
    expect(stranger.json()).toMatchObject({
      triggered: false,
      matchedKeyword: "opening hours",
      unmetConditions: ["known_caller"],
      response: null,
    });
    const regular = await c.post(`/api/ai-flows/${known.id}/test`, {
      testMessage: "opening hours?",
      knownCaller: true,
    });
    expect(regular.json().triggered).toBe(true);

    const empty = await c.post(`/api/ai-flows/${flow.id}/test`, { testMessage: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please enter a test message");
  });

  it("says the flow's response on a simulated call, and the engine's own reply once it is paused", async () => {
    const c = await buildWorkspace(t, { businessInfo: { companyName: "Bright Smiles Dental" } });
    const flow = await createFlow(c);
    const answered = await simulatedCall(c, ["Hello, what are your opening hours?"], { callerName: "Dana" });
    expect(answered.replies[0]?.text).toBe(
      "Hi Dana, Bright Smiles Dental is open nine to five, Monday to Friday.",
    );
    expect(answered.call.transcript).toContain(
      "AI: Hi Dana, Bright Smiles Dental is open nine to five, Monday to Friday.",
    );
    expect(answered.call.transcript).toContain('System: Answered by AI flow "Opening hours"');

    expect((await c.put(`/api/ai-flows/${flow.id}`, { isActive: false })).statusCode).toBe(200);
    const engine = await simulatedCall(c, ["Hello, what are your opening hours?"], { callerName: "Dana" });
    expect(engine.replies[0]?.text).not.toContain("nine to five");
    expect(engine.call.transcript).not.toContain("AI flow");
  });

  it("answers before the engine offers a time, but leaves a caller choosing a time to the engine", async () => {
    const c = await buildWorkspace(t);
    await createFlow(c, {
      triggerKeywords: ["when are you open"],
      responseTemplate: "We open at nine every weekday.",
    });
    const asked = await simulatedCall(c, ["Hi, when are you open tomorrow?"], { live: true });
    expect(asked.replies[0]?.text).toBe("We open at nine every weekday.");
    expect(asked.call.transcript).not.toContain("opening");
    // Nothing was offered, so a "yes" books nothing.
    const yes = await c.post(`/api/calls/${asked.id}/process-audio`, { text: "Yes please" });
    expect(yes.json().call.transcript).not.toContain("Appointment booked");

    const booking = await simulatedCall(
      c,
      ["I'd like to book an appointment", "when are you open tomorrow"],
      {
        live: true,
        phoneNumber: "+12125550148",
      },
    );
    expect(booking.replies).toHaveLength(2);
    expect(booking.replies[0]?.text).not.toBe("We open at nine every weekday.");
    expect(booking.replies[1]?.text).not.toBe("We open at nine every weekday.");
  });

  it("takes the next action: end the call, transfer to the owner's cellphone, take a message", async () => {
    const c = await buildWorkspace(t);
    await createFlow(c, {
      name: "Job applications",
      triggerKeywords: ["job application"],
      responseTemplate: "We're not hiring right now, but thank you for thinking of us. Goodbye!",
      nextAction: "end_call",
    });
    const ended = await simulatedCall(c, ["Hi, I'm calling about a job application"], { live: true });
    expect(ended.replies[0]).toEqual({
      text: "We're not hiring right now, but thank you for thinking of us. Goodbye!",
      isActive: false,
    });
    expect(ended.call).toMatchObject({ isActive: false, status: "completed" });
    expect(ended.call.actionTaken).toBe('Call ended by AI flow "Job applications"');

    await createFlow(c, {
      name: "Billing desk",
      triggerKeywords: ["billing"],
      responseTemplate: "Let me put you through to our billing desk.",
      nextAction: "transfer",
    });
    // No cellphone yet: a message is taken, and the note says what to add.
    const noNumber = await simulatedCall(c, ["I have a question about billing"], { live: true });
    expect(noNumber.replies[0]?.text).toBe("Let me put you through to our billing desk.");
    expect(noNumber.call.transferredAt).toBeNull();
    expect(noNumber.call.actionTaken).toContain("add your cellphone number in Settings");

    expect((await c.put("/api/user/profile", { cellphoneNumber: "+12125550199" })).statusCode).toBe(200);
    const transferred = await simulatedCall(c, ["I have a question about billing"], { live: true });
    expect(transferred.call.transferredAt).not.toBeNull();
    expect(transferred.call.actionTaken).toBe('Transferred by AI flow "Billing desk" to +12125550199');
  });

  it("is the workspace's own: another workspace's flow is 404 and never answers its calls", async () => {
    const owner = await buildWorkspace(t);
    const flow = await createFlow(owner);
    const other = await buildWorkspace(t);
    expect((await other.put(`/api/ai-flows/${flow.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect(
      (await other.post(`/api/ai-flows/${flow.id}/test`, { testMessage: "opening hours" })).statusCode,
    ).toBe(404);
    expect((await other.delete(`/api/ai-flows/${flow.id}`)).statusCode).toBe(404);
    const call = await simulatedCall(other, ["What are your opening hours?"]);
    expect(call.call.transcript).not.toContain("AI flow");
  });

  it("lets members read and test flows; changing them needs an admin", async () => {
    const owner = await buildWorkspace(t);
    const flow = await createFlow(owner);
    const agent = await buildMember(t, owner, "agent");
    expect((await agent.get("/api/ai-flows")).json()).toHaveLength(1);
    expect(
      (await agent.post(`/api/ai-flows/${flow.id}/test`, { testMessage: "opening hours" })).statusCode,
    ).toBe(200);
    const refused = await agent.post("/api/ai-flows", flowBody);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("admin");
    const admin = await buildMember(t, owner, "admin");
    expect((await admin.put(`/api/ai-flows/${flow.id}`, { name: "By the admin" })).statusCode).toBe(200);
  });
});

describe("automation rules", () => {
  it("validates the condition and the action with messages a person can act on", async () => {
    const c = await buildWorkspace(t);
    const cases: [unknown, string][] = [
      [{ condition: { type: "sentiment_negative" }, action: { type: "follow_up" } }, "Rule name is required"],
      [
        { name: "x", condition: { type: "weather" }, action: { type: "follow_up" } },
        "Condition type must be one of",
      ],
      [
        {
          name: "x",
          condition: { type: "importance_at_least", importance: 9 },
          action: { type: "follow_up" },
        },
        "Importance must be a whole number from 1 to 5",
      ],
      [
        {
          name: "x",
          condition: { type: "classification_is", classification: "pizza" },
          action: { type: "follow_up" },
        },
        "Classification must be one of",
      ],
      [
        { name: "x", condition: { type: "caller_not_contact" }, action: { type: "tag_contact", tag: " " } },
        "Enter the tag to add",
      ],
      [
        { name: "x", condition: { type: "caller_not_contact" }, action: { type: "email" } },
        "Action type must be one of",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await c.post("/api/automation-rules", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("acts on a finished simulated call, counts the run, and not once paused", async () => {
    const c = await buildWorkspace(t);
    const rule = await createRule(c, {
      name: "Support calls matter",
      condition: { type: "classification_is", classification: "support" },
      action: { type: "mark_important" },
    });
    expect(rule).toMatchObject({
      conditionText: "Classification is support",
      actionText: "Mark the call important",
      runCount: 0,
      lastRunAt: null,
      isActive: true,
    });
    const support = await simulatedCall(c, [
      "My internet has been down since yesterday and the router keeps blinking",
    ]);
    expect(support.call.classification).toBe("support");
    expect(support.call.importance).toBeLessThan(5);
    const ran = await waitForRuns(c, rule.id, 1);
    expect(ran.lastOutcome).toBe("Marked the call from +12125550147 important");
    expect(ran.lastFailed).toBe(false);
    expect(ran.lastRunAt).not.toBeNull();
    expect((await c.get(`/api/calls/${support.id}`)).json().importance).toBe(5);

    const paused = await c.post(`/api/automation-rules/${rule.id}/toggle`);
    expect(paused.json().isActive).toBe(false);
    const whilePaused = await simulatedCall(c, ["My internet has been down since yesterday"], {
      phoneNumber: "+12125550149",
    });
    expect(whilePaused.call.classification).toBe("support");
    // A call that only said hello: the assistant asks nothing of the user, the rule flags it.
    const probe = await createRule(c, {
      name: "Call back unknown callers",
      condition: { type: "caller_not_contact" },
      action: { type: "follow_up" },
    });
    const hello = await simulatedCall(c, ["Hello?"], { phoneNumber: "+12125550150" });
    expect(hello.call.followUpRequired).toBe(false);
    const flagged = await waitForRuns(c, probe.id, 1);
    expect(flagged.lastOutcome).toBe("Flagged the call from +12125550150 for follow-up");
    expect((await c.get(`/api/calls/${hello.id}`)).json().followUpRequired).toBe(true);
    // By the time the newer rule ran on the later call, the paused one had its chance on the earlier one.
    expect((await rulesOf(c)).find((r) => r.id === rule.id)?.runCount).toBe(1);
    expect((await c.get(`/api/calls/${whilePaused.id}`)).json().importance).toBe(whilePaused.call.importance);
  });

  it("adds a caller to the do-not-call list and tags the caller's contact", async () => {
    const c = await buildWorkspace(t);
    const contact = await c.post("/api/contacts", {
      name: "Pat Rivera",
      phoneNumber: "+1 212 555 0160",
      tags: ["vip"],
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const dnc = await createRule(c, {
      name: "Stop spammers calling back",
      condition: { type: "caller_not_contact" },
      action: { type: "do_not_call" },
    });
    const tag = await createRule(c, {
      name: "Tag unhappy callers",
      condition: { type: "sentiment_negative" },
      action: { type: "tag_contact", tag: "unhappy" },
    });
    await simulatedCall(c, ["Hello, this is a message for the owner about the parcel"], {
      phoneNumber: "+12125550161",
    });
    const listed = await waitForRuns(c, dnc.id, 1);
    expect(listed.lastOutcome).toBe("Added +12125550161 to the do-not-call list");
    const list = (await c.get("/api/do-not-call")).json();
    expect(JSON.stringify(list)).toContain("+12125550161");

    await simulatedCall(c, ["I'm really frustrated, this is unacceptable, my order is wrong again"], {
      phoneNumber: "+12125550160",
    });
    const tagged = await waitForRuns(c, tag.id, 1);
    expect(tagged.lastOutcome).toBe('Tagged Pat Rivera "unhappy"');
    const after = (await c.get(`/api/contacts/${contact.json().id}`)).json();
    expect(after.tags).toEqual(["vip", "unhappy"]);
    // Pat is a contact: the do-not-call rule did not run again.
    expect((await rulesOf(c)).find((r) => r.id === dnc.id)?.runCount).toBe(1);
  });

  it("edits, deletes, keeps to its workspace, and needs an admin to change", async () => {
    const owner = await buildWorkspace(t);
    const rule = await createRule(owner, {
      name: "Important calls",
      condition: { type: "importance_at_least", importance: 4 },
      action: { type: "mark_important" },
    });
    const edited = await owner.put(`/api/automation-rules/${rule.id}`, {
      condition: { type: "duration_over", seconds: 120 },
    });
    expect(edited.json()).toMatchObject({
      conditionText: "Call longer than 120 seconds",
      name: "Important calls",
    });
    const other = await buildWorkspace(t);
    expect((await other.put(`/api/automation-rules/${rule.id}`, { name: "x" })).statusCode).toBe(404);
    expect((await other.post(`/api/automation-rules/${rule.id}/toggle`)).statusCode).toBe(404);
    expect((await other.delete(`/api/automation-rules/${rule.id}`)).statusCode).toBe(404);
    expect(await rulesOf(other)).toEqual([]);
    const agent = await buildMember(t, owner, "agent");
    expect(await rulesOf(agent)).toHaveLength(1);
    expect((await agent.post(`/api/automation-rules/${rule.id}/toggle`)).statusCode).toBe(403);
    expect((await owner.delete(`/api/automation-rules/${rule.id}`)).statusCode).toBe(204);
    expect(await rulesOf(owner)).toEqual([]);
  });
});

describe("voice clones", () => {
  it("lists the workspace's voice profiles as clones, creates one with consent, activates and deletes it", async () => {
    const c = await buildWorkspace(t);
    const profile = await buildVoiceProfile(c, { voiceName: "Front desk" });
    const listed = (await c.get("/api/voice-clones")).json();
    expect(listed).toEqual([
      expect.objectContaining({
        id: profile.id,
        name: "Front desk",
        voiceType: "built-in",
        language: "en-US",
        isActive: false,
      }),
    ]);
    expect(listed[0].accent).toContain("English (US)");

    const recording = asDataUrl(speechLikeWav(13, 200));
    const noConsent = await c.post("/api/voice-clones", { name: "Night line", audioData: recording });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toContain("consent");
    // A tone and a short recording are refused, saying what was heard.
    const tone = await c.post("/api/voice-clones", {
      name: "Night line",
      audioData: asDataUrl(toneWav(15, 200)),
      consent: true,
    });
    expect(tone.statusCode).toBe(400);
    expect(tone.json().message).toMatch(/^No speech was heard in the sample\. Record at least 10 seconds/);
    const short = await c.post("/api/voice-clones", {
      name: "Night line",
      audioData: asDataUrl(speechLikeWav(6, 200)),
      consent: true,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(
      /^The sample has only 5 seconds of speech\. Record at least 10 seconds/,
    );
    const created = await c.post("/api/voice-clones", {
      name: "Night line",
      audioData: recording,
      consent: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: "Night line", voiceType: "built-in", isActive: false });
    expect(created.json().notice).toContain("Voice cloning is not set up");
    // The same voice, seen from Settings' voice profiles.
    const profiles = (await c.get("/api/voice-profiles")).json();
    expect(profiles.map((p: { voiceName: string }) => p.voiceName).sort()).toEqual([
      "Front desk",
      "Night line",
    ]);

    const activated = await c.put(`/api/voice-clones/${created.json().id}/activate`);
    expect(activated.json().isActive).toBe(true);
    expect((await c.delete(`/api/voice-clones/${profile.id}`)).statusCode).toBe(204);
    expect((await c.get("/api/voice-clones")).json()).toHaveLength(1);

    const other = await buildWorkspace(t);
    expect((await other.put(`/api/voice-clones/${created.json().id}/activate`)).statusCode).toBe(404);
    expect((await other.delete(`/api/voice-clones/${created.json().id}`)).statusCode).toBe(404);
    const agent = await buildMember(t, c, "agent");
    expect((await agent.get("/api/voice-clones")).json()).toHaveLength(1);
    expect((await agent.delete(`/api/voice-clones/${created.json().id}`)).statusCode).toBe(403);
  });
});

describe("conversation analysis", () => {
  it("reads a message with the engine and recommends what the assistant would say on a call", async () => {
    const c = await buildWorkspace(t);
    const message = "My internet has been down since yesterday and I work from home";
    const res = await c.post("/api/ai-studio/analyze-conversation", { message });
    expect(res.statusCode).toBe(200);
    const analysis = res.json();
    expect(analysis).toMatchObject({ classification: "support", source: "local", flow: null });
    expect(["positive", "negative", "neutral"]).toContain(analysis.sentiment);
    expect(analysis.urgency).toBeGreaterThanOrEqual(0);
    expect(analysis.urgency).toBeLessThanOrEqual(1);
    expect(analysis.confidence).toBeGreaterThan(0);
    expect(analysis.confidence).toBeLessThanOrEqual(1);
    // What the assistant says to a caller who opens with the same words.
    const call = await simulatedCall(c, [message], { phoneNumber: "+12125550170" });
    expect(analysis.recommendedResponse).toBe(call.replies[0]?.text);

    const urgent = (
      await c.post("/api/ai-studio/analyze-conversation", {
        message: "Please call me back right away, it's urgent, the basement is flooding",
      })
    ).json();
    const calm = (
      await c.post("/api/ai-studio/analyze-conversation", {
        message: "No rush, whenever you get a chance could you send me the brochure",
      })
    ).json();
    expect(urgent.urgency).toBeGreaterThan(calm.urgency);
  });

  it("names the AI flow that would answer, and its response", async () => {
    const c = await buildWorkspace(t, { businessInfo: { companyName: "Bright Smiles Dental" } });
    const flow = await createFlow(c);
    const analysis = (
      await c.post("/api/ai-studio/analyze-conversation", { message: "What are your opening hours?" })
    ).json();
    expect(analysis.flow).toEqual({ id: flow.id, name: "Opening hours" });
    expect(analysis.recommendedResponse).toBe(
      "Hi there, Bright Smiles Dental is open nine to five, Monday to Friday.",
    );
  });

  it("refuses an empty or overlong message", async () => {
    const c = await buildWorkspace(t);
    const empty = await c.post("/api/ai-studio/analyze-conversation", { message: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please enter a message to analyze");
    const long = await c.post("/api/ai-studio/analyze-conversation", { message: "a".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("The message must be at most 2000 characters");
  });
});

describe("generated voice", () => {
  it("speaks the text in the chosen language, style and speed; the audio opens only for its workspace", async () => {
    const c = await buildWorkspace(t);
    const text = "Thank you for calling. How can I help you today?";
    const slow = await c.post("/api/ai-studio/generate-voice", {
      text,
      voiceSettings: { tone: "warm", speed: "slow", language: "en-GB" },
    });
    expect(slow.statusCode, slow.body).toBe(200);
    expect(slow.json()).toMatchObject({ mimeType: "audio/wav", voice: "en-gb+f4" });
    expect(slow.json().audioUrl).toMatch(/^\/api\/ai-studio\/audio\/[0-9a-f-]{36}$/);
    const fast = await c.post("/api/ai-studio/generate-voice", {
      text,
      voiceSettings: { tone: "warm", speed: "fast", language: "en-GB" },
    });
    expect(fast.json().seconds).toBeLessThan(slow.json().seconds);
    const spanish = await c.post("/api/ai-studio/generate-voice", {
      text: "Gracias por llamar.",
      voiceSettings: { tone: "energetic", speed: "normal", language: "es-ES" },
    });
    expect(spanish.json().voice).toBe("es+f3");

    const audio = await c.get(slow.json().audioUrl);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/wav");
    expect(audio.rawPayload.subarray(0, 4).toString("ascii")).toBe("RIFF");

    const other = await buildWorkspace(t);
    expect((await other.get(slow.json().audioUrl)).statusCode).toBe(404);
    expect((await t.client().get(slow.json().audioUrl)).statusCode).toBe(401);
    const agent = await buildMember(t, c, "agent");
    expect((await agent.get(slow.json().audioUrl)).statusCode).toBe(200);
  });

  it("refuses empty or overlong text and unknown settings", async () => {
    const c = await buildWorkspace(t);
    const cases: [unknown, string][] = [
      [{ text: "" }, "Please enter the text to speak"],
      [{ text: "a".repeat(501) }, "The text must be at most 500 characters"],
      [
        { text: "Hi", voiceSettings: { tone: "angry" } },
        "Voice style must be one of professional, friendly, warm, energetic",
      ],
      [{ text: "Hi", voiceSettings: { speed: "ludicrous" } }, "Speed must be one of slow, normal, fast"],
      [
        { text: "Hi", voiceSettings: { language: "de-DE" } },
        "Language must be one of en-US, en-GB, es-ES, fr-FR",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await c.post("/api/ai-studio/generate-voice", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe("performance metrics", () => {
  it("counts the workspace's ended calls: resolution, transfers and classifications over 7 and 30 days", async () => {
    const c = await buildWorkspace(t);
    const empty = (await c.get("/api/ai-studio/performance-metrics")).json();
    expect(empty.windows).toEqual([
      {
        days: 7,
        calls: 0,
        resolutionRate: null,
        transferRate: null,
        averageDurationSeconds: null,
        byClassification: [],
      },
      {
        days: 30,
        calls: 0,
        resolutionRate: null,
        transferRate: null,
        averageDurationSeconds: null,
        byClassification: [],
      },
    ]);
    expect(empty.notShown[0]).toContain("Response time");

    await c.put("/api/user/profile", { cellphoneNumber: "+12125550199" });
    expect((await c.post("/api/ai-settings", { forwardUrgent: true })).statusCode).toBe(200);
    await simulatedCall(c, ["My internet has been down since yesterday", "Thanks, bye"], {
      phoneNumber: "+12125550180",
    });
    await simulatedCall(
      c,
      ["There's been an emergency, my father collapsed, please get me through urgently"],
      {
        phoneNumber: "+12125550181",
      },
    );
    // Live calls are not counted until they end.
    await simulatedCall(c, ["Hello?"], { phoneNumber: "+12125550182", live: true });
    const metrics = (await c.get("/api/ai-studio/performance-metrics")).json();
    const week = metrics.windows[0];
    expect(week.calls).toBe(2);
    expect(week.transferRate).toBe(50);
    expect(week.byClassification).toEqual(
      expect.arrayContaining([
        { classification: "support", calls: 1 },
        { classification: "important", calls: 1 },
      ]),
    );
    expect(week.resolutionRate).toBeGreaterThan(0);
    expect(metrics.windows[1].calls).toBe(2);
    // Another workspace's figures are its own.
    const other = await buildWorkspace(t);
    expect((await other.get("/api/ai-studio/performance-metrics")).json().windows[0].calls).toBe(0);
  });
});
