import { createRequire } from "node:module";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTwiml } from "../../providers/telephony/twiml-parser";
import type { TestClient } from "../../test/app";
import { buildMember, buildWorkspace } from "../../test/factories";
import { waitFor } from "../../test/jobs";
import { connectTwilio, PUBLIC_URL, TWILIO, telephonyTestApp, twilioPost } from "../../test/telephony";
import {
  addLeads,
  attemptsOf,
  createCampaign,
  onlyOutcomes,
  runtimeFor,
  start,
} from "./runtime/test-support";
import { identityOf } from "./softphone";
import { conferenceTwiml } from "./softphone/twiml";

/** Twilio's own JWT library (the twilio package signs its access tokens with it). */
const jwt = createRequire(import.meta.url)("jsonwebtoken") as {
  decode(token: string, options: { complete: true }): { header: object; payload: object } | null;
  verify(token: string, secret: string, options: { algorithms: string[] }): object;
};

/**
 * The browser softphone over a Twilio account, against a local server answering like Twilio's
 * REST API: the access token the server signs (checked with the API key's secret, as Twilio
 * checks it), the conference that carries a rep's call, and what hold, transfer, listen, whisper
 * and barge ask of Twilio. Roles: an agent cannot listen in; another workspace's call is 404.
 */

/** Noon in New York: inside the calling window. */
const clock = new Date("2026-06-10T16:00:00.000Z");
const now = () => clock;

let env: Awaited<ReturnType<typeof telephonyTestApp>>;
beforeAll(async () => {
  env = await telephonyTestApp({}, { now });
}, 120_000);
afterAll(() => env.close());

const lines = ["+14155550100", "+14155550111"];
let nextLine = 0;

type Grants = {
  identity: string;
  voice: { incoming: { allow: boolean }; outgoing: { application_sid: string } };
};

/** An owner with the fake Twilio account connected (each test its own number: one account a number). */
async function connectedOwner(): Promise<TestClient & { user: { id: string; workspace: { id: string } } }> {
  const owner = await buildWorkspace(env.t);
  const line = lines[nextLine++ % lines.length] as string;
  await env.t.database.db.execute(
    // A number belongs to one workspace: the previous test's owner lets go of it.
    (await import("drizzle-orm")).sql`delete from phone_numbers where number = ${line}`,
  );
  await connectTwilio(owner, line);
  return owner as TestClient & { user: { id: string; workspace: { id: string } } };
}

/** Puts a person through to the owner's softphone on a Twilio line: the TwiML the line gets. */
async function softphoneCall(owner: TestClient & { user: { id: string } }, lead: string) {
  const campaign = await createCampaign(owner, { dialingMode: "progressive" });
  await addLeads(owner, campaign.id, [{ phoneNumber: lead, firstName: "Pat" }]);
  const status = await owner.put("/api/autodialer/console/status", {
    status: "available",
    campaignId: campaign.id,
    softphone: true,
  });
  expect(status.statusCode, status.body).toBe(200);
  expect(status.json().agent.softphone).toBe(true);
  await start(owner, campaign.id);
  const placed = env.fake.waitFor((r) => r.path.endsWith("/Calls.json") && r.form.To === lead, 15_000);
  expect((await runtimeFor(env.t, onlyOutcomes({ human: 1 }), { now }).tick()).results.dialled).toBe(1);
  const voiceUrl = new URL((await placed).form.Url as string);
  const callSid = (await waitFor(
    async () => (await attemptsOf(env.t, campaign.id))[0]?.provider_call_sid,
  )) as string;
  const answer = await twilioPost(env.t, `${voiceUrl.pathname}${voiceUrl.search}`, {
    AccountSid: TWILIO.accountSid,
    CallSid: callSid,
    From: TWILIO.phoneNumber,
    To: lead,
    CallStatus: "in-progress",
    Direction: "outbound-api",
    AnsweredBy: "human",
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const [attempt] = await attemptsOf(env.t, campaign.id);
  return { twiml: answer.body, attemptId: attempt?.id as string, customerSid: callSid, campaign };
}

function requestsSince(count: number) {
  return env.fake.requests.slice(count);
}

describe("the softphone's access token", () => {
  it("is signed with an API key the server made on the workspace's account, for the rep, with a voice grant", async () => {
    const owner = await connectedOwner();
    const before = env.fake.requests.length;
    const res = await owner.post("/api/autodialer/console/softphone/token");
    expect(res.statusCode, res.body).toBe(200);
    const { token, identity, expiresAt } = res.json() as {
      token: string;
      identity: string;
      expiresAt: string;
    };
    expect(identity).toBe(identityOf(owner.user.workspace.id, owner.user.id));
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    // The API key and the TwiML app were made through Twilio's REST API, on the workspace's account.
    const made = requestsSince(before);
    const key = made.find((r) => r.path.endsWith("/Keys.json"));
    const app = made.find((r) => r.path.endsWith("/Applications.json"));
    expect(key?.user).toBe(TWILIO.accountSid);
    expect(app?.form.VoiceUrl).toBe(
      `${PUBLIC_URL}/api/telephony/twilio/softphone/${owner.user.workspace.id}`,
    );

    // Verified as Twilio verifies it: HS256 under the API key's secret, issued by the key for the account.
    const decoded = jwt.decode(token, { complete: true });
    const header = decoded?.header as { cty?: string };
    const keySid = (decoded?.payload as { iss?: string } | undefined)?.iss ?? "";
    const secret = env.fake.apiKeys.get(keySid) as string;
    expect(secret).toBeTruthy();
    const claims = jwt.verify(token, secret, { algorithms: ["HS256"] }) as {
      iss: string;
      sub: string;
      grants: Grants;
    };
    expect(header.cty).toBe("twilio-fpa;v=1");
    expect(claims.iss).toBe(keySid);
    expect(claims.sub).toBe(TWILIO.accountSid);
    expect(claims.grants.identity).toBe(identity);
    expect(claims.grants.voice.incoming.allow).toBe(true);
    expect(claims.grants.voice.outgoing.application_sid).toMatch(/^AP[0-9a-f]{32}$/);
    expect(() => jwt.verify(token, "another secret", { algorithms: ["HS256"] })).toThrow();

    // A second token reuses the key and the app.
    const again = env.fake.requests.length;
    expect((await owner.post("/api/autodialer/console/softphone/token")).statusCode).toBe(200);
    expect(requestsSince(again).filter((r) => /Keys|Applications/.test(r.path))).toEqual([]);

    // Each member has their own identity.
    const agent = await buildMember(env.t, owner, "agent");
    const theirs = (await agent.post("/api/autodialer/console/softphone/token")).json();
    expect(theirs.identity).toBe(identityOf(owner.user.workspace.id, agent.user?.id as string));
    expect(theirs.identity).not.toBe(identity);
  });

  it("is refused in words when the workspace has no Twilio connection", async () => {
    const owner = await buildWorkspace(env.t);
    const res = await owner.post("/api/autodialer/console/softphone/token");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("connect your Twilio account in Settings");
    const console = (await owner.get("/api/autodialer/console")).json();
    expect(console.phone).toBe("simulator");
  });

  it("answers the TwiML app's voice URL only when Twilio signed it", async () => {
    const owner = await connectedOwner();
    const path = `/api/telephony/twilio/softphone/${owner.user.workspace.id}`;
    const params = { AccountSid: TWILIO.accountSid, CallSid: `CA${"5".repeat(32)}`, From: "client:rep_x" };
    const signed = await twilioPost(env.t, path, params);
    expect(signed.statusCode, signed.body).toBe(200);
    const doc = parseTwiml(signed.body);
    expect(doc.children.map((verb) => verb.name)).toEqual(["Say", "Hangup"]);
    expect((await twilioPost(env.t, path, params, { token: "wrong" })).statusCode).toBe(403);
    expect((await twilioPost(env.t, path, params, { signature: null })).statusCode).toBe(403);
  });
});

describe("a rep's call through a conference", () => {
  it("joins the rep's softphone and the line in the call's conference; hold and transfers ask Twilio", {
    timeout: 60_000,
  }, async () => {
    const owner = await connectedOwner();
    const before = env.fake.requests.length;
    const { twiml, attemptId, customerSid } = await softphoneCall(owner, "+12125551401");

    // The line joins the conference by TwiML; it ends the conference when the customer hangs up.
    const doc = parseTwiml(twiml);
    const dial = doc.children.find((verb) => verb.name === "Dial");
    const conference = dial?.children.find((child) => child.name === "Conference");
    expect(conference?.text).toBe(`attempt-${attemptId}`);
    expect(conference?.attributes.endConferenceOnExit).toBe("true");
    expect(conference?.attributes.startConferenceOnEnter).toBe("true");
    expect(conference?.attributes.beep).toBe("false");

    // The rep's browser was rung into it through the REST API.
    const joined = requestsSince(before).find((r) =>
      r.path.endsWith(`/Conferences/attempt-${attemptId}/Participants.json`),
    );
    expect(joined?.form.To).toBe(`client:${identityOf(owner.user.workspace.id, owner.user.id)}`);
    expect(joined?.form.EndConferenceOnExit).toBe("false");

    // Hold: the customer's participant, with the hold music.
    let mark = env.fake.requests.length;
    const held = await owner.post(`/api/autodialer/console/calls/${attemptId}/hold`, { hold: true });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().onHold).toBe(true);
    const holdRequest = requestsSince(mark).find((r) => r.path.endsWith(`/Participants/${customerSid}.json`));
    expect(holdRequest?.path).toMatch(/\/Conferences\/CF[0-9a-f]{32}\/Participants\//);
    expect(holdRequest?.form.Hold).toBe("true");
    expect(holdRequest?.form.HoldUrl).toBeTruthy();
    mark = env.fake.requests.length;
    expect(
      (await owner.post(`/api/autodialer/console/calls/${attemptId}/hold`, { hold: false })).json().onHold,
    ).toBe(false);
    expect(
      requestsSince(mark).find((r) => r.path.endsWith(`/Participants/${customerSid}.json`))?.form.Hold,
    ).toBe("false");

    // Warm transfer to a number: the customer waits on hold, the party is dialled in; complete: the rep leaves.
    mark = env.fake.requests.length;
    const warm = await owner.post(`/api/autodialer/console/calls/${attemptId}/transfer`, {
      warm: true,
      phoneNumber: "+1 (415) 555-0199",
    });
    expect(warm.statusCode, warm.body).toBe(200);
    expect(warm.json()).toMatchObject({ onHold: true, transfer: { to: "+14155550199", warm: true } });
    const warmRequests = requestsSince(mark);
    expect(warmRequests.find((r) => r.path.endsWith(`/Participants/${customerSid}.json`))?.form.Hold).toBe(
      "true",
    );
    expect(warmRequests.find((r) => r.path.endsWith("/Participants.json"))?.form.To).toBe("+14155550199");

    mark = env.fake.requests.length;
    const done = await owner.post(`/api/autodialer/console/calls/${attemptId}/transfer/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().onHold).toBe(false);
    const completeRequests = requestsSince(mark);
    expect(
      completeRequests.find((r) => r.path.endsWith(`/Participants/${customerSid}.json`))?.form.Hold,
    ).toBe("false");
    const repLeft = completeRequests.find((r) => /\/Calls\/CA\w+\.json$/.test(r.path));
    expect(repLeft?.form.Status).toBe("completed");

    // Bad input is a 400 in words.
    const bad = await owner.post(`/api/autodialer/console/calls/${attemptId}/transfer`, {
      phoneNumber: "12",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please enter a valid phone number");
    const twice = await owner.post(`/api/autodialer/console/calls/${attemptId}/transfer`, {
      phoneNumber: "+14155550198",
    });
    expect(twice.statusCode).toBe(409);
    const neither = await owner.post(`/api/autodialer/console/calls/${attemptId}/transfer`, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toContain("Transfer to a phone number or to another agent");
  });

  it("cold-transfers to another rep's softphone: the rep's leg is hung up at once, the call is theirs", {
    timeout: 60_000,
  }, async () => {
    const owner = await connectedOwner();
    const other = await buildMember(env.t, owner, "agent");
    const { attemptId } = await softphoneCall(owner, "+12125551402");
    // A rep who is not available is refused before Twilio is asked anything.
    let mark = env.fake.requests.length;
    const away = await owner.post(`/api/autodialer/console/calls/${attemptId}/transfer`, {
      agentId: other.user?.id,
    });
    expect(away.statusCode).toBe(409);
    expect(requestsSince(mark)).toHaveLength(0);
    await other.put("/api/autodialer/console/status", { status: "available" });
    mark = env.fake.requests.length;
    const cold = await owner.post(`/api/autodialer/console/calls/${attemptId}/transfer`, {
      agentId: other.user?.id,
    });
    expect(cold.statusCode, cold.body).toBe(200);
    const sent = requestsSince(mark);
    const added = sent.find((r) => r.path.endsWith("/Participants.json"));
    expect(added?.form.To).toBe(`client:${identityOf(owner.user.workspace.id, other.user?.id as string)}`);
    expect(sent.find((r) => /\/Calls\/CA\w+\.json$/.test(r.path))?.form.Status).toBe("completed");
    expect(sent.some((r) => r.form.Hold === "true")).toBe(false);
    // The call moved: on the receiving rep's console, off the first rep's (in wrap-up).
    const theirs = (await other.get("/api/autodialer/console")).json();
    expect(theirs.currentCall?.attemptId).toBe(attemptId);
    expect(theirs.agent.status).toBe("on_call");
    const mine = (await owner.get("/api/autodialer/console")).json();
    expect(mine.currentCall).toBeNull();
    expect(mine.agent.wrapUpUntil).not.toBeNull();
  });

  it("lets a supervisor listen muted, whisper to the rep and barge in; not an agent, not another workspace", {
    timeout: 60_000,
  }, async () => {
    const owner = await connectedOwner();
    const { attemptId } = await softphoneCall(owner, "+12125551403");
    const supervisor = await buildMember(env.t, owner, "admin");
    const agent = await buildMember(env.t, owner, "agent");
    const intruder = await buildWorkspace(env.t);
    const path = `/api/autodialer/supervisor/calls/${attemptId}/monitor`;

    // The supervisor sees the rep on the call, and that it can be joined.
    const view = (await supervisor.get("/api/autodialer/supervisor")).json();
    const row = view.agents.find((entry: { agent: { id: string } }) => entry.agent.id === owner.user.id);
    expect(row.call).toMatchObject({ attemptId, monitorable: true, leadName: "Pat" });

    let mark = env.fake.requests.length;
    const listen = await supervisor.post(path, { mode: "listen" });
    expect(listen.statusCode, listen.body).toBe(200);
    const joined = requestsSince(mark).find((r) => r.path.endsWith("/Participants.json"));
    expect(joined?.path).toMatch(/\/Conferences\/CF[0-9a-f]{32}\/Participants\.json$/);
    expect(joined?.form.To).toBe(
      `client:${identityOf(owner.user.workspace.id, supervisor.user?.id as string)}`,
    );
    expect(joined?.form.Muted).toBe("true");
    expect(joined?.form.Coaching).toBeUndefined();

    // Whisper: the supervisor's own leg coaches the rep's (only the rep hears).
    const repLeg = env.fake.requests.find(
      (r) => r.path.endsWith(`/Conferences/attempt-${attemptId}/Participants.json`) && r.form.Label === "rep",
    );
    expect(repLeg).toBeDefined();
    mark = env.fake.requests.length;
    const whisper = await supervisor.post(path, { mode: "whisper" });
    expect(whisper.statusCode, whisper.body).toBe(200);
    const coaching = requestsSince(mark).find((r) => /\/Participants\/CA\w+\.json$/.test(r.path));
    expect(coaching?.form).toMatchObject({ Coaching: "true", Muted: "false" });
    expect(coaching?.form.CallSidToCoach).toMatch(/^CA[0-9a-f]{32}$/);

    mark = env.fake.requests.length;
    const barge = await supervisor.post(path, { mode: "barge" });
    expect(barge.json().supervisors).toEqual([{ userId: supervisor.user?.id, mode: "barge" }]);
    expect(requestsSince(mark).find((r) => /\/Participants\/CA\w+\.json$/.test(r.path))?.form).toMatchObject({
      Coaching: "false",
      Muted: "false",
    });

    // An agent may not listen in, nor hold someone else's call; another workspace finds nothing.
    const refused = await agent.post(path, { mode: "listen" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("admin");
    expect((await agent.get("/api/autodialer/supervisor")).statusCode).toBe(403);
    expect(
      (await agent.post(`/api/autodialer/console/calls/${attemptId}/hold`, { hold: true })).statusCode,
    ).toBe(403);
    expect((await intruder.post(path, { mode: "listen" })).statusCode).toBe(404);
    expect(
      (await intruder.post(`/api/autodialer/console/calls/${attemptId}/hold`, { hold: true })).statusCode,
    ).toBe(404);
    expect((await supervisor.post(path, { mode: "shout" })).statusCode).toBe(400);

    // The supervisor leaves: their leg is hung up.
    mark = env.fake.requests.length;
    const left = await supervisor.delete(path);
    expect(left.json().supervisors).toEqual([]);
    expect(requestsSince(mark).find((r) => /\/Calls\/CA\w+\.json$/.test(r.path))?.form.Status).toBe(
      "completed",
    );
  });

  it("writes conference TwiML Twilio reads for each way of joining", () => {
    const listen = parseTwiml(conferenceTwiml("attempt-1", { endConferenceOnExit: false, muted: true }));
    const whisper = parseTwiml(
      conferenceTwiml("attempt-1", { endConferenceOnExit: false, coach: `CA${"7".repeat(32)}` }),
    );
    const conferenceOf = (doc: ReturnType<typeof parseTwiml>) =>
      doc.children[0]?.children.find((child) => child.name === "Conference");
    expect(conferenceOf(listen)?.attributes).toMatchObject({ muted: "true", endConferenceOnExit: "false" });
    expect(conferenceOf(whisper)?.attributes.coach).toBe(`CA${"7".repeat(32)}`);
    // The official library builds the same element.
    const reference = new twilio.twiml.VoiceResponse();
    reference.dial().conference({ coach: `CA${"7".repeat(32)}` }, "attempt-1");
    expect(reference.toString()).toContain(`coach="CA${"7".repeat(32)}"`);
  });
});
