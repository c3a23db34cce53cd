import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifySmtpError, type SmtpError, smtpTransport } from "../../providers/mail/smtp";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";
import { testEngine } from "../../test/job-databases";
import { waitFor } from "../../test/jobs";
import { emailRepository } from "./repository";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, RETRY_JITTER } from "./sending";

/**
 * A temporary SMTP failure (4xx, a dropped connection, a timeout) is tried again with
 * backoff, a permanent one (5xx) is not, against the real app and a real SMTP server in this
 * process whose answer to each recipient's next try is scripted. The app's clock is the test's:
 * it is moved to each send's not-before time and the retry sweep run by hand (the app's cron
 * schedules are off in tests), so no test sleeps for minutes.
 */

/** What the server does with a recipient's next try; once the script is used up it accepts. */
type Step = "451" | "452" | "421" | "550" | "554-at-data" | "drop-at-data";

const scripts = new Map<string, Step[]>();
/** Every try that reached RCPT TO, per recipient. */
const tries = new Map<string, number>();
const received: ParsedMail[] = [];
const atData = new Map<string, Step>();

const smtpError = (code: number, text: string) =>
  Object.assign(new Error(text), { responseCode: code }) as Error & { responseCode: number };

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    const to = address.address.toLowerCase();
    tries.set(to, (tries.get(to) ?? 0) + 1);
    const step = scripts.get(to)?.shift();
    if (step === "451") return callback(smtpError(451, "4.7.1 Greylisted, try again later"));
    if (step === "452") return callback(smtpError(452, "4.2.2 Mailbox full for now"));
    if (step === "421") return callback(smtpError(421, "4.3.2 Service shutting down"));
    if (step === "550") return callback(smtpError(550, "5.1.1 No such user here"));
    if (step) atData.set(to, step);
    else atData.delete(to);
    callback();
  },
  onData(stream, session, callback) {
    const to = session.envelope.rcptTo[0]?.address.toLowerCase() ?? "";
    simpleParser(stream)
      .then((mail) => {
        const step = atData.get(to);
        atData.delete(to);
        if (step === "drop-at-data") {
          // The whole message arrived, and the connection drops before the server answers it.
          const connection = [
            ...(smtp as unknown as { connections: Set<{ id: string; _socket: Socket }> }).connections,
          ].find((c) => c.id === session.id);
          connection?._socket.destroy();
          return;
        }
        if (step === "554-at-data") return callback(smtpError(554, "5.7.1 Message refused by policy"));
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});
smtp.on("error", () => {});

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp(
    { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Acme <news@acme.test>" } },
    { now: () => clock },
  );
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const ADDRESS = "1 Main St, Orlando, FL 32801";
let phone = 0;

async function campaignTo(c: TestClient, emails: string[]) {
  await c.put("/api/email-marketing/settings", { postalAddress: ADDRESS });
  for (const email of emails) {
    const res = await c.post("/api/contacts", {
      name: `Person ${email}`,
      phoneNumber: `+1555500${String(phone++).padStart(4, "0")}`,
      email,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const tpl = await c.post("/api/email-marketing/templates", {
    name: "Retry offer",
    subject: "Hello {{firstName|there}}",
    textContent: "Hi {{firstName|there}}, an offer.",
  });
  const start = await c.post("/api/email-marketing/send-campaign", {
    templateId: tpl.json().id,
    batchSize: 10,
    delayBetweenBatches: 0,
  });
  expect(start.statusCode, start.body).toBe(202);
  return start.json().campaignId as string;
}

type Row = {
  id: string;
  status: string;
  attempts: number;
  error: string | null;
  next_attempt_at: string | null;
  message_id: string;
  claimed_by: string | null;
};
async function sendRow(email: string): Promise<Row> {
  const result = (await t.database.db.execute(
    sql`select id, status, attempts, error, next_attempt_at::text, message_id, claimed_by
        from email_sends where email = ${email}`,
  )) as unknown as { rows: Row[] };
  expect(result.rows).toHaveLength(1);
  return result.rows[0] as Row;
}

/** No campaign job queued or running: the app is waiting (for a retry, or for nothing). */
async function idle() {
  await waitFor(
    async () => {
      const result = (await t.database.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'email.campaign' and status in ('queued', 'running')`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n === 0;
    },
    30_000,
    "the campaign jobs to finish",
  );
}

const campaign = async (c: TestClient, id: string) =>
  (await c.get(`/api/email-marketing/campaigns/${id}`)).json();
const sweep = () => t.app.services.email.sweepRetries();
const to = (m: ParsedMail) => (m.to as { text: string } | undefined)?.text ?? "";
const at = (row: Row) => new Date(row.next_attempt_at ?? 0).getTime();

/** The wait after try `n` lies within the jitter of its step. */
function expectWait(row: Row, from: Date, n: number) {
  const base = RETRY_DELAYS_MS[n - 1] ?? 0;
  const wait = at(row) - from.getTime();
  expect(wait).toBeGreaterThanOrEqual(Math.floor(base * (1 - RETRY_JITTER)));
  expect(wait).toBeLessThanOrEqual(Math.ceil(base * (1 + RETRY_JITTER)));
}

/** Moves the app's clock to `when` once nothing runs (a running job's lease is on the same clock). */
async function moveClockTo(when: number) {
  await idle();
  clock = new Date(when);
}

describe(`temporary SMTP failures are retried with backoff (${testEngine()})`, () => {
  it("451 twice, then accepted: one message arrives, after three attempts, each at its not-before time", async () => {
    const c = await buildWorkspace(t);
    scripts.set("grey@retry.test", ["451", "451"]);
    const id = await campaignTo(c, ["grey@retry.test", "fine@retry.test"]);
    await idle();

    // The first try deferred one send: the campaign is not complete, and shows it.
    const first = await sendRow("grey@retry.test");
    expect(first).toMatchObject({ status: "pending", attempts: 1 });
    expect(first.error).toContain("451");
    expectWait(first, clock, 1);
    expect(await campaign(c, id)).toMatchObject({
      status: "sending",
      sent: 1,
      failed: 0,
      pending: 1,
      retrying: 1,
    });
    expect((await c.get("/api/email-marketing/analytics")).json()).toMatchObject({ sent: 1, retrying: 1 });
    const firstJob = first.claimed_by?.split(":")[0];

    // Not before its time: a millisecond early, the sweep queues nothing and nobody tries.
    await moveClockTo(at(first) - 1);
    expect((await sweep()).queued).toBe(0);
    await idle();
    expect(tries.get("grey@retry.test")).toBe(1);

    // Due: the sweep queues the run, and the send is tried a second time, deferred again (5 min).
    await moveClockTo(at(first));
    expect((await sweep()).queued).toBe(1);
    await idle();
    const second = await sendRow("grey@retry.test");
    expect(second).toMatchObject({ status: "pending", attempts: 2 });
    expectWait(second, clock, 2);
    expect(tries.get("grey@retry.test")).toBe(2);
    // A repeated sweep before the next time queues nothing.
    expect((await sweep()).queued).toBe(0);

    await moveClockTo(at(second));
    expect((await sweep()).queued).toBe(1);
    await idle();
    const third = await sendRow("grey@retry.test");
    expect(third).toMatchObject({ status: "sent", attempts: 3, error: null });
    // Claimed like any send: by an attempt of the job the sweep queued, not the first one.
    expect(third.claimed_by?.split(":")[0]).not.toBe(firstJob);
    expect(await campaign(c, id)).toMatchObject({
      status: "completed",
      sent: 2,
      pending: 0,
      retrying: 0,
    });
    const arrived = received.filter((m) => to(m) === "grey@retry.test");
    expect(arrived).toHaveLength(1);
    expect(arrived[0]?.messageId).toBe(third.message_id);
    expect(received.filter((m) => to(m) === "fine@retry.test")).toHaveLength(1);
    expect(tries.get("grey@retry.test")).toBe(3);
    expect((await sweep()).queued).toBe(0);
  });

  it("a permanent failure is not retried: 550 bounces and suppresses, 554 at DATA fails and does not", async () => {
    const c = await buildWorkspace(t);
    scripts.set("gone@perm.test", ["550"]);
    scripts.set("spam@perm.test", ["554-at-data"]);
    const id = await campaignTo(c, ["gone@perm.test", "spam@perm.test"]);
    await idle();
    expect(await campaign(c, id)).toMatchObject({
      status: "completed",
      sent: 0,
      bounced: 1,
      failed: 1,
      pending: 0,
      retrying: 0,
    });
    const gone = await sendRow("gone@perm.test");
    expect(gone).toMatchObject({ status: "bounced", attempts: 1, next_attempt_at: null });
    expect(gone.error).toContain("550");
    const spam = await sendRow("spam@perm.test");
    expect(spam).toMatchObject({ status: "failed", attempts: 1, next_attempt_at: null });
    expect(spam.error).toContain("554");
    // The bounced address is suppressed; the refused message's address is not.
    const leads = (await c.post("/api/email-marketing/preview-leads", {})).json();
    expect(leads.leads.map((l: { email: string }) => l.email)).toEqual(["spam@perm.test"]);
    // Hours later nothing was tried again.
    await moveClockTo(clock.getTime() + 3 * 60 * 60_000);
    expect((await sweep()).queued).toBe(0);
    await idle();
    expect(tries.get("gone@perm.test")).toBe(1);
    expect(tries.get("spam@perm.test")).toBe(1);
  });

  it("a connection dropped before the server's answer, and a 421, are retried and delivered once", async () => {
    const c = await buildWorkspace(t);
    scripts.set("drop@conn.test", ["drop-at-data"]);
    scripts.set("busy@conn.test", ["421"]);
    const id = await campaignTo(c, ["drop@conn.test", "busy@conn.test"]);
    await idle();
    const dropped = await sendRow("drop@conn.test");
    expect(dropped).toMatchObject({ status: "pending", attempts: 1 });
    expect(dropped.error).toMatch(/connection|closed/i);
    const busy = await sendRow("busy@conn.test");
    expect(busy).toMatchObject({ status: "pending", attempts: 1 });
    // The 421's text when it came on a new connection; on a reused one the pool says it closed.
    expect(busy.error).toMatch(/421|closed the connection/);
    expect(await campaign(c, id)).toMatchObject({ status: "sending", retrying: 2, sent: 0 });
    // The dropped message had fully arrived, but was never answered: not received.
    expect(received.filter((m) => to(m).endsWith("@conn.test"))).toHaveLength(0);

    await moveClockTo(Math.max(at(dropped), at(busy)));
    expect((await sweep()).queued).toBe(1);
    await idle();
    expect(await campaign(c, id)).toMatchObject({ status: "completed", sent: 2, retrying: 0 });
    for (const email of ["drop@conn.test", "busy@conn.test"]) {
      expect(await sendRow(email)).toMatchObject({ status: "sent", attempts: 2 });
      expect(received.filter((m) => to(m) === email)).toHaveLength(1);
    }
  });

  it(`after ${MAX_ATTEMPTS} temporary failures a send is failed with the last reason; retry failed gives it new tries`, async () => {
    const c = await buildWorkspace(t);
    scripts.set("full@max.test", ["452", "452", "452", "452", "452"]);
    const id = await campaignTo(c, ["full@max.test"]);
    for (let n = 1; n < MAX_ATTEMPTS; n++) {
      await idle();
      const row = await sendRow("full@max.test");
      expect(row).toMatchObject({ status: "pending", attempts: n });
      expectWait(row, clock, n);
      await moveClockTo(at(row));
      expect((await sweep()).queued).toBe(1);
    }
    await idle();
    const failed = await sendRow("full@max.test");
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.error).toContain("452 4.2.2 Mailbox full for now");
    expect(failed.error).toContain(`gave up after ${MAX_ATTEMPTS} attempts`);
    expect(await campaign(c, id)).toMatchObject({ status: "completed", failed: 1, retrying: 0, pending: 0 });
    expect(tries.get("full@max.test")).toBe(MAX_ATTEMPTS);
    expect(received.filter((m) => to(m) === "full@max.test")).toHaveLength(0);

    // "Retry failed" is for these: the send starts over and (the mailbox has room now) arrives once.
    const retried = await c.post(`/api/email-marketing/campaigns/${id}/retry-failed`);
    expect(retried.statusCode, retried.body).toBe(200);
    await idle();
    expect(await campaign(c, id)).toMatchObject({ status: "completed", sent: 1, failed: 0 });
    expect(await sendRow("full@max.test")).toMatchObject({ status: "sent", attempts: 1, error: null });
    expect(received.filter((m) => to(m) === "full@max.test")).toHaveLength(1);
  });

  it("pause holds a waiting retry and resume sends it; cancel drops waiting retries; retry failed leaves them waiting", async () => {
    const c = await buildWorkspace(t);
    scripts.set("held@ctl.test", ["451"]);
    const paused = await campaignTo(c, ["held@ctl.test"]);
    await idle();
    const held = await sendRow("held@ctl.test");
    expect(held).toMatchObject({ status: "pending", attempts: 1 });

    // Retry failed does not touch a send that is only waiting: no new try before its time.
    const early = await c.post(`/api/email-marketing/campaigns/${paused}/retry-failed`);
    expect(early.statusCode, early.body).toBe(200);
    await idle();
    expect(await sendRow("held@ctl.test")).toMatchObject({ status: "pending", attempts: 1 });
    expect(tries.get("held@ctl.test")).toBe(1);

    expect((await c.post(`/api/email-marketing/campaigns/${paused}/pause`)).json()).toMatchObject({
      status: "paused",
      retrying: 1,
    });
    // Paused: its time passes and nothing is tried.
    await moveClockTo(at(await sendRow("held@ctl.test")) + 1);
    expect((await sweep()).queued).toBe(0);
    await idle();
    expect(tries.get("held@ctl.test")).toBe(1);
    // Resumed: the due send goes, once.
    const resumed = await c.post(`/api/email-marketing/campaigns/${paused}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    await idle();
    expect(await campaign(c, paused)).toMatchObject({ status: "completed", sent: 1, retrying: 0 });
    expect(await sendRow("held@ctl.test")).toMatchObject({ status: "sent", attempts: 2 });
    expect(received.filter((m) => to(m) === "held@ctl.test")).toHaveLength(1);

    scripts.set("dropped@ctl.test", ["451"]);
    const cancelled = await campaignTo(c, ["dropped@ctl.test"]);
    await idle();
    expect(await campaign(c, cancelled)).toMatchObject({ status: "sending", retrying: 1 });
    const res = await c.post(`/api/email-marketing/campaigns/${cancelled}/cancel`);
    expect(res.json()).toMatchObject({ status: "cancelled", retrying: 0, pending: 0 });
    expect(await sendRow("dropped@ctl.test")).toMatchObject({ status: "cancelled" });
    await moveClockTo(clock.getTime() + 3 * 60 * 60_000);
    expect((await sweep()).queued).toBe(0);
    await idle();
    expect(tries.get("dropped@ctl.test")).toBe(1);
    expect(received.filter((m) => to(m) === "dropped@ctl.test")).toHaveLength(0);

    // Another workspace cannot reach the campaign.
    const other = await buildWorkspace(t);
    expect((await other.post(`/api/email-marketing/campaigns/${paused}/retry-failed`)).statusCode).toBe(404);
  });

  it("a deferral never takes back a claim it lost, and in a cancelled campaign it cancels", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignTo(c, ["claim@lost.test"]);
    await idle();
    const row = await sendRow("claim@lost.test");
    expect(row.status).toBe("sent");
    const repo = emailRepository(t.database.db);
    // As if the row had been released from a dead attempt ("job:1") and claimed by "job:2".
    await t.database.db.execute(
      sql`update email_sends set status = 'sending', claimed_by = 'job:2' where id = ${row.id}`,
    );
    const later = { error: "451 late", nextAttemptAt: new Date(clock.getTime() + 60_000) };
    expect(await repo.deferSend(row.id, "job:1", later)).toBe(false);
    expect(await sendRow("claim@lost.test")).toMatchObject({ status: "sending", claimed_by: "job:2" });
    expect(await repo.deferSend(row.id, "job:2", later)).toBe(true);
    expect(await sendRow("claim@lost.test")).toMatchObject({ status: "pending", error: "451 late" });
    // Cancelled while on its way: a deferral of that send cancels it.
    await t.database.db.execute(
      sql`update email_sends set status = 'sending', claimed_by = 'job:2' where id = ${row.id}`,
    );
    await t.database.db.execute(sql`update email_campaigns set status = 'cancelled' where id = ${id}`);
    expect(await repo.deferSend(row.id, "job:2", later)).toBe(true);
    expect(await sendRow("claim@lost.test")).toMatchObject({ status: "cancelled" });
  });
});

describe("stale claims", () => {
  it("a run never releases its own claims, however long they wait in the pool; another attempt's stale ones go back", async () => {
    const c = await buildWorkspace(t);
    const id = await campaignTo(c, ["slow@stale.test"]);
    await idle();
    const row = await sendRow("slow@stale.test");
    const repo = emailRepository(t.database.db);
    await t.database.db.execute(
      sql`update email_sends set status = 'sending', claimed_by = 'job:1',
          claimed_at = now() - interval '10 minutes' where id = ${row.id}`,
    );
    await repo.releaseStale(id, new Date(Date.now() - 90_000), "job:1");
    expect(await sendRow("slow@stale.test")).toMatchObject({ status: "sending", claimed_by: "job:1" });
    await repo.releaseStale(id, new Date(Date.now() - 90_000), "job:2");
    expect(await sendRow("slow@stale.test")).toMatchObject({ status: "pending" });
  });
});

describe("classifying SMTP failures", () => {
  it("4xx and 503 are temporary; 5xx to RCPT TO or with a 5.1.x status bounce; other 5xx are permanent", () => {
    const error = (fields: Partial<SmtpError>) => Object.assign(new Error("x"), fields) as SmtpError;
    expect(classifySmtpError(error({ responseCode: 451, command: "RCPT TO" }))).toBe("temporary");
    expect(classifySmtpError(error({ responseCode: 421, command: "DATA" }))).toBe("temporary");
    expect(classifySmtpError(error({ responseCode: 503, command: "DATA" }))).toBe("temporary");
    expect(classifySmtpError(error({ responseCode: 550, command: "RCPT TO" }))).toBe("bounce");
    expect(classifySmtpError(error({ responseCode: 553, command: "RCPT TO" }))).toBe("bounce");
    expect(
      classifySmtpError(error({ responseCode: 550, command: "DATA", response: "550 5.1.1 unknown user" })),
    ).toBe("bounce");
    expect(classifySmtpError(error({ responseCode: 554, command: "DATA", response: "554 5.7.1 spam" }))).toBe(
      "permanent",
    );
    expect(classifySmtpError(error({ responseCode: 535, command: "AUTH PLAIN" }))).toBe("permanent");
    expect(classifySmtpError(error({ code: "ECONNECTION" }))).toBe("temporary");
    expect(classifySmtpError(error({ code: "ETIMEDOUT" }))).toBe("temporary");
    expect(classifySmtpError(error({ code: "EENVELOPE" }))).toBe("permanent");
  });

  it("a server that never greets, and a refused connection, are temporary failures", async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const mail = {
      workspaceId: "w",
      id: "m",
      from: "a@acme.test",
      to: "b@acme.test",
      subject: "s",
      text: "t",
      html: null,
      messageId: "<m@acme.test>",
      headers: {},
    };
    const mute = smtpTransport(`smtp://127.0.0.1:${port}`, { timeouts: { greeting: 200, connection: 500 } });
    const waited = await mute.send(mail);
    expect(waited).toMatchObject({ kind: "rejected", failure: "temporary" });
    await mute.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    // Nothing listens there any more: connection refused.
    const refused = smtpTransport(`smtp://127.0.0.1:${port}`, { timeouts: { connection: 500 } });
    expect(await refused.send(mail)).toMatchObject({ kind: "rejected", failure: "temporary" });
    await refused.close();
  });
});
