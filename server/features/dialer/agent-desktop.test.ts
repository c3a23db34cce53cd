import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AgentConsole, LeadCalls, ListenView, SupervisorView } from "../../../common/dialer";
import type { Report } from "../../../common/reports";
import type { BusEvent } from "../../events/bus";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildMember, buildWorkspace, rows } from "../../test/factories";
import { waitFor } from "../../test/jobs";
import {
  addLeads,
  attemptsOf,
  createCampaign,
  onlyOutcomes,
  runtimeFor,
  start,
} from "./runtime/test-support";

/**
 * The agent desktop on the built-in carrier simulator: the campaign's script, its own
 * dispositions and wrap-up; the rep and the simulated callee talk in words, each line on the
 * call's transcript and out on the live events; after the disposition the rep wraps up (busy)
 * until the campaign's time runs out at a tick, or Ready.
 */

/** Noon in New York on a June day: inside the calling hours of the New York leads. */
let clock = new Date("2026-06-10T16:00:00.000Z");
const now = () => clock;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ telephony: { simulatorTimeScale: 0.01 } }, { now });
}, 120_000);
afterAll(() => t.close());
afterEach(async () => {
  await t.database.db.execute(sql`update campaigns set status = 'paused' where status = 'active'`);
});

async function consoleOf(c: TestClient): Promise<AgentConsole> {
  const res = await c.get("/api/autodialer/console");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The campaign's row of today's report (the clock's day in New York and the days around it). */
async function reportRow(c: TestClient, campaignId: string) {
  const day = (offset: number) => new Date(clock.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await c.get(`/api/reports?from=${day(-1)}&to=${day(1)}&campaignId=${campaignId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Report).campaigns.find((row) => row.campaignId === campaignId);
}

async function wrapUpOf(attemptId: string) {
  const [row] = await rows<{ ended_at: Date; disposed_at: Date; wrap_up_ended_at: Date | null }>(
    t,
    sql`select ended_at, disposed_at, wrap_up_ended_at from dial_attempts where id = ${attemptId}`,
  );
  return row;
}

describe("a rep's call on the simulator", () => {
  it("shows the script, talks with the callee line by line, offers the campaign's dispositions and wraps up", {
    timeout: 90_000,
  }, async () => {
    const owner = await buildWorkspace(t);
    const script = await owner.post("/api/ai-scripts", {
      name: "Solar outreach",
      openingMessage: "Hi, this is Sam from Acme Solar.",
      conversationFlow: ["Do you own your home?", "Can I email you a quote?"],
    });
    expect(script.statusCode, script.body).toBe(201);
    const campaign = await createCampaign(owner, {
      dialingMode: "progressive",
      wrapUpSeconds: 45,
      scriptId: script.json().id,
      dispositions: [
        { code: "interested", label: "Wants a quote" },
        { code: "not_interested", label: "No thanks" },
        { code: "callback", label: "Call back" },
      ],
    });
    expect(campaign).toMatchObject({ wrapUpSeconds: 45, ownDispositions: true });
    await addLeads(owner, campaign.id, [{ phoneNumber: "+12125551501", firstName: "Pat" }]);
    const ready = await owner.put("/api/autodialer/console/status", {
      status: "available",
      campaignId: campaign.id,
    });
    expect(ready.statusCode).toBe(200);
    await start(owner, campaign.id);

    const heard: string[] = [];
    const unsubscribe = t.app.services.events.subscribe(owner.user.workspace.id, (event: BusEvent) => {
      if (event.type === "call.updated" && event.lines) heard.push(...event.lines);
    });
    const runtime = runtimeFor(t, onlyOutcomes({ human: 1 }), { now, talkSeconds: [5000, 5000] });
    expect((await runtime.tick()).results.dialled).toBe(1);
    const [attempt] = await waitFor(async () => {
      const attempts = await attemptsOf(t, campaign.id);
      return attempts[0]?.state === "connected" ? attempts : undefined;
    }, 20_000);
    const attemptId = attempt?.id as string;

    // The callee greets the rep; the console shows the script, the words and the campaign's own list.
    const greeted = await waitFor(async () => {
      const view = await consoleOf(owner);
      return view.transcript.includes("Callee: Hello?") ? view : undefined;
    }, 10_000);
    expect(greeted.phone).toBe("simulator");
    expect(greeted.script).toEqual({
      id: script.json().id,
      name: "Solar outreach",
      steps: ["Hi, this is Sam from Acme Solar.", "Do you own your home?", "Can I email you a quote?"],
    });
    expect(greeted.dispositions.map((d) => [d.code, d.label])).toEqual([
      ["interested", "Wants a quote"],
      ["not_interested", "No thanks"],
      ["callback", "Call back"],
    ]);
    expect(greeted.wrapUpSeconds).toBe(45);

    // The rep says the script's opening; the callee answers with their next line.
    const said = await owner.post(`/api/autodialer/console/calls/${attemptId}/say`, {
      text: "Hi, this is Sam from Acme Solar.",
      step: 0,
    });
    expect(said.statusCode, said.body).toBe(200);
    await waitFor(async () =>
      heard.includes("Callee: Yes, this is a good time. What is it about?") ? true : undefined,
    );
    expect(heard.slice(0, 3)).toEqual([
      "Callee: Hello?",
      "Rep: Hi, this is Sam from Acme Solar.",
      "Callee: Yes, this is a good time. What is it about?",
    ]);
    const calls = await t.app.services.calls.get(
      { id: owner.user.workspace.id } as never,
      attempt?.call_id as string,
    );
    expect(calls.transcript).toContain("Rep: Hi, this is Sam from Acme Solar.");
    unsubscribe();

    // Only the rep on the call speaks on it; another workspace finds no such call.
    const member = await buildMember(t, owner, "agent");
    expect(
      (await member.post(`/api/autodialer/console/calls/${attemptId}/say`, { text: "Hi" })).statusCode,
    ).toBe(403);
    const intruder = await buildWorkspace(t);
    expect(
      (await intruder.post(`/api/autodialer/console/calls/${attemptId}/say`, { text: "Hi" })).statusCode,
    ).toBe(404);
    expect(
      (await owner.post(`/api/autodialer/console/calls/${attemptId}/say`, { text: "  " })).statusCode,
    ).toBe(400);

    // A disposition the campaign does not offer is refused; one it offers ends the call into wrap-up.
    const offList = await owner.post(`/api/autodialer/console/calls/${attemptId}/end`, {
      disposition: "sale",
    });
    expect(offList.statusCode).toBe(400);
    expect(offList.json().message).toBe("That disposition is not offered on this campaign");
    const ended = await owner.post(`/api/autodialer/console/calls/${attemptId}/end`, {
      disposition: "interested",
      notes: "Send the quote",
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().agent).toMatchObject({
      status: "busy",
      wrapUpUntil: new Date(clock.getTime() + 45_000).toISOString(),
    });

    // Not offered a call while wrapping up: a tick before the end keeps the rep busy, one after frees them.
    clock = new Date(clock.getTime() + 30_000);
    await runtime.tick();
    expect((await consoleOf(owner)).agent.status).toBe("busy");
    clock = new Date(clock.getTime() + 16_000);
    await runtime.tick();
    expect((await consoleOf(owner)).agent).toMatchObject({ status: "available", wrapUpUntil: null });
    // The wrap-up ended when the campaign's time ran out (not at the tick that noticed), and the
    // report's wrap-up is the call's end to then.
    const wrap = await wrapUpOf(attemptId);
    expect(new Date(wrap?.wrap_up_ended_at ?? 0).getTime() - new Date(wrap?.ended_at ?? 0).getTime()).toBe(
      45_000,
    );
    expect(await reportRow(owner, campaign.id)).toMatchObject({ avgWrapUpSeconds: 45 });
  });

  it("Ready ends the wrap-up at once; a campaign without its own list offers the defaults", {
    timeout: 60_000,
  }, async () => {
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner, { dialingMode: "manual" });
    expect(campaign).toMatchObject({ wrapUpSeconds: 30, ownDispositions: false });
    expect(campaign.dispositions.map((d) => d.code)).toContain("sale");
    await addLeads(owner, campaign.id, [{ phoneNumber: "+12125551502", firstName: "Lee" }]);
    const [lead] = (await owner.get(`/api/autodialer/campaigns/${campaign.id}/leads`)).json().leads;
    const dialled = await owner.post(`/api/autodialer/leads/${lead.id}/dial`);
    expect(dialled.statusCode, dialled.body).toBe(201);
    const attemptId = dialled.json().attemptId as string;
    // The tick places the call; the callee answers and is put through.
    const runtime = runtimeFor(t, onlyOutcomes({ human: 1 }), { now, talkSeconds: [5000, 5000] });
    await runtime.tick();
    await waitFor(async () => {
      const attempts = await attemptsOf(t, campaign.id);
      return attempts[0]?.state === "connected" ? true : undefined;
    }, 20_000);
    const ended = await owner.post(`/api/autodialer/console/calls/${attemptId}/end`, {
      disposition: "sale",
    });
    expect(ended.json().agent.status).toBe("busy");
    // Ready 12 s into the 30 s wrap-up: the call's wrap-up is those 12 s, not the disposition's 0.
    clock = new Date(clock.getTime() + 12_000);
    const readyNow = await owner.put("/api/autodialer/console/status", { status: "available" });
    expect(readyNow.json().agent).toMatchObject({ status: "available", wrapUpUntil: null });
    const wrap = await wrapUpOf(attemptId);
    expect(new Date(wrap?.disposed_at ?? 0).getTime()).toBe(new Date(wrap?.ended_at ?? 0).getTime());
    expect(new Date(wrap?.wrap_up_ended_at ?? 0).getTime() - new Date(wrap?.ended_at ?? 0).getTime()).toBe(
      12_000,
    );
    expect(await reportRow(owner, campaign.id)).toMatchObject({ calls: 1, avgWrapUpSeconds: 12 });
    // Setting a status again records nothing more.
    clock = new Date(clock.getTime() + 5_000);
    await owner.put("/api/autodialer/console/status", { status: "break" });
    expect((await wrapUpOf(attemptId))?.wrap_up_ended_at).toEqual(wrap?.wrap_up_ended_at);

    // The contact card's past calls: this call with the rep's disposition under the campaign's
    // label, and a call in from the same number, newest first; the workspace's only.
    const inbound = await buildCall(owner, { phoneNumber: "+12125551502" });
    const past = await owner.get(`/api/autodialer/leads/${lead.id}/calls`);
    expect(past.statusCode, past.body).toBe(200);
    const { calls } = past.json() as LeadCalls;
    expect(calls.map((c) => [c.callId, c.direction, c.outcome, c.disposition])).toEqual([
      [inbound.id, "inbound", expect.any(String), null],
      [expect.any(String), "outbound", "Sale", "sale"],
    ]);
    expect(calls[1]?.duration).toBeGreaterThanOrEqual(0);
    const stranger = await buildWorkspace(t);
    await buildCall(stranger, { phoneNumber: "+12125551502" });
    expect((await owner.get(`/api/autodialer/leads/${lead.id}/calls`)).json().calls).toHaveLength(2);
    expect((await stranger.get(`/api/autodialer/leads/${lead.id}/calls`)).statusCode).toBe(404);

    // Campaign settings are checked: a script of another workspace, a wrap-up out of range, a repeated code.
    const other = await buildWorkspace(t);
    const theirs = (await other.post("/api/ai-scripts", { name: "Theirs" })).json();
    const foreign = await owner.patch(`/api/autodialer/campaigns/${campaign.id}`, { scriptId: theirs.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe("That script is not one of this workspace's scripts");
    const long = await owner.patch(`/api/autodialer/campaigns/${campaign.id}`, { wrapUpSeconds: 601 });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("Wrap-up time must be a whole number of seconds from 0 to 600");
    const twice = await owner.patch(`/api/autodialer/campaigns/${campaign.id}`, {
      dispositions: [
        { code: "sale", label: "Sold" },
        { code: "sale", label: "Sold again" },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const none = await owner.patch(`/api/autodialer/campaigns/${campaign.id}`, {
      wrapUpSeconds: 0,
      dispositions: null,
    });
    expect(none.json()).toMatchObject({ wrapUpSeconds: 0, ownDispositions: false });
  });

  it("a cold transfer moves the call to the other rep's console; a supervisor follows its words", {
    timeout: 60_000,
  }, async () => {
    const owner = await buildWorkspace(t);
    const rep = await buildMember(t, owner, "agent");
    const other = await buildMember(t, owner, "agent");
    const campaign = await createCampaign(owner, { dialingMode: "progressive", wrapUpSeconds: 20 });
    await addLeads(owner, campaign.id, [{ phoneNumber: "+12125551503", firstName: "Kim" }]);
    expect(
      (await rep.put("/api/autodialer/console/status", { status: "available", campaignId: campaign.id }))
        .statusCode,
    ).toBe(200);
    await start(owner, campaign.id);
    const runtime = runtimeFor(t, onlyOutcomes({ human: 1 }), { now, talkSeconds: [5000, 5000] });
    await runtime.tick();
    const call = await waitFor(async () => {
      const view = await consoleOf(rep);
      return view.currentCall?.state === "connected" && view.transcript.includes("Callee: Hello?")
        ? view.currentCall
        : undefined;
    }, 20_000);
    const attemptId = call.attemptId;

    // The owner (a supervisor) listens on the simulator: the call's words, read-only; an agent may not.
    const team = (await owner.get("/api/autodialer/supervisor")).json() as SupervisorView;
    expect(team.agents.find((a) => a.agent.id === rep.user.id)?.call).toMatchObject({
      attemptId,
      followable: true,
      monitorable: false,
    });
    const listened = await owner.get(`/api/autodialer/supervisor/calls/${attemptId}/listen`);
    expect(listened.statusCode, listened.body).toBe(200);
    expect(listened.json() as ListenView).toMatchObject({
      attemptId,
      callId: call.callId,
      leadName: "Kim",
      transcript: ["Callee: Hello?"],
      live: true,
    });
    expect((await other.get(`/api/autodialer/supervisor/calls/${attemptId}/listen`)).statusCode).toBe(403);
    const intruder = await buildWorkspace(t);
    expect((await intruder.get(`/api/autodialer/supervisor/calls/${attemptId}/listen`)).statusCode).toBe(404);

    // A rep who is not available cannot be handed the call; nor can the rep themselves.
    const busy = await rep.post(`/api/autodialer/console/calls/${attemptId}/hand-over`, {
      agentId: other.user.id,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain("is not available to take the call");
    const self = await rep.post(`/api/autodialer/console/calls/${attemptId}/hand-over`, {
      agentId: rep.user.id,
    });
    expect(self.statusCode).toBe(400);
    expect(
      (await intruder.post(`/api/autodialer/console/calls/${attemptId}/hand-over`, { agentId: rep.user.id }))
        .statusCode,
    ).toBe(404);

    // Handed to an available rep: the call is theirs, the first rep wraps up.
    await other.put("/api/autodialer/console/status", { status: "available", campaignId: null });
    const handed = await rep.post(`/api/autodialer/console/calls/${attemptId}/hand-over`, {
      agentId: other.user.id,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const first = handed.json() as AgentConsole;
    expect(first.currentCall).toBeNull();
    expect(first.agent).toMatchObject({
      status: "busy",
      wrapUpUntil: new Date(clock.getTime() + 20_000).toISOString(),
    });
    const second = await consoleOf(other);
    expect(second.agent.status).toBe("on_call");
    expect(second.currentCall).toMatchObject({ attemptId, state: "connected", callId: call.callId });
    expect(second.transcript.at(-1)).toMatch(/^System: .+ transferred the call to .+$/);

    // The receiving rep talks and ends the call; the first rep no longer can.
    expect(
      (await rep.post(`/api/autodialer/console/calls/${attemptId}/say`, { text: "Still me" })).statusCode,
    ).toBe(403);
    const said = await other.post(`/api/autodialer/console/calls/${attemptId}/say`, {
      text: "Hi, I take over",
    });
    expect(said.statusCode, said.body).toBe(200);
    const follow = (
      await owner.get(`/api/autodialer/supervisor/calls/${attemptId}/listen`)
    ).json() as ListenView;
    expect(follow.transcript).toContain("Rep: Hi, I take over");
    const ended = await other.post(`/api/autodialer/console/calls/${attemptId}/end`, {
      disposition: "interested",
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const [row] = await rows<{ agent_user_id: string; disposed_by: string }>(
      t,
      sql`select agent_user_id, disposed_by from dial_attempts where id = ${attemptId}`,
    );
    expect(row).toEqual({ agent_user_id: other.user.id, disposed_by: other.user.id });
    expect(
      ((await owner.get(`/api/autodialer/supervisor/calls/${attemptId}/listen`)).json() as ListenView).live,
    ).toBe(false);
  });
});
