import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../server/db/client";
import { smtpTransport } from "../server/providers/mail/smtp";
import { printTable } from "./load";
import { signUp, startServer } from "./server";

/**
 * Email campaigns sent by the real server (compiled, production mode, its own
 * embedded database or DATABASE_URL) through SMTP_URL to an SMTP server in this process, which
 * timestamps every message it accepts (after reading the whole of it).
 * (a) rate limits off (batches of 500, no delay, an hourly cap above the campaign): messages per
 *     second from the first accepted to the last, and from the request to the campaign showing
 *     completed. Goal: 200/s or more (Listmonk's defaults send about 100/s).
 * (b) rate limits on (batches of 10 every 100 ms: 100/s configured): the rate held, measured
 *     from the first message of the first batch to the first of the last. Goal: within 5%.
 * (c) baseline: as many messages as (a) handed straight to the same SMTP transport from this
 *     process (no server, database or rendering): what the SMTP side alone allows here.
 * SMTP_POOL_SIZE (default 10) is the server's and the baseline's number of SMTP connections.
 * BENCH_EMAIL_RECIPIENTS overrides the size of (a) (default 3,000, the campaign).
 */
const PORT = 5193;
const RECIPIENTS = Number(process.env.BENCH_EMAIL_RECIPIENTS ?? 3000);
/** BENCH_EMAIL_BATCH and BENCH_EMAIL_DELAY_MS override the paced run's settings. */
const PACED = {
  recipients: 1000,
  batchSize: Number(process.env.BENCH_EMAIL_BATCH ?? 10),
  delayMs: Number(process.env.BENCH_EMAIL_DELAY_MS ?? 100),
};

type Sink = { url: string; accepted: number[]; reset(): void; close(): Promise<void> };

async function smtpSink(): Promise<Sink> {
  const accepted: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        accepted.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    reset: () => {
      accepted.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The baseline: the same number of messages handed straight to the SMTP transport (the same
 * nodemailer pool, SMTP_POOL_SIZE connections) from this process, with no server, database or
 * rendering: what the SMTP side alone allows on this machine (sender and sink share a process).
 */
async function smtpBaseline(sink: Sink, count: number) {
  const transport = smtpTransport(sink.url, { maxConnections: Number(process.env.SMTP_POOL_SIZE ?? 10) });
  sink.reset();
  const started = performance.now();
  try {
    const outcomes = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        transport.send({
          workspaceId: "bench",
          id: `baseline-${i}`,
          from: "Bench <news@bench.test>",
          to: `pat${i}@bench.test`,
          subject: `Pat, a spring offer for Orlando`,
          text: "Hi Pat,\n\nOur spring offer for Orlando: 20% off this month.\n",
          html: '<p>Hi <b>Pat</b>,</p><p>Our spring offer for Orlando: <a href="https://example.com/offer">20% off</a> this month.</p>',
          messageId: `<baseline-${i}@bench.test>`,
          headers: {
            "List-Unsubscribe": "<https://bench.test/u>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }),
      ),
    );
    const accepted = outcomes.filter((outcome) => outcome.kind === "accepted").length;
    return { accepted, perSecond: accepted / ((performance.now() - started) / 1000) };
  } finally {
    await transport.close();
  }
}

type Api = <T>(method: string, path: string, body?: unknown, type?: string) => Promise<T>;

function api(url: string, cookie: string): Api {
  return async (method, path, body, type = "application/json") => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, origin: url, ...(body === undefined ? {} : { "content-type": type }) },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as never;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Imports `count` contacts with emails through the contact manager's CSV upload. */
async function importContacts(call: Api, count: number, domain: string): Promise<void> {
  let csv = "Name,Phone,Email\r\n";
  for (let i = 0; i < count; i++)
    csv += `Pat Lee ${i},+1555${String(i).padStart(7, "0")},pat${i}@${domain}\r\n`;
  const queued = await call<{ id: string; status: string }>(
    "POST",
    "/api/contacts/upload?fileName=bench.csv",
    csv,
    "text/csv",
  );
  let state = queued;
  while (state.status === "queued" || state.status === "running") {
    await sleep(250);
    state = await call("GET", `/api/contacts/imports/${queued.id}`);
  }
}

async function campaign(
  call: Api,
  sink: Sink,
  request: {
    templateId: string;
    limit: number;
    batchSize: number;
    delayBetweenBatches: number;
    city?: string;
  },
) {
  sink.reset();
  const started = performance.now();
  const queued = await call<{ campaignId: string; totalRecipients: number }>(
    "POST",
    "/api/email-marketing/send-campaign",
    request,
  );
  let shown: { status: string; sent: number; failed: number };
  do {
    await sleep(50);
    shown = await call("GET", `/api/email-marketing/campaigns/${queued.campaignId}`);
  } while (shown.status === "queued" || shown.status === "sending");
  const completed = performance.now();
  return { queued, shown, started, completed, accepted: [...sink.accepted] };
}

export async function emailBench(): Promise<void> {
  const sink = await smtpSink();
  // Kept until the end, so the reasons for any failed send can be read from the database.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aip-bench-email-"));
  const server = await startServer({
    port: PORT,
    dataDir,
    env: { SMTP_URL: sink.url, MAIL_FROM: "Bench <news@bench.test>" },
  });
  let stopped = false;
  try {
    const { cookie } = await signUp(server.url);
    const call = api(server.url, cookie);
    await call("PUT", "/api/email-marketing/settings", {
      postalAddress: "1 Main St, Orlando, FL 32801",
      hourlyCap: 100_000,
    });
    await importContacts(call, Math.max(RECIPIENTS, PACED.recipients), "bench.test");
    const template = await call<{ id: string }>("POST", "/api/email-marketing/templates", {
      name: "Bench offer",
      subject: "{{firstName|Hello}}, a spring offer for {{city|you}}",
      textContent: "Hi {{firstName|there}},\n\nOur spring offer for {{city}}: 20% off this month.",
      htmlContent:
        '<p>Hi <b>{{firstName|there}}</b>,</p><p>Our spring offer for {{city}}: <a href="https://example.com/offer">20% off</a> this month.</p>',
    });

    // (a) rate limits off
    const off = await campaign(call, sink, {
      templateId: template.id,
      limit: RECIPIENTS,
      batchSize: 500,
      delayBetweenBatches: 0,
    });
    const first = off.accepted[0] ?? off.started;
    const last = off.accepted[off.accepted.length - 1] ?? off.completed;
    const atServer = (off.accepted.length - 1) / ((last - first) / 1000);
    const endToEnd = off.shown.sent / ((off.completed - off.started) / 1000);

    // (b) rate limits on
    const on = await campaign(call, sink, {
      templateId: template.id,
      limit: PACED.recipients,
      batchSize: PACED.batchSize,
      delayBetweenBatches: PACED.delayMs,
    });
    const configured = (PACED.batchSize * 1000) / PACED.delayMs;
    const lastBatchStart = on.accepted[on.accepted.length - PACED.batchSize] ?? on.completed;
    const held =
      (on.accepted.length - PACED.batchSize) / ((lastBatchStart - (on.accepted[0] ?? on.started)) / 1000);
    const deviation = Math.abs(held - configured) / configured;

    const baseline = await smtpBaseline(sink, RECIPIENTS);

    printTable(
      `Email campaigns through SMTP (the real server, ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded database"}, to an in-process smtp-server)`,
      [
        {
          what: `rate limits off: ${RECIPIENTS} recipients, batches of 500, no delay`,
          accepted: off.accepted.length,
          sent: off.shown.sent,
          failed: off.shown.failed,
          "msgs/s at the SMTP server": Math.round(atServer),
          "msgs/s request to completed": Math.round(endToEnd),
          goal: ">= 200/s",
          met: atServer >= 200 && endToEnd >= 200 ? "yes" : "NO",
        },
        {
          what: `rate limits on: ${PACED.recipients} recipients, ${PACED.batchSize} every ${PACED.delayMs} ms (${configured}/s)`,
          accepted: on.accepted.length,
          sent: on.shown.sent,
          failed: on.shown.failed,
          "msgs/s at the SMTP server": Math.round(held * 10) / 10,
          "msgs/s request to completed":
            Math.round((on.shown.sent / ((on.completed - on.started) / 1000)) * 10) / 10,
          goal: `${configured}/s within 5%`,
          met: `${deviation <= 0.05 ? "yes" : "NO"} (${(deviation * 100).toFixed(1)}% off)`,
        },
        {
          what: `baseline: ${RECIPIENTS} messages straight to the SMTP pool (no server, database or rendering)`,
          accepted: baseline.accepted,
          sent: baseline.accepted,
          failed: RECIPIENTS - baseline.accepted,
          "msgs/s at the SMTP server": Math.round(baseline.perSecond),
          "msgs/s request to completed": Math.round(baseline.perSecond),
          goal: "(reference)",
          met: "",
        },
      ],
    );
    await server.stop();
    stopped = true;
    if (off.shown.failed + on.shown.failed > 0) await printFailures(dataDir);
  } finally {
    if (!stopped) await server.stop();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Why sends failed, from the database the server left (a bench that fails says why). */
async function printFailures(dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  try {
    const rows = await database.db.execute(
      sql`select left(error, 200) as error, count(*)::int as sends from email_sends
          where status = 'failed' group by 1 order by 2 desc limit 5`,
    );
    printTable(
      "Failed sends by reason",
      (rows as unknown as { rows: Record<string, string | number>[] }).rows,
    );
  } finally {
    await database.close();
  }
}
