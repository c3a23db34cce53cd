import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_NAME_REQUIRED, AGENT_NOT_FOUND, type TelecomAgent } from "../../../common/agents";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const save = (c: TestClient, body: Record<string, unknown>) => c.post("/api/agents/save", body);
const messagesOf = (res: { json(): unknown }) =>
  ((res.json() as { issues?: { message: string }[] }).issues ?? []).map((issue) => issue.message);

describe("telecom agents", () => {
  it("saves a new agent inactive, with the fallbacks of the spec for non-numeric input", async () => {
    const c = await buildWorkspace(t);
    const res = await save(c, {
      name: "Ivy Internet",
      specialization: "internet",
      providers: ["viasat", "att", "viasat"],
      keywords: "satellite, rural",
      responseStyle: "enthusiastic",
      maxCallDuration: "abc",
      transferThreshold: "",
      salesGoals: { dailyTarget: "lots", bundlePreference: null, upsellRate: "35" },
    });
    expect(res.statusCode).toBe(201);
    const agent = res.json().agent as TelecomAgent;
    expect(res.json().success).toBe(true);
    expect(agent).toMatchObject({
      name: "Ivy Internet",
      specialization: "internet",
      providers: ["viasat", "att"],
      keywords: ["satellite", "rural"],
      isActive: false,
      responseStyle: "enthusiastic",
      maxCallDuration: 15,
      transferThreshold: 3,
      salesGoals: { dailyTarget: 10, bundlePreference: 50, upsellRate: 35 },
    });
    const bare = (await save(c, { name: "Bare" })).json().agent as TelecomAgent;
    expect(bare).toMatchObject({
      specialization: "general",
      providers: [],
      isActive: false,
      salesGoals: { dailyTarget: 10, bundlePreference: 50, upsellRate: 30 },
    });
    expect(((await c.get("/api/agents")).json() as TelecomAgent[]).map((a) => a.name)).toEqual([
      "Ivy Internet",
      "Bare",
    ]);
  });

  it("replaces the agent with the same id", async () => {
    const c = await buildWorkspace(t);
    const first = (await save(c, { name: "Tom TV", specialization: "tv", keywords: ["cable"] })).json()
      .agent as TelecomAgent;
    const res = await save(c, {
      id: first.id,
      name: "Tom TV and Internet",
      specialization: "bundles",
      isActive: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().agent).toMatchObject({
      id: first.id,
      name: "Tom TV and Internet",
      specialization: "bundles",
      isActive: true,
      keywords: [],
    });
    expect((await c.get("/api/agents")).json()).toHaveLength(1);
  });

  it("refuses out-of-range percentages and a missing name", async () => {
    const c = await buildWorkspace(t);
    for (const [body, message] of [
      [{ name: "X", salesGoals: { bundlePreference: 101 } }, "Bundle preference must be from 0 to 100"],
      [{ name: "X", salesGoals: { upsellRate: -1 } }, "Upsell rate must be from 0 to 100"],
      [{ name: " " }, AGENT_NAME_REQUIRED],
      [
        { name: "X", providers: ["comcast"] },
        "Providers must be among viasat, att, spectrum, xfinity, directv, dish",
      ],
    ] as const) {
      const res = await save(c, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messagesOf(res)).toContain(message);
    }
    expect((await c.get("/api/agents")).json()).toEqual([]);
  });

  it("deletes, and answers 404 for another workspace's agent on save and delete", async () => {
    const owner = await buildWorkspace(t);
    const intruder = await buildWorkspace(t);
    const agent = (await save(owner, { name: "Mia Mobile", specialization: "mobile" })).json()
      .agent as TelecomAgent;
    const stolen = await save(intruder, { id: agent.id, name: "Mine now" });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(AGENT_NOT_FOUND);
    expect((await intruder.delete(`/api/agents/${agent.id}`)).statusCode).toBe(404);
    expect((await intruder.get("/api/agents")).json()).toEqual([]);
    expect(((await owner.get("/api/agents")).json() as TelecomAgent[])[0]?.name).toBe("Mia Mobile");
    expect((await owner.delete(`/api/agents/${agent.id}`)).json()).toEqual({ deleted: true, id: agent.id });
    expect((await owner.get("/api/agents")).json()).toEqual([]);
  });

  it("lets members list and only admins save or delete", async () => {
    const owner = await buildWorkspace(t);
    const agent = (await save(owner, { name: "Dan Dish" })).json().agent as TelecomAgent;
    const member = await buildMember(t, owner, "agent");
    expect((await member.get("/api/agents")).json()).toHaveLength(1);
    for (const res of [
      await save(member, { name: "Nope" }),
      await member.delete(`/api/agents/${agent.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain("admin");
    }
  });
});
