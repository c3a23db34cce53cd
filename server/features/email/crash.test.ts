import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { databaseForChildProcess, testEngine } from "../../test/job-databases";
import { waitFor } from "../../test/jobs";
import { browser, kill, startServer, stopRunningServers } from "../../test/real-server";

/**
 * The real server (server/main.ts) sends a campaign to 150 contacts through
 * SMTP_URL to an SMTP server in this process, is killed with SIGKILL twice mid-campaign and
 * started again on the same data, and in the end every recipient was accepted exactly one
 * message, under the Message-ID of its send row, and every send row is "sent".
 *
 * Each kill lands with messages in flight: when the SMTP server has accepted the threshold's
 * number, it stops answering (the next messages' DATA arrives and waits for its "250"), the test
 * waits until the campaign shows every accepted message as sent, and then kills the server. The
 * messages it was waiting on were never accepted (a real server drops a transaction its client
 * left), so they must be sent again after the restart, and those accepted must not be. The one
 * window this cannot cover, a kill in the millisecond between a "250" and its row's update, is
 * described in sending.ts: such a message is sent again under the same Message-ID.
 */
const RECIPIENTS = 150;
/** Messages accepted when each kill happens: some, then more, never all. */
const KILL_AT_ACCEPTED = [40, 95];

type Accepted = { to: string; messageId: string };

/** The account owner's address: the sign-up's confirmation mail goes there, not to the campaign. */
const OWNER_EMAIL = "email-crash@example.com";

/** A real SMTP server that records what it accepted, and can stop answering (hold every DATA). */
async function smtpWithBrake() {
  const accepted: Accepted[] = [];
  const ownerMail: string[] = [];
  let braking = false;
  let onBrake: (() => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (session.envelope.rcptTo.some((rcpt) => rcpt.address.toLowerCase() === OWNER_EMAIL)) {
            ownerMail.push(mail.text ?? "");
            return callback();
          }
          // Held: no answer, so the client never learns it was taken, and it is not counted.
          if (braking) return;
          for (const rcpt of session.envelope.rcptTo)
            accepted.push({ to: rcpt.address.toLowerCase(), messageId: mail.messageId ?? "" });
          callback();
          if (onBrake && accepted.length >= brakeAt) {
            braking = true;
            onBrake();
            onBrake = null;
          }
        })
        .catch(callback);
    },
  });
  let brakeAt = Number.POSITIVE_INFINITY;
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    ownerMail,
    /** Resolves once `count` messages were accepted; every later one is held from then on. */
    brakeAt(count: number) {
      brakeAt = count;
      return new Promise<void>((resolve) => {
        onBrake = resolve;
      });
    },
    release() {
      braking = false;
      brakeAt = Number.POSITIVE_INFINITY;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const target = await databaseForChildProcess();
const smtp = await smtpWithBrake();
afterAll(async () => {
  await stopRunningServers();
  await smtp.close();
  await target.drop();
});

describe(`the real server killed mid-campaign (${testEngine()})`, () => {
  it("delivers the campaign to every recipient exactly once across two SIGKILLs", {
    timeout: 300_000,
  }, async () => {
    const started = Date.now();
    const env = { ...target.env, SMTP_URL: smtp.url, MAIL_FROM: "Crash Co <news@crash.test>" };
    let server = await startServer(env);
    const call = browser(() => server);
    await call("POST", "/api/auth/signup", {
      username: "email_crash",
      email: OWNER_EMAIL,
      password: "correct horse battery",
      planType: "business",
      businessInfo: { companyName: "Crash Mail Ltd" },
    });
    // With email sending set up, the account is confirmed by its emailed link, which signs it in.
    await waitFor(async () => smtp.ownerMail.length > 0, 30_000, "the confirmation email");
    const token = smtp.ownerMail[0]?.match(/confirm-email\?token=([^\s&)\]>]+)/)?.[1];
    expect(token).toBeTruthy();
    await call("POST", "/api/auth/confirm-email", { token: decodeURIComponent(token ?? "") });
    await call("PUT", "/api/email-marketing/settings", {
      postalAddress: "1 Main St, Orlando, FL 32801",
      hourlyCap: 10_000,
    });
    for (let n = 0; n < RECIPIENTS; n += 15) {
      await Promise.all(
        Array.from({ length: Math.min(15, RECIPIENTS - n) }, (_, i) =>
          call("POST", "/api/contacts", {
            name: `Person ${n + i}`,
            phoneNumber: `+1555300${String(n + i).padStart(4, "0")}`,
            email: `person${n + i}@example.com`,
          }),
        ),
      );
    }
    const template = await call<{ id: string }>("POST", "/api/email-marketing/templates", {
      name: "Crash offer",
      subject: "{{firstName|Hello}}, an offer",
      textContent: "Hi {{firstName|there}}, this is our offer.",
    });
    const campaign = await call<{ campaignId: string; totalRecipients: number }>(
      "POST",
      "/api/email-marketing/send-campaign",
      { templateId: template.id, limit: RECIPIENTS, batchSize: 10, delayBetweenBatches: 100 },
    );
    expect(campaign.totalRecipients).toBe(RECIPIENTS);
    const shown = () =>
      call<{ status: string; sent: number; pending: number }>(
        "GET",
        `/api/email-marketing/campaigns/${campaign.campaignId}`,
      );

    const acceptedAtKill: number[] = [];
    for (const threshold of KILL_AT_ACCEPTED) {
      await smtp.brakeAt(threshold);
      // Every message the server answered is recorded before the kill; the held ones are not.
      const accepted = smtp.accepted.length;
      await waitFor(
        async () => (await shown()).sent >= accepted,
        30_000,
        "the accepted sends to be recorded",
      );
      expect((await shown()).sent).toBe(accepted);
      await kill(server, "SIGKILL");
      acceptedAtKill.push(accepted);
      expect(accepted).toBeLessThan(RECIPIENTS);
      smtp.release();
      server = await startServer(env);
    }

    await waitFor(async () => (await shown()).status === "completed", 120_000, "the campaign to complete");
    const final = await shown();
    expect(final).toMatchObject({ status: "completed", sent: RECIPIENTS, pending: 0 });
    await kill(server, "SIGTERM");
    expect(server.process.exitCode).toBe(0);

    // At the SMTP server: each recipient accepted exactly one message, each under its own id.
    const perRecipient = new Map<string, string[]>();
    for (const mail of smtp.accepted)
      perRecipient.set(mail.to, [...(perRecipient.get(mail.to) ?? []), mail.messageId]);
    const twice = [...perRecipient].filter(([, ids]) => ids.length !== 1);
    expect(twice).toEqual([]);
    expect(perRecipient.size).toBe(RECIPIENTS);
    expect(smtp.accepted).toHaveLength(RECIPIENTS);

    // In the database the server left: every send row sent, under the Message-ID that arrived.
    const database = await target.open();
    try {
      const rows = (
        (await database.db.execute(
          sql`select email, status, message_id, attempts from email_sends where campaign_id = ${campaign.campaignId}`,
        )) as unknown as { rows: { email: string; status: string; message_id: string; attempts: number }[] }
      ).rows;
      expect(rows).toHaveLength(RECIPIENTS);
      expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
      const wrongId = rows.filter((row) => perRecipient.get(row.email)?.[0] !== row.message_id);
      expect(wrongId).toEqual([]);
      // The kills interrupted deliveries in flight: those rows were claimed again and sent once.
      const resent = rows.filter((row) => row.attempts > 1).length;
      expect(resent).toBeGreaterThan(0);
      console.info(
        `email crash test (${testEngine()}): accepted at the kills ${acceptedAtKill.join(", ")}; ` +
          `${resent} sends claimed again after a kill; ${Date.now() - started} ms in all`,
      );
    } finally {
      await database.close();
    }
  });
});
