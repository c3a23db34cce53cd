import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { aiSettings, calls, users, workspaces } from "../db/schema";
import { twilioSignature } from "../providers/telephony/twilio";
import { createTestApp, type TestApp, type TestAppOptions, type TestClient } from "./app";
import { startFakeTwilioApi } from "./fake-twilio-api";

export const PUBLIC_URL = "https://calls.example.com";
export const TWILIO = {
  accountSid: `AC${"0123456789abcdef".repeat(2)}`,
  authToken: `${"f".repeat(8)}0123456789abcdefa1b2c3d4`,
  phoneNumber: "+14155550100",
};

/**
 * An app with PUBLIC_URL set, the official Twilio client pointed at a local fake of Twilio's REST
 * API, and the carrier simulator running 100 times faster than real time.
 */
export async function telephonyTestApp(overrides: { timeScale?: number } = {}, options: TestAppOptions = {}) {
  const fake = await startFakeTwilioApi({
    accountSid: TWILIO.accountSid,
    authToken: TWILIO.authToken,
    numbers: [TWILIO.phoneNumber, "+14155550111"],
  });
  const t: TestApp = await createTestApp(
    {
      publicUrl: PUBLIC_URL,
      telephony: {
        twilioApiBaseUrl: fake.url,
        simulatorTimeScale: overrides.timeScale ?? 0.01,
      },
    },
    options,
  );
  return {
    t,
    fake,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** Connects the client's account to the fake Twilio account. */
export async function connectTwilio(client: TestClient, phoneNumber = TWILIO.phoneNumber) {
  const res = await client.put("/api/telephony/twilio", { ...TWILIO, phoneNumber });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A webhook the way Twilio sends it: form-encoded, signed over PUBLIC_URL + path with the official library. */
export function twilioPost(
  t: TestApp,
  path: string,
  params: Record<string, string>,
  options: { token?: string; signedUrl?: string; signature?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const signature =
    options.signature === undefined
      ? twilioSignature(
          options.token ?? TWILIO.authToken,
          options.signedUrl ?? `${PUBLIC_URL}${path}`,
          params,
        )
      : options.signature;
  return t.app.inject({
    method: "POST",
    url: path,
    headers: {
      host: "calls.example.com",
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": "TwilioProxy/1.1",
      ...(signature === null ? {} : { "x-twilio-signature": signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

/** Parameters of an inbound call to `to` from `from`, as Twilio sends them. */
export function inboundParams(
  callSid: string,
  from: string,
  to = TWILIO.phoneNumber,
  extra: Record<string, string> = {},
) {
  return {
    AccountSid: TWILIO.accountSid,
    ApiVersion: "2010-04-01",
    CallSid: callSid,
    CallStatus: "ringing",
    Called: to,
    Caller: from,
    Direction: "inbound",
    From: from,
    To: to,
    ...extra,
  };
}

export const callSid = () =>
  `CA${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("")}`;

export async function callRowBySid(t: TestApp, sid: string) {
  const [row] = await t.database.db.select().from(calls).where(eq(calls.providerCallSid, sid));
  return row;
}

export async function setSettings(
  t: TestApp,
  workspaceId: string,
  patch: Partial<typeof aiSettings.$inferInsert>,
) {
  await t.database.db.update(aiSettings).set(patch).where(eq(aiSettings.workspaceId, workspaceId));
  // Written behind the app's back: what it holds in memory is read afresh.
  t.app.services.access.changed({ workspaceId, settings: true });
}

export async function setUser(t: TestApp, userId: string, patch: Partial<typeof users.$inferInsert>) {
  await t.database.db.update(users).set(patch).where(eq(users.id, userId));
  t.app.services.access.changed({});
}

export async function setWorkspace(
  t: TestApp,
  workspaceId: string,
  patch: Partial<typeof workspaces.$inferInsert>,
) {
  await t.database.db.update(workspaces).set(patch).where(eq(workspaces.id, workspaceId));
  t.app.services.access.changed({ workspaceId });
}

/** Polls until `check` passes (or fails with its last error after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The value of an attribute, or the text, of the first element with this name in a TwiML document. */
export function twimlAttr(xml: string, element: string, attribute: string): string | undefined {
  const match = xml.match(new RegExp(`<${element}\\b[^>]*\\b${attribute}="([^"]*)"`));
  return match?.[1]?.replace(/&amp;/g, "&");
}
