import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorkspace } from "../../../test/factories";
import { waitFor } from "../../../test/jobs";
import {
  connectTwilio,
  setUser,
  TWILIO,
  telephonyTestApp,
  twilioPost,
  twimlAttr,
} from "../../../test/telephony";
import { SAYINGS, WEBHOOK_PATHS } from "../../telephony/twiml";
import {
  addLeads,
  attemptsOf,
  createCampaign,
  onlyOutcomes,
  runtimeFor,
  setStatus,
  start,
} from "./test-support";

/**
 * On a Twilio line the rep talks from their own phone. A person who answers is
 * put through with <Dial> to the rep's cellphone; the <Dial action> hangs up after the talk, or
 * tells the person nobody can take the call when the rep's phone does not answer. A rep with no
 * phone of their own takes the call on the console (the line holds).
 */

/** Noon in New York: inside the calling window. */
const clock = new Date("2026-06-10T16:00:00.000Z");
const now = () => clock;

let env: Awaited<ReturnType<typeof telephonyTestApp>>;
beforeAll(async () => {
  env = await telephonyTestApp({}, { now });
}, 120_000);
afterAll(() => env.close());

/** Places one dialer call on Twilio and answers it as a person: the TwiML the line gets. */
async function answeredByPerson(repPhone: string | null, lead: string, line: string) {
  const owner = await buildWorkspace(env.t);
  // A Twilio number belongs to one account: each test connects its own.
  await connectTwilio(owner, line);
  await setUser(env.t, owner.user.id, { cellphoneNumber: repPhone });
  const campaign = await createCampaign(owner, { dialingMode: "progressive" });
  await addLeads(owner, campaign.id, [{ phoneNumber: lead, firstName: "Pat" }]);
  await setStatus(owner, "available", campaign.id);
  await start(owner, campaign.id);
  const placed = env.fake.waitFor((r) => r.path.endsWith("/Calls.json") && r.form.To === lead, 15_000);
  const report = await runtimeFor(env.t, onlyOutcomes({ human: 1 }), { now }).tick();
  expect(report.results.dialled).toBe(1);
  const request = await placed;
  const voiceUrl = new URL(request.form.Url as string);
  const [attempt] = await attemptsOf(env.t, campaign.id);
  const callSid = await waitFor(
    async () => attempt && (await attemptsOf(env.t, campaign.id))[0]?.provider_call_sid,
  );
  const params = {
    AccountSid: TWILIO.accountSid,
    CallSid: callSid as string,
    From: line,
    To: lead,
    CallStatus: "in-progress",
    Direction: "outbound-api",
    AnsweredBy: "human",
  };
  const answer = await twilioPost(env.t, `${voiceUrl.pathname}${voiceUrl.search}`, params);
  expect(answer.statusCode, answer.body).toBe(200);
  return { twiml: answer.body, params, callId: voiceUrl.searchParams.get("callId") as string };
}

describe("a Twilio line puts the person through to the rep's own phone", () => {
  it("dials the rep's cellphone; the person is told when the rep's phone does not answer", async () => {
    const { twiml, params, callId } = await answeredByPerson(
      "+14155550177",
      "+12125551301",
      TWILIO.phoneNumber,
    );
    expect(twiml).toContain("<Dial");
    expect(twiml).toContain("+14155550177</Dial>");
    expect(twimlAttr(twiml, "Dial", "action")).toBe(WEBHOOK_PATHS.dial(callId));
    expect(twiml).not.toContain("<Play");

    const notAnswered = await twilioPost(env.t, WEBHOOK_PATHS.dial(callId), {
      ...params,
      DialCallStatus: "no-answer",
      DialCallSid: `CA${"3".repeat(32)}`,
    });
    expect(notAnswered.statusCode).toBe(200);
    expect(notAnswered.body).toContain(SAYINGS.noRep);
    expect(notAnswered.body).toContain("<Hangup");

    const talked = await twilioPost(env.t, WEBHOOK_PATHS.dial(callId), {
      ...params,
      DialCallStatus: "completed",
      DialCallSid: `CA${"4".repeat(32)}`,
    });
    expect(talked.body).not.toContain("<Say");
    expect(talked.body).toContain("<Hangup");
  });

  it("holds the line for a rep with no phone of their own (they talk from the console)", async () => {
    const { twiml } = await answeredByPerson(null, "+12125551302", "+14155550111");
    expect(twiml).toContain('<Play loop="0">');
    expect(twiml).not.toContain("<Dial");
  });
});
