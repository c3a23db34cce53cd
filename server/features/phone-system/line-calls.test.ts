import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ON_DO_NOT_CALL } from "../../../common/contacts";
import {
  NO_BUSINESS_NUMBER,
  NO_CELLPHONE,
  type PhoneAnalytics,
  VOICEMAIL_PROMPT,
  VOICEMAIL_SAVED,
  type Voicemail,
} from "../../../common/phone-system";
import type { TestClient } from "../../test/app";
import { clockFrom, NEW_YORK_NOON } from "../../test/dialing";
import { buildWorkspace, rows, type SignedInClient } from "../../test/factories";
import { recordingOf, wordReader } from "../../test/speech";
import {
  connectTwilio,
  eventually,
  PUBLIC_URL,
  setUser,
  TWILIO,
  telephonyTestApp,
  twilioPost,
  twimlAttr,
} from "../../test/telephony";
import { PHONE_SYSTEM_PATHS } from "./routing-twiml";

/**
 * The business phone system's calls, end to end on the carrier simulator:
 * routing by the hours, extensions, forwarding, voicemail (recorded, stored, transcribed,
 * listed, played), the analytics counted from those calls, and click-to-call; and Twilio's side:
 * the number's webhooks set through its REST API, signed webhooks, the recording fetched.
 */

let env: Awaited<ReturnType<typeof telephonyTestApp>>;
beforeAll(async () => {
  env = await telephonyTestApp(
    {},
    // The simulated caller's voice carries their words; the test recogniser reads them back. Noon
    // in New York: click-to-call's contacts (Orlando numbers) are inside their calling hours.
    {
      speech: wordReader(),
      simulatorVoice: async (text) => recordingOf(text),
      now: clockFrom(NEW_YORK_NOON),
    },
  );
});
afterAll(() => env.close());

const ALWAYS_OPEN = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: "00:00", close: "23:59" }));
const CALLER = "+14075550142";

async function simulatorNumberOf(c: TestClient): Promise<string> {
  return (await c.get("/api/telephony")).json().simulatorNumber;
}

/** The workspace's simulator number as a business number with these hours, routing applied. */
async function routedSimulatorNumber(
  c: TestClient,
  hours: { weekday: number; open: string; close: string }[],
  extensions: Record<string, unknown>[] = [],
) {
  const added = await c.post("/api/grasshopper/numbers", {
    number: await simulatorNumberOf(c),
    greeting: "Thank you for calling Doe Plumbing.",
  });
  expect(added.statusCode, added.body).toBe(201);
  const id = added.json().number.id as string;
  expect((await c.put(`/api/grasshopper/numbers/${id}/hours`, { hours })).statusCode).toBe(200);
  for (const extension of extensions)
    expect((await c.post(`/api/grasshopper/numbers/${id}/extensions`, extension)).statusCode).toBe(201);
  const routed = await c.post("/api/grasshopper/setup-routing");
  expect(routed.statusCode, routed.body).toBe(200);
  expect(routed.json().applied[0]).toMatchObject({ numberId: id, applied: "recorded" });
  return { id, number: added.json().number.number as string };
}

async function ring(c: TestClient, script: string[]): Promise<string> {
  const res = await c.post("/api/telephony/simulator/calls", { from: CALLER, callerName: "Dana", script });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().callSid;
}

const simulator = () => env.t.app.services.telephony.simulator;

async function callEnded(sid: string) {
  await simulator().inspect(sid)?.done;
}

async function voicemails(c: TestClient): Promise<Voicemail[]> {
  const res = await c.get("/api/grasshopper/voicemails");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().voicemails;
}

async function analytics(c: TestClient): Promise<PhoneAnalytics> {
  const res = await c.get("/api/grasshopper/analytics");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().analytics;
}

describe("voicemail after hours, end to end on the simulator", () => {
  let c: SignedInClient;
  let voicemail: Voicemail;
  const message = "Hi, this is Dana from Ocala, the kitchen sink is leaking, please call me back";

  beforeAll(async () => {
    c = await buildWorkspace(env.t);
    // No hours at all: always after hours, and the after-hours action is voicemail.
    await routedSimulatorNumber(c, []);
    const sid = await ring(c, [message]);
    await callEnded(sid);
    const view = simulator().inspect(sid);
    expect(view?.heard).toContain(VOICEMAIL_PROMPT);
    // The caller hung up after speaking (Digits=hangup): nothing more is played to them.
    voicemail = await eventually(async () => {
      const [first] = await voicemails(c);
      expect(first?.transcriptionStatus).toBe("done");
      return first as Voicemail;
    }, 20_000);
  });

  it("is recorded, stored, transcribed by the speech provider and listed (fields)", () => {
    expect(voicemail).toMatchObject({
      from: CALLER,
      transcription: message,
      transcriptionStatus: "done",
      audioUrl: `/api/grasshopper/voicemails/${voicemail.id}/audio`,
      extension: null,
      listened: false,
    });
    expect(voicemail.duration).toBeGreaterThan(0);
    expect(Date.parse(voicemail.timestamp)).not.toBeNaN();
  });

  it("plays in a session of the workspace only: the WAV the carrier recorded, then marked heard", async () => {
    const audio = await c.get(voicemail.audioUrl as string);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/wav");
    expect(audio.headers["cache-control"]).toContain("no-store");
    expect(audio.rawPayload.equals(recordingOf(message))).toBe(true);
    expect((await voicemails(c))[0]?.listened).toBe(true);

    const stranger = await buildWorkspace(env.t);
    expect((await stranger.get(voicemail.audioUrl as string)).statusCode).toBe(404);
    expect(await voicemails(stranger)).toEqual([]);
    const anonymous = env.t.client();
    expect((await anonymous.get(voicemail.audioUrl as string)).statusCode).toBe(401);
  });

  it("counts in the analytics: one call, one voicemail", async () => {
    const figures = await eventually(async () => {
      const a = await analytics(c);
      expect(a.totalCalls).toBe(1);
      return a;
    });
    expect(figures).toEqual({
      totalCalls: 1,
      completedCalls: 0,
      missedCalls: 0,
      voicemails: 1,
      averageDuration: 0,
      conversionRate: 0,
    });
  });

  it("refuses a bad voicemail id or limit with a readable 400", async () => {
    const bad = await c.get("/api/grasshopper/voicemails/not-a-uuid/audio");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("That voicemail was not found");
    const limit = await c.get("/api/grasshopper/voicemails?limit=1000");
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toContain("limit is a number from 1 to 100");
  });
});

describe("open hours: extensions, forwarding and calls that end unanswered", () => {
  it("a pressed extension forwards the call; an answered forward counts as completed, with its length", async () => {
    const c = await buildWorkspace(env.t);
    await routedSimulatorNumber(c, ALWAYS_OPEN, [
      { digits: "1", name: "Sales", target: "phone", forwardTo: "+14075550188" },
    ]);
    const sid = await ring(c, ["press 1"]);
    await callEnded(sid);
    const view = simulator().inspect(sid);
    expect(view?.heard).toContain("For Sales, press 1.");
    expect(view?.heard).toContain("Connecting you to Sales.");
    expect(view?.dialed).toEqual(["+14075550188"]);
    // Answered: the caller is not asked for a message afterwards.
    expect(view?.heard).not.toContain(VOICEMAIL_PROMPT);
    const figures = await eventually(async () => {
      const a = await analytics(c);
      expect(a.completedCalls).toBe(1);
      return a;
    });
    expect(figures).toMatchObject({ totalCalls: 1, completedCalls: 1, missedCalls: 0, voicemails: 0 });
  });

  it("a forward nobody answers takes a message, which names the extension pressed", async () => {
    const c = await buildWorkspace(env.t);
    // The simulator's numbers ending 0003 ring out unanswered.
    await routedSimulatorNumber(c, ALWAYS_OPEN, [
      { digits: "2", name: "Service", target: "phone", forwardTo: "+14075550003" },
    ]);
    const sid = await ring(c, ["press 2", "Please send someone about the boiler"]);
    await callEnded(sid);
    expect(simulator().inspect(sid)?.heard).toContain(VOICEMAIL_PROMPT);
    const [left] = await eventually(async () => {
      const list = await voicemails(c);
      expect(list[0]?.transcriptionStatus).toBe("done");
      return list;
    }, 20_000);
    expect(left).toMatchObject({ extension: "2", transcription: "Please send someone about the boiler" });
    expect(await analytics(c)).toMatchObject({
      totalCalls: 1,
      completedCalls: 0,
      voicemails: 1,
      missedCalls: 0,
    });
  });

  it("an unknown extension is said so and the menu starts over; a caller who then hangs up is missed", async () => {
    const c = await buildWorkspace(env.t);
    await routedSimulatorNumber(c, ALWAYS_OPEN, [{ digits: "3", name: "Billing", target: "voicemail" }]);
    const sid = await ring(c, ["press 9"]);
    await callEnded(sid);
    expect(simulator().inspect(sid)?.heard).toContain("Sorry, that is not a valid extension.");
    const figures = await eventually(async () => {
      const a = await analytics(c);
      expect(a.missedCalls).toBe(1);
      return a;
    });
    expect(figures).toMatchObject({ totalCalls: 1, completedCalls: 0, voicemails: 0 });
    expect(await voicemails(c)).toEqual([]);
  });

  it("an AI agent's extension hands the call to the assistant, with that agent taking it", async () => {
    const c = await buildWorkspace(env.t);
    // Another active agent the assistant's routing would otherwise choose.
    const decoy = await c.post("/api/ai-agents", { name: "Reception agent" });
    expect((await c.patch(`/api/ai-agents/${decoy.json().id}`, { status: "active" })).statusCode).toBe(200);
    const agent = await c.post("/api/ai-agents", { name: "Support agent" });
    expect(agent.statusCode, agent.body).toBe(201);
    const agentId = (agent.json().agent ?? agent.json()).id as string;
    // An agent takes calls once active (a new one is inactive).
    const active = await c.patch(`/api/ai-agents/${agentId}`, { status: "active" });
    expect(active.statusCode, active.body).toBe(200);
    await routedSimulatorNumber(c, ALWAYS_OPEN, [{ digits: "2", name: "Support", target: "agent", agentId }]);
    const sid = await ring(c, ["press 2", "Hi, my heater stopped working"]);
    await callEnded(sid);
    const [row] = await rows<{ engine_state: { assistant?: { agentId: string | null } } }>(
      env.t,
      sql`select engine_state from calls where provider_call_sid = ${sid}`,
    );
    expect(row?.engine_state.assistant?.agentId).toBe(agentId);
    const figures = await eventually(async () => {
      const a = await analytics(c);
      expect(a.completedCalls).toBe(1);
      return a;
    });
    expect(figures).toMatchObject({ totalCalls: 1, missedCalls: 0 });
  });

  it("a number switched off hands its calls to the assistant", async () => {
    const c = await buildWorkspace(env.t);
    const { id } = await routedSimulatorNumber(c, ALWAYS_OPEN);
    expect((await c.patch(`/api/grasshopper/numbers/${id}`, { isActive: false })).statusCode).toBe(200);
    const sid = await ring(c, ["Hello, is anyone there?"]);
    await callEnded(sid);
    expect(simulator().inspect(sid)?.heard.join(" ")).not.toContain("Doe Plumbing");
    // The assistant's call, in History, ended through the number's status callback.
    const history = await eventually(async () => {
      const res = await c.get("/api/calls");
      const [call] = res.json().calls ?? res.json();
      expect(call?.isActive).toBe(false);
      return call;
    });
    expect(history).toBeTruthy();
  });
});

describe("POST /api/grasshopper/call (click-to-call)", () => {
  async function contact(c: TestClient, body: Record<string, unknown> = {}) {
    const res = await c.post("/api/contacts", { name: "Pat Lee", phoneNumber: "(407) 555-0177", ...body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().contact ?? res.json()).id as string;
  }

  it("rings the user's phone, then the contact with the business number as caller ID", async () => {
    const c = await buildWorkspace(env.t);
    const patId = await contact(c);
    // Nothing to show as caller ID yet, then no phone of the user's to ring.
    const noNumber = await c.post("/api/grasshopper/call", { contactId: patId });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toBe(NO_BUSINESS_NUMBER);
    const { number } = await routedSimulatorNumber(c, ALWAYS_OPEN);
    await setUser(env.t, c.user.id, { cellphoneNumber: null });
    const noPhone = await c.post("/api/grasshopper/call", { contactId: patId });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(NO_CELLPHONE);

    await setUser(env.t, c.user.id, { cellphoneNumber: "+14075550123" });
    const res = await c.post("/api/grasshopper/call", { contactId: patId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, businessNumber: number, ringing: "+14075550123" });
    const sid = res.json().callSid as string;
    await callEnded(sid);
    const view = simulator().inspect(sid);
    expect(view?.heard).toContain("Connecting you to Pat Lee.");
    expect(view?.dialed).toEqual(["+14075550177"]);
    const figures = await eventually(async () => {
      const a = await analytics(c);
      expect(a.completedCalls).toBe(1);
      return a;
    });
    expect(figures.totalCalls).toBe(1);
    // The call is on the contact's record.
    const logged = await c.get(`/api/contacts/${patId}`);
    expect((logged.json().contact ?? logged.json()).callCount).toBe(1);
  });

  it("counts a caller who is a converted contact in the conversion rate", async () => {
    const c = await buildWorkspace(env.t);
    const patId = await contact(c, { phoneNumber: "(407) 555-0178" });
    await contact(c, { name: "Dana", phoneNumber: CALLER, contactStatus: "converted" });
    await routedSimulatorNumber(c, ALWAYS_OPEN);
    await setUser(env.t, c.user.id, { cellphoneNumber: "+14075550123" });
    const res = await c.post("/api/grasshopper/call", { contactId: patId });
    await callEnded(res.json().callSid);
    await callEnded(await ring(c, ["Just checking on my order"]));
    const figures = await eventually(async () => {
      const a = await analytics(c);
      expect(a.totalCalls).toBe(2);
      return a;
    });
    expect(figures.conversionRate).toBe(50);
  });

  it("refuses a do-not-call contact, another workspace's contact, and bad input", async () => {
    const c = await buildWorkspace(env.t);
    await routedSimulatorNumber(c, ALWAYS_OPEN);
    await setUser(env.t, c.user.id, { cellphoneNumber: "+14075550123" });
    const blocked = await contact(c, { doNotCall: true });
    const refused = await c.post("/api/grasshopper/call", { contactId: blocked });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ON_DO_NOT_CALL);

    const stranger = await buildWorkspace(env.t);
    const theirs = await contact(stranger);
    expect((await c.post("/api/grasshopper/call", { contactId: theirs })).statusCode).toBe(404);
    const bad = await c.post("/api/grasshopper/call", { contactId: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("That contact was not found");
    const otherNumber = await c.post("/api/grasshopper/call", {
      contactId: await contact(c, { phoneNumber: "(407) 555-0179" }),
      numberId: "00000000-0000-4000-8000-000000000000",
    });
    expect(otherNumber.statusCode).toBe(404);
  });
});

describe("Twilio: the number's webhooks set through its REST API, and signed webhooks", () => {
  it("setup-routing sets the Twilio number's VoiceUrl and StatusCallback", async () => {
    const c = await buildWorkspace(env.t);
    await connectTwilio(c);
    const added = await c.post("/api/grasshopper/numbers", { number: TWILIO.phoneNumber });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().number.id;
    const res = await c.post("/api/grasshopper/setup-routing");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().applied[0]).toMatchObject({ provider: "twilio", applied: "twilio" });
    const update = await env.fake.waitFor(
      (r) => r.method === "POST" && r.path.includes("/IncomingPhoneNumbers/PN"),
    );
    expect(update.form).toMatchObject({
      VoiceUrl: `${PUBLIC_URL}${PHONE_SYSTEM_PATHS.voice(id)}`,
      VoiceMethod: "POST",
      StatusCallback: `${PUBLIC_URL}${PHONE_SYSTEM_PATHS.status(id)}`,
    });

    // The number's call, signed by its Twilio account: the routing answers.
    const sid = `CA${"1".repeat(32)}`;
    const params = {
      AccountSid: TWILIO.accountSid,
      CallSid: sid,
      From: CALLER,
      To: TWILIO.phoneNumber,
      CallStatus: "ringing",
      Direction: "inbound",
    };
    const voice = await twilioPost(env.t, PHONE_SYSTEM_PATHS.voice(id), params);
    expect(voice.statusCode, voice.body).toBe(200);
    expect(voice.body).toContain("Thank you for calling.");
    // Unsigned, or signed by someone else: 403, before anything is read.
    expect(
      (await twilioPost(env.t, PHONE_SYSTEM_PATHS.voice(id), params, { signature: null })).statusCode,
    ).toBe(403);
    expect(
      (await twilioPost(env.t, PHONE_SYSTEM_PATHS.voice(id), params, { token: "x".repeat(32) })).statusCode,
    ).toBe(403);

    // The caller leaves a message: the job fetches the recording from Twilio and transcribes it.
    const recordingSid = `RE${"a".repeat(32)}`;
    env.fake.recordings.set(recordingSid, recordingOf("Call me about the invoice"));
    const saved = await twilioPost(env.t, PHONE_SYSTEM_PATHS.voicemail(id), {
      ...params,
      CallStatus: "in-progress",
      RecordingSid: recordingSid,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${TWILIO.accountSid}/Recordings/${recordingSid}`,
      RecordingDuration: "7",
      Digits: "#",
    });
    expect(saved.statusCode).toBe(200);
    expect(twimlAttr(saved.body, "Say", "voice") ?? saved.body).toBeTruthy();
    expect(saved.body).toContain(VOICEMAIL_SAVED);
    const [left] = await eventually(async () => {
      const list = await voicemails(c);
      expect(list[0]?.transcriptionStatus).toBe("done");
      return list;
    }, 20_000);
    expect(left).toMatchObject({ from: CALLER, duration: 7, transcription: "Call me about the invoice" });
    const audio = await c.get(left?.audioUrl as string);
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(recordingOf("Call me about the invoice"))).toBe(true);

    // The end of the call, from the number's status callback.
    const ended = await twilioPost(env.t, PHONE_SYSTEM_PATHS.status(id), {
      ...params,
      CallStatus: "completed",
      CallDuration: "31",
    });
    expect(ended.statusCode).toBe(204);
    expect(await analytics(c)).toMatchObject({ totalCalls: 1, voicemails: 1, missedCalls: 0 });
  });
});
