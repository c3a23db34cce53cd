import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SystemPart, SystemStatus } from "../../../common/http";
import type { SpeechToText } from "../../providers/speech";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";

/**
 * The dashboard's System Status comes from what this server really runs, not
 * from fixed text: the database, the AI, the speech recogniser, the account's phone service and
 * the payments provider.
 */

const partsOf = async (client: TestClient): Promise<Record<string, SystemPart>> => {
  const res = await client.get("/api/health/details");
  expect(res.statusCode).toBe(200);
  const status = SystemStatus.parse(res.json());
  return Object.fromEntries(status.parts.map((part) => [part.id, part]));
};

describe("system status with the defaults of a test server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("needs a session", async () => {
    expect((await t.client().get("/api/health/details")).statusCode).toBe(401);
  });

  it("names each part and says how it runs", async () => {
    const client = await buildWorkspace(t);
    const res = await client.get("/api/health/details");
    const status = SystemStatus.parse(res.json());
    expect(status.status).toBe("ok");
    expect(status.parts.map((part) => part.id)).toEqual([
      "database",
      "ai",
      "speech",
      "telephony",
      "payments",
    ]);
    const parts = await partsOf(client);
    expect(parts.database).toMatchObject({ label: "Database", state: "ok" });
    expect(parts.database!.detail).toMatch(
      t.database.engine === "pglite" ? /embedded/i : /PostgreSQL server/,
    );
    expect(parts.ai).toMatchObject({ label: "AI assistant", state: "ok" });
    expect(parts.ai!.detail).toMatch(/built-in/i);
    // Tests run without a recogniser: typed caller lines still work, recordings do not.
    expect(parts.speech).toMatchObject({ label: "Speech recognition", state: "off" });
    expect(parts.speech!.detail).toMatch(/recordings cannot be transcribed/);
    expect(parts.telephony).toMatchObject({ label: "Phone service", state: "limited" });
    expect(parts.telephony!.detail).toMatch(/simulator/i);
    expect(parts.payments).toMatchObject({ label: "Payments", state: "limited" });
    expect(parts.payments!.detail).toMatch(/no card is charged/i);
  });

  it("shows the account's own Twilio connection", async () => {
    const client = await buildWorkspace(t);
    const connected = await client.put("/api/telephony/twilio", {
      accountSid: `AC${"a".repeat(32)}`,
      authToken: "b".repeat(32),
      phoneNumber: "+14155550142",
    });
    expect(connected.statusCode).toBe(200);
    const parts = await partsOf(client);
    expect(parts.telephony).toMatchObject({ state: "ok" });
    expect(parts.telephony!.detail).toContain("Twilio");
    expect(parts.telephony!.detail).toContain("+14155550142");

    // Another account still uses the simulator.
    const other = await buildWorkspace(t);
    expect((await partsOf(other)).telephony!.detail).toMatch(/simulator/i);
  });
});

describe("system status on a configured server", () => {
  let t: TestApp;
  const recogniser: SpeechToText = {
    name: "openai-compatible",
    timeoutMs: 5000,
    describe: () => ({ kind: "openai-compatible", host: "whisper.local:8178", model: "whisper-1" }),
    transcribe: async () => "hello",
  };
  beforeAll(async () => {
    t = await createTestApp(
      {
        llm: { baseUrl: "http://127.0.0.1:9/v1", model: "llama-3.1-8b" },
        payments: { provider: "stripe", stripeSecretKey: "sk_test_123", stripeWebhookSecret: "whsec_123" },
      },
      { speech: recogniser },
    );
  });
  afterAll(() => t.close());

  it("names the language model, the recogniser and Stripe", async () => {
    const client = await buildWorkspace(t);
    const parts = await partsOf(client);
    expect(parts.ai).toMatchObject({ state: "ok" });
    expect(parts.ai!.detail).toContain("llama-3.1-8b");
    expect(parts.speech).toMatchObject({ state: "ok" });
    expect(parts.speech!.detail).toContain("OpenAI-compatible service at whisper.local:8178");
    expect(parts.payments).toMatchObject({ state: "ok" });
    expect(parts.payments!.detail).toMatch(/Stripe/);
  });
});

describe("system status with payments switched off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ payments: { provider: "none" } });
  });
  afterAll(() => t.close());

  it("says paid plans cannot be bought", async () => {
    const client = await buildWorkspace(t);
    const parts = await partsOf(client);
    expect(parts.payments).toMatchObject({ state: "off" });
    expect(parts.payments!.detail).toMatch(/not set up/i);
  });
});
