import { randomBytes } from "node:crypto";
import { pcmWav } from "../../server/audio/wav";
import {
  type CallerLine,
  CarrierSimulator,
  type PlayedAudio,
} from "../../server/providers/telephony/simulator";
import { startFakeVoiceService } from "../../server/test/fake-voice-service";
import { printTable } from "../load";
import { signUp, startServer } from "../server";

/**
 * The cloned voice on the phone: how long a caller waits for the first sound of the assistant's
 * reply when it is spoken in the workspace's cloned voice. A local fake of the voice service
 * (ElevenLabs' API on loopback) takes 300 ms to synthesise each reply and answers an MP3-sized
 * body; the real server (production build) plays each reply with <Play>. The carrier is the
 * project's simulator over real HTTP with Twilio's signatures, fetching each <Play> as Twilio does.
 * Time to audio: from posting the webhook (the caller has just finished speaking, or the call has
 * just connected) to the reply's audio fully received. Beside it, in the same run, accounts
 * without a cloned voice: their <Say> TwiML's round trip (Twilio's own speech not counted).
 */

const PORT = 5196;
const API_KEY = "bench-voice-key";
const SYNTHESIS_MS = 300;
/** An MP3 at 128 kbit/s is about 1,000 bytes a character of English speech. */
const BYTES_PER_CHAR = 1000;
const CLONED_ACCOUNTS = 10;
const BASELINE_ACCOUNTS = 4;
const CALLS_PER_ACCOUNT = 2;
const HOLD_MS = 40_000;
/** Calls arrive over this long, as a line's calls do, rather than all in one instant. */
const RAMP_MS = 10_000;
const TARGET_P95_MS = 1000;

/** What callers say: details that change the reply (names, times, numbers), so many are new words. */
const LINES = [
  "Hi, this is Morgan Lee, my internet keeps dropping every evening.",
  "Can someone come out on Thursday at 3 pm?",
  "My number is 555 222 3333.",
  "The router lights blink orange when it happens.",
  "I'd also like to know the price of the faster plan.",
  "Actually, could it be Friday morning instead?",
  "The address is 42 Elm Street.",
  "Thanks, that's all for now.",
];

type Observed = PlayedAudio & { account: number; text: string };

/** Six seconds of a voiced tone as a WAV data URL: a sample the voice area accepts and clones. */
function sampleDataUrl(): string {
  const rate = 16_000;
  const pcm = Buffer.alloc(rate * 6 * 2);
  for (let i = 0; i < rate * 6; i++) {
    const t = i / rate;
    const value = Math.sin(2 * Math.PI * 120 * t) + 0.5 * Math.sin(4 * Math.PI * 120 * t);
    pcm.writeInt16LE(Math.round((value / 1.5) * 0.3 * 32767), i * 2);
  }
  return `data:audio/wav;base64,${pcmWav(pcm, rate).toString("base64")}`;
}

/** The words a reply's signed address carries (its body is readable; only the server can sign one). */
function wordsOf(url: string): string {
  const token = new URL(url).searchParams.get("token") ?? "";
  const fields = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString()) as unknown[];
  return String(fields[3] ?? "");
}

async function request(url: string, cookie: string, method: string, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} failed: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

export async function voiceTurnsBench(): Promise<void> {
  const voice = await startFakeVoiceService({
    apiKey: API_KEY,
    synthesisMs: SYNTHESIS_MS,
    bytesPerChar: BYTES_PER_CHAR,
  });
  const server = await startServer({
    port: PORT,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      APP_SECRET: randomBytes(24).toString("hex"),
      VOICE_API_KEY: API_KEY,
      VOICE_API_BASE_URL: voice.url,
    },
  });
  const simulators: CarrierSimulator[] = [];
  const cookies: string[] = [];
  const played: Observed[] = [];
  const baselineTurns: number[] = [];
  const baselineGreetings: number[] = [];
  try {
    const block = 200 + (randomBytes(2).readUInt16BE() % 800);
    const sample = sampleDataUrl();
    const accounts: { number: string; simulator: CarrierSimulator }[] = [];
    for (let a = 0; a < CLONED_ACCOUNTS + BASELINE_ACCOUNTS; a++) {
      const cloned = a < CLONED_ACCOUNTS;
      const { cookie } = await signUp(server.url);
      cookies.push(cookie);
      const accountSid = `AC${randomBytes(16).toString("hex")}`;
      const authToken = randomBytes(16).toString("hex");
      const number = `+1415${block}${String(3000 + a).padStart(4, "0")}`;
      await request(`${server.url}/api/telephony/twilio`, cookie, "PUT", {
        accountSid,
        authToken,
        phoneNumber: number,
      });
      if (cloned) {
        const profile = await request(`${server.url}/api/voice-profiles`, cookie, "POST", {
          voiceName: `Bench voice ${a}`,
          audioData: sample,
          consent: true,
        });
        if (profile.provider !== "elevenlabs") throw new Error(`the voice was not cloned: ${profile.notice}`);
        await request(`${server.url}/api/voice-profiles/${profile.id}/activate`, cookie, "PUT", {});
      }
      const simulator = new CarrierSimulator({
        accountSid,
        token: authToken,
        baseUrl: server.url,
        deliver: async (url, params, signature) => {
          const response = await fetch(url, {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "x-twilio-signature": signature,
            },
            body: new URLSearchParams(params).toString(),
          });
          return { status: response.status, body: await response.text() };
        },
        fetchAudio: async (url) => {
          const response = await fetch(url);
          const body = await response.arrayBuffer();
          return {
            status: response.status,
            contentType: response.headers.get("content-type") ?? "",
            bytes: body.byteLength,
          };
        },
        onAudio: (audio) => played.push({ ...audio, account: a, text: wordsOf(audio.url) }),
        onDelivery: ({ url, ms }) => {
          if (cloned) return;
          if (url.includes("/gather/")) baselineTurns.push(ms);
          else if (url.endsWith("/voice")) baselineGreetings.push(ms);
        },
      });
      simulators.push(simulator);
      accounts.push({ number, simulator });
    }

    // --- warm-up: one short call on the first account of each kind, not measured ------------------
    for (const warm of [accounts[0], accounts[CLONED_ACCOUNTS]]) {
      if (!warm) continue;
      const sid = warm.simulator.ringInbound({
        from: "+12125550999",
        to: warm.number,
        party: { script: [{ text: "Hi, just checking the line.", delayMs: 200 }], hangUpAfterMs: 5000 },
        voiceUrl: "/api/telephony/twilio/voice",
        statusCallback: "/api/telephony/twilio/status",
      });
      await warm.simulator.inspect(sid)?.done;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // What the warm-up said is in its workspace's cache: a later play of it is a hit.
    const warmedUp = played.splice(0);
    baselineTurns.length = 0;
    baselineGreetings.length = 0;

    // --- the hold: calls arriving over RAMP_MS, a line every 2.5-4 s after each reply ----------
    const started = performance.now();
    const calls: Promise<unknown>[] = [];
    const greetingUrls = new Set<string>();
    for (let c = 0; c < CALLS_PER_ACCOUNT; c++) {
      for (const [a, { number, simulator }] of accounts.entries()) {
        const script: CallerLine[] = LINES.map((text) => ({
          text: text.replace("Morgan Lee", `Caller ${a}-${c}`),
          delayMs: 2500 + Math.floor(Math.random() * 1500),
        }));
        const sid = simulator.ringInbound({
          from: `+1212555${String(1000 + a * CALLS_PER_ACCOUNT + c).padStart(4, "0")}`,
          to: number,
          party: { script, hangUpAfterMs: HOLD_MS },
          voiceUrl: "/api/telephony/twilio/voice",
          statusCallback: "/api/telephony/twilio/status",
          ringMs: Math.floor(((c * accounts.length + a) / (accounts.length * CALLS_PER_ACCOUNT)) * RAMP_MS),
        });
        const view = simulator.inspect(sid);
        calls.push(
          (view?.done ?? Promise.resolve()).then(() => {
            // The first <Play> of a call is its greeting.
            const first = simulator.inspect(sid)?.played[0];
            if (first) greetingUrls.add(first.url);
          }),
        );
      }
    }
    await Promise.all(calls);
    const heldSeconds = (performance.now() - started) / 1000;

    // A reply's words heard for the first time in its workspace were synthesised for this turn
    // (or were already being synthesised for a call a moment earlier): a cache miss.
    const seen = new Set(warmedUp.map((p) => `${p.account}\n${p.text}`));
    const rows = played.map((p) => {
      const key = `${p.account}\n${p.text}`;
      const miss = !seen.has(key);
      seen.add(key);
      return { ...p, miss, greeting: greetingUrls.has(p.url) };
    });
    const failed = rows.filter((r) => r.status !== 200 || r.contentType !== "audio/mpeg").length;
    const stat = (label: string, list: number[]) => ({
      "time to audio": label,
      count: list.length,
      "p50 ms": round(percentile(list, 50)),
      "p95 ms": round(percentile(list, 95)),
      "max ms": list.length ? round(Math.max(...list)) : 0,
    });
    const ms = (filter: (r: (typeof rows)[number]) => boolean) => rows.filter(filter).map((r) => r.msToAudio);
    printTable(
      `${CLONED_ACCOUNTS * CALLS_PER_ACCOUNT} calls in a cloned voice (${CLONED_ACCOUNTS} accounts x ${CALLS_PER_ACCOUNT}) and ${BASELINE_ACCOUNTS * CALLS_PER_ACCOUNT} with <Say>, held ${heldSeconds.toFixed(0)} s; the voice service takes ${SYNTHESIS_MS} ms a reply`,
      [
        stat(
          "cloned: every reply",
          ms(() => true),
        ),
        stat(
          "cloned: caller's turns, new words (synthesised)",
          ms((r) => !r.greeting && r.miss),
        ),
        stat(
          "cloned: caller's turns, words said before (cache)",
          ms((r) => !r.greeting && !r.miss),
        ),
        stat(
          "cloned: greetings, first in the workspace",
          ms((r) => r.greeting && r.miss),
        ),
        stat(
          "cloned: greetings, cached",
          ms((r) => r.greeting && !r.miss),
        ),
        stat("baseline <Say>: caller's turns (TwiML round trip)", baselineTurns),
        stat("baseline <Say>: greetings (TwiML round trip)", baselineGreetings),
      ],
    );
    const newWords = ms((r) => r.miss);
    const p95 = percentile(
      rows.map((r) => r.msToAudio),
      95,
    );
    printTable("Outcome", [
      {
        "replies played": rows.length,
        "not audio/mpeg or failed": failed,
        "syntheses asked of the service": voice.spoken.length,
        "distinct replies (account, words)": seen.size,
        [`p95 < ${TARGET_P95_MS} ms (all)`]: p95 < TARGET_P95_MS ? "yes" : "NO",
        [`p95 < ${TARGET_P95_MS} ms (new words)`]: percentile(newWords, 95) < TARGET_P95_MS ? "yes" : "NO",
      },
    ]);
  } finally {
    for (const simulator of simulators) simulator.stop();
    for (const cookie of cookies)
      await fetch(`${server.url}/api/telephony/twilio`, { method: "DELETE", headers: { cookie } }).catch(
        () => {},
      );
    await server.stop();
    await voice.close();
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
