import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { projectPath } from "../../../paths";
import { databaseForChildProcess, testEngine } from "../../../test/job-databases";
import { waitFor } from "../../../test/jobs";

/**
 * Issue 13 part 6: the real server (server/main.ts, its dialer ticking on the jobs queue) is
 * killed with SIGKILL twice in the middle of a campaign, started again on the same data, and in
 * the end every lead was dialled exactly once: one attempt and one call per lead (no lead
 * dialled twice for the same attempt), every lead settled (none lost).
 *
 * The numbers end in 0002, which the carrier simulator reports busy at once, and the campaign
 * makes one attempt per lead, so each lead's whole story is one call. The leads' own time zone
 * is one where it is midday now, so the calling window is open whenever the test runs.
 */
const LEADS = 60;
/** Calls placed when each kill happens: some, then more, never all. */
const KILL_AT_CALLS = [12, 35];

type Server = { process: ChildProcess; url: string; output: string[] };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", projectPath("server/main.ts")], {
    cwd: projectPath("."),
    env: {
      ...process.env,
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      SIMULATOR_TIME_SCALE: "0.01",
      NODE_ENV: "development",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  running.add(child);
  child.once("exit", () => running.delete(child));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`The server exited before listening:\n${output.join("")}`);
      return (await fetch(`${url}/api/health`).catch(() => undefined))?.ok;
    },
    240_000,
    "the server to listen",
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output.join("")}`);
  });
  return { process: child, url, output };
}

async function kill(server: Server, signal: NodeJS.Signals): Promise<void> {
  const exited = once(server.process, "exit");
  server.process.kill(signal);
  await exited;
}

/** A browser on the server's own origin, keeping its session cookie. */
function browser(server: () => Server) {
  let cookie = "";
  return async <T>(method: string, path: string, body?: unknown) => {
    const { url } = server();
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { origin: url }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = response.headers.getSetCookie().find((line) => line.startsWith("aip_session="));
    if (session) cookie = session.split(";")[0] ?? "";
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** An IANA zone where it is about midday now ("Etc/GMT-3" is three hours ahead of UTC). */
function middayZone(): string {
  const offset = 12 - new Date().getUTCHours();
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Servers this file started and that still run: stopped when the file ends, even after a failure. */
const running = new Set<ChildProcess>();

const target = await databaseForChildProcess();
afterAll(async () => {
  for (const child of running) {
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
  }
  await target.drop();
});

describe(`the real server killed mid-campaign (${testEngine()})`, () => {
  it("dials every lead exactly once across two SIGKILLs and restarts", { timeout: 600_000 }, async () => {
    const started = Date.now();
    let server = await startServer(target.env);
    const call = browser(() => server);
    await call("POST", "/api/auth/signup", {
      username: "dialer_crash",
      email: "dialer-crash@example.com",
      password: "correct horse battery",
      planType: "business",
      businessInfo: { companyName: "Crash Dialer Ltd" },
    });
    const campaign = await call<{ id: string }>("POST", "/api/autodialer/campaigns", {
      name: "Crash campaign",
      dialRatio: 5,
      maxLines: 10,
      maxAttempts: 1,
    });
    const zone = middayZone();
    // +1 212 NXX-0002 for 60 exchanges: distinct numbers, all busy on the simulator.
    const leads = Array.from({ length: LEADS }, (_, n) => ({
      phoneNumber: `+1212${300 + n}0002`,
      timeZone: zone,
    }));
    const added = await call<{ added: number }>("POST", `/api/autodialer/campaigns/${campaign.id}/leads`, {
      leads,
    });
    expect(added.added).toBe(LEADS);
    await call("PUT", "/api/autodialer/console/status", { status: "available", campaignId: campaign.id });
    await call("POST", `/api/autodialer/campaigns/${campaign.id}/start`);

    const placed = async () =>
      (await call<{ pagination: { total: number } }>("GET", "/api/calls?page=1&limit=1")).pagination.total;
    const callsAtKill: number[] = [];
    for (const threshold of KILL_AT_CALLS) {
      const seen = await waitFor(async () => ((await placed()) >= threshold ? placed() : undefined), 180_000);
      await kill(server, "SIGKILL");
      callsAtKill.push(seen);
      expect(seen).toBeLessThan(LEADS);
      server = await startServer(target.env);
      // The session survives the restart (it is in the database).
    }

    // Every lead settled: none new, dialling or waiting; the campaign completes on its own.
    await waitFor(
      async () => {
        const shown = await call<{ status: string; dialableLeads: number }>(
          "GET",
          `/api/autodialer/campaigns/${campaign.id}`,
        );
        return shown.status === "completed";
      },
      300_000,
      "the campaign to complete",
    );
    await kill(server, "SIGTERM");
    expect(server.process.exitCode).toBe(0);

    // Checked from outside, on the database the server left behind.
    const database = await target.open();
    try {
      const perLead = (await database.db.execute(
        sql`select l.phone_e164, l.status, l.call_attempts,
                   (select count(*)::int from dial_attempts a where a.lead_id = l.id) attempts,
                   (select count(*)::int from dial_attempts a where a.lead_id = l.id and a.call_id is not null) dialled,
                   (select count(*)::int from calls c where c.dial_key like l.id::text || ':%') calls
            from campaign_leads l where l.campaign_id = ${campaign.id}`,
      )) as unknown as {
        rows: {
          phone_e164: string;
          status: string;
          call_attempts: number;
          attempts: number;
          calls: number;
        }[];
      };
      expect(perLead.rows).toHaveLength(LEADS);
      const wrong = perLead.rows.filter(
        (lead) =>
          lead.status !== "exhausted" || lead.attempts !== 1 || lead.calls !== 1 || lead.call_attempts !== 1,
      );
      expect(wrong).toEqual([]);
      const all = (await database.db.execute(
        sql`select count(*)::int calls, count(distinct dial_key)::int keys from calls where dial_key is not null`,
      )) as unknown as { rows: { calls: number; keys: number }[] };
      expect(all.rows[0]).toEqual({ calls: LEADS, keys: LEADS });
      const live = (await database.db.execute(
        sql`select count(*)::int n from dial_attempts
            where state in ('queued', 'dialing', 'ringing', 'answered', 'connected')`,
      )) as unknown as { rows: { n: number }[] };
      expect(live.rows[0]?.n).toBe(0);
      console.info(
        `dialer crash test (${testEngine()}): calls at the kills ${callsAtKill.join(", ")}; ` +
          `${Date.now() - started} ms in all`,
      );
    } finally {
      await database.close();
    }
  });
});
