import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type CallerLine, CarrierSimulator } from "../../server/providers/telephony/simulator";
import { load, printTable } from "../load";
import { signUp, startServer } from "../server";

/**
 * 100 concurrent phone calls held about 60 s, each caller speaking every few seconds,
 * against the real server (production mode, embedded database or DATABASE_URL). The carrier is
 * the project's own simulator playing Twilio: every webhook is form-encoded and carries an
 * X-Twilio-Signature from the official library, under each account's Twilio auth token, so the
 * server runs its real Twilio path (signature check, idempotency key, engine turn, TwiML).
 * Ten business accounts take ten calls each (the Business plan's concurrent-call limit).
 * Figures: webhook round trip p50/p99 by kind next to GET /api/health at the same concurrency
 * in the same run, errors, and the server's memory across the hold.
 */

const PORT = 5184;
const ACCOUNTS = 10;
const CALLS_PER_ACCOUNT = 10;
const HOLD_MS = 60_000;
const RAMP_MS = 10_000;
const TARGET_P99_MS = 100;

/** What a caller goes on about: messages, so nobody is blocked, booked or says goodbye early. */
const LINES = [
  "Hi, I'm calling about my internet service, it keeps dropping every evening.",
  "The account is under Morgan Lee.",
  "It started last Tuesday after the storm.",
  "I've already restarted the router a few times.",
  "The lights on the modem blink orange when it happens.",
  "My number is 555 222 3333 if someone can call me back.",
  "Mornings are best for me, before ten.",
  "I work from home so it's really affecting me.",
  "Also the bill seems higher than usual this month.",
  "I think I was charged for a technician visit that never happened.",
  "Could someone look into that as well?",
  "The invoice number is 10432.",
  "I've been a customer for six years.",
  "My neighbour has the same problem, by the way.",
  "Let me know what you find.",
  "I'll keep my phone on me.",
  "Sorry, one more thing, the email on file is old.",
  "The new one is morgan at example dot com.",
  "That's the main thing really.",
  "I'll stay on the line for a moment.",
];

type Delivery = { kind: string; ms: number; status: number };

export async function telephonyBench(): Promise<void> {
  const server = await startServer({
    port: PORT,
    env: { PUBLIC_URL: `http://127.0.0.1:${PORT}`, APP_SECRET: randomBytes(24).toString("hex") },
  });
  const deliveries: Delivery[] = [];
  const simulators: CarrierSimulator[] = [];
  const cookies: string[] = [];
  try {
    // --- accounts, each connected to "its" Twilio account -------------------------------------
    const accounts: { number: string; simulator: CarrierSimulator }[] = [];
    // A database may outlive a run (DATABASE_URL): numbers come from a block of this run's own,
    // and are disconnected at the end.
    const block = 200 + (randomBytes(2).readUInt16BE() % 800);
    for (let i = 0; i < ACCOUNTS; i++) {
      const { cookie } = await signUp(server.url);
      const accountSid = `AC${randomBytes(16).toString("hex")}`;
      const authToken = randomBytes(16).toString("hex");
      const number = `+1415${block}${String(2000 + i).padStart(4, "0")}`;
      const res = await fetch(`${server.url}/api/telephony/twilio`, {
        method: "PUT",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ accountSid, authToken, phoneNumber: number }),
      });
      if (!res.ok) throw new Error(`connect failed: ${res.status} ${await res.text()}`);
      const simulator = new CarrierSimulator({
        accountSid,
        token: authToken,
        baseUrl: server.url,
        deliver: async (url, params, signature) => {
          const response = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
            body: new URLSearchParams(params).toString(),
          });
          return { status: response.status, body: await response.text() };
        },
        onDelivery: ({ url, ms, status }) => deliveries.push({ kind: kindOf(url), ms, status }),
      });
      simulators.push(simulator);
      accounts.push({ number, simulator });
      cookies.push(cookie);
    }

    // --- warm-up: one short call per account, not measured ---------------------------------------
    await Promise.all(
      accounts.map(async ({ number, simulator }) => {
        const sid = simulator.ringInbound({
          from: "+12125550999",
          to: number,
          party: { script: [{ text: LINES[0] as string, delayMs: 200 }], hangUpAfterMs: 3000 },
          voiceUrl: "/api/telephony/twilio/voice",
          statusCallback: "/api/telephony/twilio/status",
        });
        await simulator.inspect(sid)?.done;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    deliveries.length = 0;

    // --- the hold: 100 calls, a turn every 2.5 to 4 s each, 60 s ---------------------------------
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(rssMb(server.pid)), 5000);
    const started = performance.now();
    const calls: Promise<unknown>[] = [];
    let peakLive = 0;
    const livePeak = setInterval(() => {
      peakLive = Math.max(
        peakLive,
        simulators.reduce((n, s) => n + s.liveCalls, 0),
      );
    }, 500);
    for (let c = 0; c < CALLS_PER_ACCOUNT; c++) {
      for (const [a, { number, simulator }] of accounts.entries()) {
        const script: CallerLine[] = LINES.map((text) => ({
          text,
          delayMs: 2500 + Math.floor(Math.random() * 1500),
        }));
        const sid = simulator.ringInbound({
          from: `+1212555${String(1000 + a * CALLS_PER_ACCOUNT + c).padStart(4, "0")}`,
          to: number,
          party: { script, hangUpAfterMs: HOLD_MS },
          voiceUrl: "/api/telephony/twilio/voice",
          statusCallback: "/api/telephony/twilio/status",
          // Calls arrive over the first ten seconds (ten a second), then all 100 are live at once.
          ringMs: Math.floor(((c * ACCOUNTS + a) / (ACCOUNTS * CALLS_PER_ACCOUNT)) * RAMP_MS),
        });
        calls.push(simulator.inspect(sid)?.done as Promise<unknown>);
      }
    }
    memory.push(rssMb(server.pid));
    const outcomes = await Promise.all(calls);
    clearInterval(sampler);
    clearInterval(livePeak);
    const heldSeconds = (performance.now() - started) / 1000;
    memory.push(rssMb(server.pid));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // --- baseline: GET /api/health at the same concurrency, same run -----------------------------
    const health = await load({ url: `${server.url}/api/health`, connections: 100, durationSeconds: 5 });

    const errors = deliveries.filter((d) => d.status === 0 || d.status >= 400).length;
    const row = (kind: string, list: Delivery[]) => ({
      webhook: kind,
      count: list.length,
      "p50 ms": round(
        percentile(
          list.map((d) => d.ms),
          50,
        ),
      ),
      "p99 ms": round(
        percentile(
          list.map((d) => d.ms),
          99,
        ),
      ),
      "max ms": round(Math.max(...list.map((d) => d.ms))),
    });
    const kinds = ["voice", "gather", "status"];
    printTable(
      `${ACCOUNTS * CALLS_PER_ACCOUNT} concurrent Twilio-signed calls (${ACCOUNTS} accounts x ${CALLS_PER_ACCOUNT}), held ${heldSeconds.toFixed(0)} s, a turn every 2.5-4 s; webhook round trips`,
      [
        row("all webhooks", deliveries),
        ...kinds.map((kind) =>
          row(
            kind,
            deliveries.filter((d) => d.kind === kind),
          ),
        ),
        {
          webhook: "baseline: GET /api/health, 100 connections",
          count: Math.round(health.requestsPerSecond * 5),
          "p50 ms": health.p50,
          "p99 ms": health.p99,
          "max ms": "",
        },
      ],
    );
    const all = deliveries.map((d) => d.ms);
    const p99 = percentile(all, 99);
    printTable("Outcome", [
      {
        "calls completed": outcomes.filter((o) => o === "completed").length,
        "peak live calls": peakLive,
        "caller turns": deliveries.filter((d) => d.kind === "gather").length,
        "webhook errors": errors,
        [`p99 < ${TARGET_P99_MS} ms`]: p99 < TARGET_P99_MS ? "yes" : "NO",
        "p99 / health p99": (p99 / Math.max(1, health.p99)).toFixed(1),
      },
    ]);
    printTable("Server memory (RSS, MB) every 5 s across the hold", [
      Object.fromEntries(memory.map((mb, i) => [i === memory.length - 1 ? "end" : `${i * 5}s`, mb])),
    ]);
    const settled = memory.slice(2);
    const growth = (settled.at(-1) ?? 0) - (settled[0] ?? 0);
    console.log(
      `Memory from 10 s to the end: ${settled[0]} -> ${settled.at(-1)} MB (${growth >= 0 ? "+" : ""}${growth} MB).`,
    );
  } finally {
    for (const simulator of simulators) simulator.stop();
    for (const cookie of cookies)
      await fetch(`${server.url}/api/telephony/twilio`, { method: "DELETE", headers: { cookie } }).catch(
        () => {},
      );
    await server.stop();
  }
}

function kindOf(url: string): string {
  const path = new URL(url).pathname;
  if (path.includes("/gather/")) return "gather";
  if (path.endsWith("/status")) return "status";
  if (path.endsWith("/voice")) return "voice";
  return "other";
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
