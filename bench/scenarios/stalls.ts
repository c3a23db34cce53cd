import { readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { printTable } from "../load";
import { type RunningServer, signUp, startServer } from "../server";

/**
 * "No tenant stalls another": while one account imports a hostile file, GET /api/health is asked
 * back to back by another client, and its p50, p99 and max are printed beside a quiet-server
 * baseline from the same run, with the server's own event-loop delay (bench/event-loop-probe.mjs,
 * measured inside it). The files: 45 MB of commas after a header, a 45 MB quoted cell and a
 * header of 300,000 columns (each to POST /api/contacts/upload), a 60,000-line do-not-call list
 * (POST /api/do-not-call/import) and 10,000 dialer lead lines (POST
 * /api/autodialer/campaigns/:id/leads). Goal: health p99 under 100 ms during each.
 *
 * The embedded database runs by default (BENCH_SKIP_PGLITE=1 leaves it out); PostgreSQL too when
 * DATABASE_URL names a server (a database of its own on it, aip_bench_stalls).
 */
const PORT = 5194;
const PROBE_MODULE = path.resolve(import.meta.dirname, "../event-loop-probe.mjs");
const GOAL_P99_MS = 100;
/** The quiet baseline lasts this long. */
const QUIET_MS = 3000;

type Probe = { latencies: number[]; stop(): Promise<void> };

/** One GET /api/health on `agent`'s connection; a refused or reset one ends there too. */
function askHealth(url: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(`${url}/api/health`, { agent }, (response) => {
      response.resume();
      response.on("end", resolve);
      response.on("error", () => resolve());
    });
    request.on("error", () => resolve());
  });
}

/**
 * GET /api/health one after another (5 ms apart): what any other user of the server waits. It
 * has a connection of its own, as another person's browser would: fetch's shared pool could
 * queue it behind the hostile upload's socket, which measures the client, not the server.
 */
function probeHealth(url: string): Probe {
  const latencies: number[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await askHealth(url, agent);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    latencies,
    async stop() {
      running = false;
      await loop;
      agent.destroy();
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** Asks the server's probe for its event-loop delay since the last ask (and starts it over). */
async function loopDelay(server: RunningServer, file: string): Promise<{ maxMs: number; p99Ms: number }> {
  const asked = Date.now();
  process.kill(server.pid, "SIGUSR2");
  for (let tries = 0; tries < 250; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    try {
      const read = JSON.parse(readFileSync(file, "utf8")) as { maxMs: number; p99Ms: number; at: number };
      if (read.at >= asked) return read;
    } catch {
      // not written yet
    }
  }
  throw new Error("the event-loop probe did not answer");
}

type Answer = { status: number; message: string };
type Answered = Answer & { body: Record<string, unknown> };

/**
 * One request on a connection of its own (the hostile account's), as node:http sends it: a
 * kept-alive socket the server closes after refusing an upload it stopped reading would reset
 * the next request sent on it, which measures the client, not the server.
 */
function send(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: Buffer | string },
): Promise<Answered> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      url,
      { method: options.method, headers: options.headers, agent: false },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const status = response.statusCode ?? 0;
          try {
            const body = JSON.parse(text) as Record<string, unknown>;
            resolve({ status, message: String(body.message ?? body.status ?? ""), body });
          } catch {
            resolve({ status, message: text.slice(0, 80), body: {} });
          }
        });
        response.on("error", reject);
      },
    );
    // The server may answer (and close) before the whole of a refused upload is sent: the answer
    // counts; a connection that ends with none is reported as such.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      else if (!answered) resolve({ status: 0, message: `connection ${error.code}`, body: {} });
    });
    request.end(options.body);
  });
}

type Hostile = { label: string; send: () => Promise<Answer> };

/** Runs `work` while health is probed; answers the row of figures. */
async function measure(server: RunningServer, probeFile: string, hostile: Hostile) {
  const probe = probeHealth(server.url);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await loopDelay(server, probeFile);
  const started = performance.now();
  const answer = await hostile.send();
  const seconds = (performance.now() - started) / 1000;
  const loop = await loopDelay(server, probeFile);
  await probe.stop();
  const sorted = [...probe.latencies].sort((a, b) => a - b);
  const p99 = percentile(sorted, 0.99);
  return {
    file: hostile.label,
    answer: `${answer.status} in ${seconds.toFixed(1)} s`,
    message: answer.message.slice(0, 70),
    "health asks": sorted.length,
    "health p50 ms": Math.round(percentile(sorted, 0.5)),
    "health p99 ms": Math.round(p99),
    "health max ms": Math.round(sorted.at(-1) ?? Number.NaN),
    "loop max ms": Math.round(loop.maxMs),
    [`p99 < ${GOAL_P99_MS} ms`]: p99 < GOAL_P99_MS ? "met" : "not met",
  };
}

const MB45 = 45 * 1024 * 1024;

/** The hostile files, built once (the same bytes for both databases). */
function hostileBodies() {
  const commas = Buffer.alloc("Name,Phone\n".length + MB45, ",");
  commas.write("Name,Phone\n", 0);
  const quotedHead = 'Name,Notes\nAnn Lee,"';
  const quoted = Buffer.alloc(quotedHead.length + MB45 + 2, "x");
  quoted.write(quotedHead, 0);
  quoted.write('"\n', quoted.length - 2);
  const columns = `${["Name", "Phone", ...Array.from({ length: 299_998 }, (_, i) => `Column ${i + 3}`)].join(",")}\nAnn Lee,5552010000\n`;
  const doNotCall = `Phone\n${Array.from({ length: 60_000 }, (_, i) => `555${String(2000000 + i)}`).join("\n")}\n`;
  const leadLines = Array.from(
    { length: 10_000 },
    (_, i) =>
      `(555) ${String(300 + Math.floor(i / 10_000)).padStart(3, "0")}-${String(i).padStart(4, "0")}, Pat, Lee ${i}, Lee Co, pat${i}@example.com`,
  ).join("\n");
  return { commas, quoted, columns, doNotCall, leadLines };
}

/** A contacts upload; a 202 (a job) is followed until the import has ended. */
async function uploadContacts(server: RunningServer, cookie: string, body: Buffer | string): Promise<Answer> {
  const answer = await send(`${server.url}/api/contacts/upload?fileName=hostile.csv`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "text/csv" },
    body,
  });
  if (answer.status !== 202) return answer;
  let done = answer.body;
  while (done.status === "queued" || done.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 250));
    done = (
      await send(`${server.url}/api/contacts/imports/${String(answer.body.id)}`, {
        method: "GET",
        headers: { cookie },
      })
    ).body;
  }
  return { status: 202, message: `job ${String(done.status)}: ${String(done.error ?? "")}` };
}

async function postJson(
  server: RunningServer,
  cookie: string,
  route: string,
  body: unknown,
): Promise<Answer> {
  const answer = await send(`${server.url}${route}`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (answer.status < 300 && answer.body.added !== undefined)
    return { status: answer.status, message: `${String(answer.body.added)} added` };
  return answer;
}

/** Whether the server is still running a few seconds after a request to it failed. */
async function survived(server: RunningServer): Promise<boolean> {
  for (let i = 0; i < 30; i++) {
    try {
      process.kill(server.pid, 0);
    } catch {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** A started server with a signed-in account and a campaign to add leads to. */
async function startSignedIn(env: Record<string, string>, probeFile: string) {
  const server = await startServer({
    port: PORT,
    env: { ...env, NODE_OPTIONS: `--import ${PROBE_MODULE}`, EVENT_LOOP_PROBE_FILE: probeFile },
  });
  const { cookie } = await signUp(server.url);
  const campaign = (await (
    await fetch(`${server.url}/api/autodialer/campaigns`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ name: "Stalls bench" }),
    })
  ).json()) as { id: string };
  // A moment for the freshly started server (its first jobs tick, its caches) to settle.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { server, cookie, campaignId: campaign.id };
}

async function runOn(engine: string, env: Record<string, string>, bodies: ReturnType<typeof hostileBodies>) {
  const probeFile = path.join(os.tmpdir(), `aip-bench-stalls-probe-${process.pid}.json`);
  let running = await startSignedIn(env, probeFile);
  const hostiles: { label: string; send: (on: typeof running) => Promise<Answer> }[] = [
    {
      label: "none (quiet baseline)",
      send: async () => {
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        return { status: 0, message: "" };
      },
    },
    {
      label: "45 MB of commas after a header",
      send: (on) => uploadContacts(on.server, on.cookie, bodies.commas),
    },
    { label: "a 45 MB quoted cell", send: (on) => uploadContacts(on.server, on.cookie, bodies.quoted) },
    {
      label: "a header of 300,000 columns",
      send: (on) => uploadContacts(on.server, on.cookie, bodies.columns),
    },
    {
      label: "60,000-line do-not-call import",
      send: (on) => postJson(on.server, on.cookie, "/api/do-not-call/import", { csvData: bodies.doNotCall }),
    },
    {
      label: "10,000 dialer lead lines",
      send: (on) =>
        postJson(on.server, on.cookie, `/api/autodialer/campaigns/${on.campaignId}/leads`, {
          text: bodies.leadLines,
        }),
    },
  ];
  const rows: Record<string, string | number>[] = [];
  try {
    for (const hostile of hostiles) {
      try {
        rows.push(
          await measure(running.server, probeFile, {
            label: hostile.label,
            send: () => hostile.send(running),
          }),
        );
      } catch (error) {
        // A server the file crashed (out of memory): said so, and a new one takes the next file.
        if (await survived(running.server)) throw error;
        rows.push({ file: hostile.label, answer: "the server crashed", message: String(error).slice(0, 70) });
        await running.server.stop();
        running = await startSignedIn(env, probeFile);
      }
    }
    printTable(
      `Hostile files on ${engine}: GET /api/health asked back to back while each is handled (goal p99 < ${GOAL_P99_MS} ms), load average ${os.loadavg()[0]!.toFixed(1)}`,
      rows,
    );
  } finally {
    await running.server.stop();
    rmSync(probeFile, { force: true });
  }
}

export async function stallsBench(): Promise<void> {
  const bodies = hostileBodies();
  if (!process.env.BENCH_SKIP_PGLITE) await runOn("the embedded database", {}, bodies);
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query("drop database if exists aip_bench_stalls with (force)");
    await admin.query("create database aip_bench_stalls");
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = "/aip_bench_stalls";
    await runOn("PostgreSQL", { DATABASE_URL: url.toString() }, bodies);
  }
}
