import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { buildWorkspace } from "../../test/factories";
import {
  callRowBySid,
  callSid,
  connectTwilio,
  inboundParams,
  PUBLIC_URL,
  twilioPost,
  twimlAttr,
} from "../../test/telephony";

/**
 * Every webhook answers within a second, whatever the turn costs: with a language model that
 * takes 4 s, the gather webhook answers "pause, then ask again" after the 600 ms deadline, and
 * the caller's next request gets the turn's TwiML when it is ready.
 */
let t: TestApp;
let slowModel: Server;
const SLOW_MODEL_MS = 4000;

beforeAll(async () => {
  slowModel = createServer((_req, res) => {
    setTimeout(() => {
      res.writeHead(503, { "content-type": "application/json" });
      res.end('{"error":"overloaded"}');
    }, SLOW_MODEL_MS);
  });
  await new Promise<void>((resolve) => slowModel.listen(0, "127.0.0.1", resolve));
  const { port } = slowModel.address() as AddressInfo;
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    llm: { baseUrl: `http://127.0.0.1:${port}`, apiKey: undefined, model: "slow", timeoutMs: 8000 },
    telephony: { turnDeadlineMs: 600, twilioApiBaseUrl: "http://127.0.0.1:9" },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => slowModel.close(resolve));
});

it("answers a slow turn within a second and delivers its TwiML on the redirect", async () => {
  const owner = await buildWorkspace(t);
  await connectTwilio(owner);
  const sid = callSid();
  const greeting = await twilioPost(t, "/api/telephony/twilio/voice", inboundParams(sid, "+12125550147"));
  const action = twimlAttr(greeting.body, "Gather", "action") as string;
  const callId = (await callRowBySid(t, sid))?.id;

  const started = performance.now();
  const first = await twilioPost(t, action, {
    ...inboundParams(sid, "+12125550147"),
    SpeechResult: "Hi, I wanted a quote for landscaping my back yard.",
  });
  // The answer came from the deadline (Pause + Redirect), long before the 4 s model could answer.
  // Wall-clock figures belong to `npm run bench -- telephony`; a loaded CI machine only bounds it loosely.
  expect(performance.now() - started).toBeLessThan(SLOW_MODEL_MS - 1000);
  expect(first.body).toBe(
    `<?xml version="1.0" encoding="UTF-8"?><Response><Pause length="1"/><Redirect method="POST">/api/telephony/twilio/gather/${callId}?turn=1&amp;wait=1</Redirect></Response>`,
  );

  // Twilio plays each Pause before it follows the Redirect; so does this caller (the turn asks the
  // model twice, to understand and to answer, so the wait covers both failures and the fallback).
  let body = first.body;
  for (let attempt = 0; attempt < 30 && body.includes("wait="); attempt++) {
    const next = body.match(/<Redirect[^>]*>([^<]+)</)?.[1] ?? "";
    const pauseSeconds = Number(body.match(/<Pause length="(\d+)"/)?.[1] ?? 0);
    await new Promise((resolve) => setTimeout(resolve, pauseSeconds * 1000));
    body = (await twilioPost(t, next.replace(/&amp;/g, "&"), inboundParams(sid, "+12125550147"))).body;
  }
  expect(body).toContain("<Gather");
  expect(twimlAttr(body, "Gather", "action")).toMatch(/\?turn=2$/);
  const row = await callRowBySid(t, sid);
  expect(row?.transcript).toContain("Caller: Hi, I wanted a quote for landscaping my back yard.");
});
