import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AgentConsole } from "../../../common/dialer";
import type { BusEvent } from "../../events/bus";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace } from "../../test/factories";
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
  });

  it("Ready ends the wrap-up at once; a campaign without its own list offers the defaults", async () => {
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner, { dialingMode: "manual" });
    expect(campaign).toMatchObject({ wrapUpSeconds: 30, ownDispositions: false });
    expect(campaign.dispositions.map((d) => d.code)).toContain("sale");
    await addLeads(owner, campaign.id, [{ phoneNumber: "+12125551502", firstName: "Lee" }]);
    const [lead] = (await owner.get(`/api/autodialer/campaigns/${campaign.id}/leads`)).json().leads;
    const dialled = await owner.post(`/api/autodialer/leads/${lead.id}/dial`);
    expect(dialled.statusCode, dialled.body).toBe(201);
    const ended = await owner.post(`/api/autodialer/console/calls/${dialled.json().attemptId}/end`, {
      disposition: "sale",
    });
    expect(ended.json().agent.status).toBe("busy");
    const readyNow = await owner.put("/api/autodialer/console/status", { status: "available" });
    expect(readyNow.json().agent).toMatchObject({ status: "available", wrapUpUntil: null });

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
});
