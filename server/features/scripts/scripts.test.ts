import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMPATHY_MESSAGE,
  FORMALITY_MESSAGE,
  OPENING_MESSAGE_REQUIRED,
  SCRIPT_NAME_REQUIRED,
  SCRIPT_NOT_FOUND,
  SCRIPT_PITCH_MESSAGE,
  SCRIPT_SPEED_MESSAGE,
  SCRIPT_TONE_MESSAGE,
  SCRIPT_TYPE_MESSAGE,
  SCRIPT_VOICE_MESSAGE,
  type Script,
  type ScriptTemplate,
  TEMPLATE_NOT_FOUND,
  TRANSFER_NUMBER_MESSAGE,
} from "../../../common/scripts";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createScript(c: TestClient, fields: Record<string, unknown> = {}): Promise<Script> {
  const res = await c.post("/api/ai-scripts", { name: "Front desk", ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Script;
}

const messagesOf = (res: { json(): unknown }) =>
  ((res.json() as { issues?: { message: string }[] }).issues ?? []).map((issue) => issue.message);

describe("scripts", () => {
  it("creates a script with the defaults of the spec and reads it back", async () => {
    const c = await buildWorkspace(t);
    const created = await createScript(c);
    expect(created).toMatchObject({
      name: "Front desk",
      description: null,
      scriptType: "inbound",
      openingMessage: "Hello! How can I help you today?",
      conversationFlow: [],
      businessRules: [],
      transferRules: { keywords: [], minutes: null, conditions: [], transferNumber: null },
      appointmentSettings: { enabled: true, durationMinutes: 30, bufferMinutes: 0 },
      voiceSettings: { voice: "nova", speed: 0.9, pitch: "low" },
      personalityTraits: { tone: "professional", empathy: 7, formality: 8 },
      isActive: true,
      isDefault: false,
      templateId: null,
    });
    expect((await c.get(`/api/ai-scripts/${created.id}`)).json()).toEqual(created);
    expect((await c.get("/api/ai-scripts")).json()).toEqual([created]);
  });

  it("keeps every field sent, splitting lines and comma-separated keywords", async () => {
    const c = await buildWorkspace(t);
    const created = await createScript(c, {
      name: "  Sales line  ",
      description: "Outbound follow-ups",
      scriptType: "sales",
      openingMessage: "Hi, this is the sales desk.",
      conversationFlow: "Who am I speaking with?\n\n  What are you looking for?  ",
      businessRules: ["Free shipping over $50", "  "],
      transferRules: {
        keywords: "manager, refund",
        minutes: 12,
        conditions: ["urgent", "urgent"],
        transferNumber: "+1 (555) 123-0050",
      },
      appointmentSettings: { enabled: false, durationMinutes: 45, bufferMinutes: 10 },
      voiceSettings: { voice: "shimmer", speed: 1.25, pitch: "high" },
      personalityTraits: { tone: "friendly", empathy: 3, formality: 2 },
    });
    expect(created).toMatchObject({
      name: "Sales line",
      scriptType: "sales",
      conversationFlow: ["Who am I speaking with?", "What are you looking for?"],
      businessRules: ["Free shipping over $50"],
      transferRules: {
        keywords: ["manager", "refund"],
        minutes: 12,
        conditions: ["urgent"],
        transferNumber: "+15551230050",
      },
      appointmentSettings: { enabled: false, durationMinutes: 45, bufferMinutes: 10 },
      voiceSettings: { voice: "shimmer", speed: 1.25, pitch: "high" },
      personalityTraits: { tone: "friendly", empathy: 3, formality: 2 },
    });
  });

  it("answers each invalid field with the spec's message", async () => {
    const c = await buildWorkspace(t);
    const cases: [Record<string, unknown>, string][] = [
      [{}, SCRIPT_NAME_REQUIRED],
      [{ name: "   " }, SCRIPT_NAME_REQUIRED],
      [{ name: "A", openingMessage: "  " }, OPENING_MESSAGE_REQUIRED],
      [{ name: "A", scriptType: "billing" }, SCRIPT_TYPE_MESSAGE],
      [{ name: "A", voiceSettings: { voice: "robot" } }, SCRIPT_VOICE_MESSAGE],
      [{ name: "A", voiceSettings: { speed: 0.4 } }, SCRIPT_SPEED_MESSAGE],
      [{ name: "A", voiceSettings: { speed: 2.1 } }, SCRIPT_SPEED_MESSAGE],
      [{ name: "A", voiceSettings: { pitch: "shrill" } }, SCRIPT_PITCH_MESSAGE],
      [{ name: "A", personalityTraits: { tone: "sarcastic" } }, SCRIPT_TONE_MESSAGE],
      [{ name: "A", personalityTraits: { empathy: 0 } }, EMPATHY_MESSAGE],
      [{ name: "A", personalityTraits: { empathy: 11 } }, EMPATHY_MESSAGE],
      [{ name: "A", personalityTraits: { formality: 7.5 } }, FORMALITY_MESSAGE],
      [{ name: "A", transferRules: { transferNumber: "call my cell" } }, TRANSFER_NUMBER_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const res = await c.post("/api/ai-scripts", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messagesOf(res), JSON.stringify(body)).toContain(message);
    }
    expect((await c.get("/api/ai-scripts")).json()).toEqual([]);
  });

  it("updates only the fields sent, and refuses an empty change", async () => {
    const c = await buildWorkspace(t);
    const created = await createScript(c, { businessRules: ["Open nine to five"] });
    const res = await c.put(`/api/ai-scripts/${created.id}`, {
      openingMessage: "Good morning!",
      userId: "ignored",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Front desk",
      openingMessage: "Good morning!",
      businessRules: ["Open nine to five"],
    });
    const empty = await c.put(`/api/ai-scripts/${created.id}`, {});
    expect(empty.statusCode).toBe(400);
    const blank = await c.put(`/api/ai-scripts/${created.id}`, { openingMessage: "" });
    expect(messagesOf(blank)).toContain(OPENING_MESSAGE_REQUIRED);
  });

  it("deletes a script", async () => {
    const c = await buildWorkspace(t);
    const created = await createScript(c);
    const res = await c.delete(`/api/ai-scripts/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, id: created.id });
    expect((await c.get(`/api/ai-scripts/${created.id}`)).statusCode).toBe(404);
    expect((await c.delete(`/api/ai-scripts/${created.id}`)).json().message).toBe(SCRIPT_NOT_FOUND);
  });
});

describe("the default script", () => {
  it("is one per workspace: making another the default unsets the first", async () => {
    const c = await buildWorkspace(t);
    const first = await createScript(c, { name: "First", isDefault: true });
    const second = await createScript(c, { name: "Second", isDefault: true });
    let list = (await c.get("/api/ai-scripts")).json() as Script[];
    expect(list.filter((s) => s.isDefault).map((s) => s.id)).toEqual([second.id]);
    // The default is listed first.
    expect(list[0]?.id).toBe(second.id);

    const moved = await c.put(`/api/ai-scripts/${first.id}`, { isDefault: true });
    expect(moved.json().isDefault).toBe(true);
    list = (await c.get("/api/ai-scripts")).json() as Script[];
    expect(list.filter((s) => s.isDefault).map((s) => s.id)).toEqual([first.id]);
  });

  it("stays one when several requests make defaults at once", async () => {
    const c = await buildWorkspace(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        c.post("/api/ai-scripts", { name: `Script ${i}`, isDefault: true }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const list = (await c.get("/api/ai-scripts")).json() as Script[];
    expect(list).toHaveLength(6);
    expect(list.filter((s) => s.isDefault)).toHaveLength(1);
  });

  it("is what calls use, until it is deleted or switched off", async () => {
    const c = await buildWorkspace(t);
    const workspaceId = c.user?.workspace.id ?? "";
    const scripts = t.app.services.scripts;
    expect(await scripts.forCall(workspaceId)).toBeNull();
    const created = await createScript(c, {
      openingMessage: "Thanks for calling Bright Smiles!",
      isDefault: true,
    });
    expect((await scripts.forCall(workspaceId))?.openingMessage).toBe("Thanks for calling Bright Smiles!");
    const preview = await c.post("/api/conversation/test", { message: "Hello" });
    expect(preview.json().greeting).toBe("Thanks for calling Bright Smiles!");

    await c.put(`/api/ai-scripts/${created.id}`, { isActive: false });
    expect(await scripts.forCall(workspaceId)).toBeNull();
    await c.put(`/api/ai-scripts/${created.id}`, { isActive: true });
    expect((await scripts.forCall(workspaceId))?.id).toBe(created.id);

    await c.delete(`/api/ai-scripts/${created.id}`);
    expect(await scripts.forCall(workspaceId)).toBeNull();
    const after = await c.post("/api/conversation/test", { message: "Hello" });
    const settings = (await c.get("/api/ai-settings")).json();
    expect(after.json().greeting).toBe(settings.greetingMessage);
  });
});

describe("templates", () => {
  it("lists the catalogue with usage counts, and counts each script made from one", async () => {
    const c = await buildWorkspace(t);
    const before = (await c.get("/api/script-templates")).json() as ScriptTemplate[];
    expect(before.length).toBeGreaterThanOrEqual(8);
    const dental = before.find((template) => template.id === "dental-office");
    expect(dental).toMatchObject({
      name: "Dental office appointments",
      isPublic: true,
      category: "Healthcare",
    });
    expect(dental?.templateData.transferRules.keywords).toContain("severe pain");

    const made = await c.post("/api/ai-scripts/from-template/dental-office");
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      name: "Dental office appointments",
      templateId: "dental-office",
      scriptType: "appointment",
      isDefault: false,
      openingMessage: dental?.templateData.openingMessage,
      businessRules: dental?.templateData.businessRules,
      testCasesAdded: dental?.testCases.length,
    });
    const other = await buildWorkspace(t);
    const renamed = await other.post("/api/ai-scripts/from-template/dental-office", {
      name: "Our front desk",
      isDefault: true,
    });
    expect(renamed.json()).toMatchObject({ name: "Our front desk", isDefault: true });

    const after = (await c.get("/api/script-templates")).json() as ScriptTemplate[];
    const count = (list: ScriptTemplate[]) =>
      list.find((template) => template.id === "dental-office")?.usageCount ?? 0;
    expect(count(after)).toBe(count(before) + 2);
    const tests = (await c.get("/api/agent-tests")).json() as { templateId: string; scriptId: string }[];
    expect(
      tests.every((test) => test.templateId === "dental-office" && test.scriptId === made.json().id),
    ).toBe(true);
  });

  it("answers 404 for a template that does not exist", async () => {
    const c = await buildWorkspace(t);
    for (const id of ["no-such-template", "00000000-0000-4000-8000-000000000000", "UPPER"]) {
      const res = await c.post(`/api/ai-scripts/from-template/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TEMPLATE_NOT_FOUND);
    }
    expect((await c.get("/api/ai-scripts")).json()).toEqual([]);
  });
});

describe("access", () => {
  it("lets members read scripts and only admins change them", async () => {
    const owner = await buildWorkspace(t);
    const script = await createScript(owner);
    const agent = await buildMember(t, owner, "agent");
    const admin = await buildMember(t, owner, "admin");
    expect((await agent.get("/api/ai-scripts")).json()).toHaveLength(1);
    expect((await agent.get(`/api/ai-scripts/${script.id}`)).statusCode).toBe(200);
    expect((await agent.get("/api/script-templates")).statusCode).toBe(200);
    for (const res of [
      await agent.post("/api/ai-scripts", { name: "Mine" }),
      await agent.put(`/api/ai-scripts/${script.id}`, { name: "Changed" }),
      await agent.delete(`/api/ai-scripts/${script.id}`),
      await agent.post("/api/ai-scripts/from-template/dental-office"),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain("admin");
    }
    expect((await admin.put(`/api/ai-scripts/${script.id}`, { name: "By the admin" })).statusCode).toBe(200);
  });

  it("answers 404 for another workspace's script, and lists only the workspace's own", async () => {
    const owner = await buildWorkspace(t);
    const intruder = await buildWorkspace(t);
    const script = await createScript(owner, { isDefault: true });
    await createScript(intruder, { name: "Theirs", isDefault: true });
    expect((await intruder.get(`/api/ai-scripts/${script.id}`)).statusCode).toBe(404);
    expect((await intruder.put(`/api/ai-scripts/${script.id}`, { isDefault: true })).statusCode).toBe(404);
    expect((await intruder.delete(`/api/ai-scripts/${script.id}`)).statusCode).toBe(404);
    expect(((await intruder.get("/api/ai-scripts")).json() as Script[]).map((s) => s.name)).toEqual([
      "Theirs",
    ]);
    // The owner's default is untouched by the other workspace's.
    expect((await owner.get(`/api/ai-scripts/${script.id}`)).json().isDefault).toBe(true);
  });
});
