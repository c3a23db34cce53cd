import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { numbersInCallingHoursNow } from "../test/dialing";
import { databaseForChildProcess, testEngine } from "../test/job-databases";
import { waitFor } from "../test/jobs";
import { browser, kill, startServer } from "../test/real-server";

/**
 * The real server (server/main.ts) is killed with SIGKILL in the middle of 120
 * background jobs, started again on the same data directory or database (twice), and in the
 * end every job has completed and taken effect exactly once.
 *
 * Each job is a bulk call of one number (POST /api/calls/bulk): its effect is one outbound call
 * row, placed under the job's dial key. The number is one the carrier simulator reports busy, so
 * each call ends at once and the plan's concurrent-call limit never refuses one; it is in a place
 * inside its calling hours now, and its person agreed to AI-voice calls, so the dial gate lets it
 * through. A client that retries its 120 requests after each crash (same Idempotency-Key) must get
 * the same 120 jobs.
 */
const JOBS = 120;
/** Calls placed when each kill happens: some, then more, never all. */
const KILL_AT_CALLS = [20, 70];
/** The simulator answers a number ending in 0002 with "busy". */
const [BUSY_NUMBER = ""] = numbersInCallingHoursNow(1, "0002");

const target = await databaseForChildProcess();
afterAll(() => target.drop());

describe(`the real server killed mid-run (${testEngine()})`, () => {
  it("completes every job, each taking effect exactly once, after restarts", {
    timeout: 300_000,
  }, async () => {
    const started = Date.now();
    let server = await startServer(target.env, 90_000);
    const call = browser(() => server);
    await call("POST", "/api/auth/signup", {
      username: "crash_owner",
      email: "crash@example.com",
      password: "correct horse battery",
      planType: "business",
      businessInfo: { companyName: "Crash Test Ltd" },
    });
    // The assistant makes the calls: consent to AI-voice calls is on file (an autodialer lead).
    const consent = await call<{ id: string }>("POST", "/api/autodialer/campaigns", {
      name: "Consent on file",
    });
    await call("POST", `/api/autodialer/campaigns/${consent.id}/leads`, {
      leads: [{ phoneNumber: BUSY_NUMBER, aiVoiceConsent: true, consentSource: "web form" }],
    });

    /** The requests, as a client sends (and after a crash, resends) them. */
    const sendAll = () =>
      Promise.all(
        Array.from({ length: JOBS }, (_, n) =>
          call<{ jobId: string }>(
            "POST",
            "/api/calls/bulk",
            { phoneNumbers: [BUSY_NUMBER] },
            {
              "idempotency-key": `crash-test-${n}`,
            },
          ).then((answer) => answer.jobId),
        ),
      );
    const placed = async () =>
      (await call<{ pagination: { total: number } }>("GET", "/api/calls?page=1&limit=1")).pagination.total;

    const ids = await sendAll();
    expect(new Set(ids).size).toBe(JOBS);

    const callsAtKill: number[] = [];
    for (const threshold of KILL_AT_CALLS) {
      const seen = await waitFor(async () => ((await placed()) >= threshold ? placed() : undefined), 120_000);
      await kill(server, "SIGKILL");
      callsAtKill.push(seen);
      expect(seen).toBeLessThan(JOBS);
      server = await startServer(target.env, 90_000);
      // The client retries after the crash: the same jobs, and no more.
      expect(await sendAll()).toEqual(ids);
    }

    await waitFor(
      async () => {
        const statuses = await Promise.all(
          ids.map((id) => call<{ status: string }>("GET", `/api/jobs/${id}`).then((job) => job.status)),
        );
        return statuses.every((status) => status === "completed");
      },
      180_000,
      "every job to complete",
    );
    await kill(server, "SIGTERM");
    expect(server.process.exitCode).toBe(0);

    // Checked from outside, on the database the server left behind.
    const database = await target.open();
    try {
      const perJob = (await database.db.execute(
        sql`select j.id, j.status, j.attempts, count(c.id)::int as calls
            from jobs j left join calls c on c.dial_key = j.id::text || ':0'
            where j.kind = 'calls.bulk' group by j.id, j.status, j.attempts`,
      )) as unknown as { rows: { id: string; status: string; attempts: number; calls: number }[] };
      expect(new Set(perJob.rows.map((job) => job.id))).toEqual(new Set(ids));
      const wrong = perJob.rows.filter((job) => job.status !== "completed" || job.calls !== 1);
      const results = wrong.length
        ? await database.db.execute(
            sql`select id, result from jobs where id in ${wrong.map((job) => job.id)}`,
          )
        : undefined;
      expect(wrong, JSON.stringify(results)).toEqual([]);
      const all = (await database.db.execute(
        sql`select count(*)::int as calls, count(distinct dial_key)::int as keys from calls`,
      )) as unknown as { rows: { calls: number; keys: number }[] };
      expect(all.rows[0]).toEqual({ calls: JOBS, keys: JOBS });
      const rerun = perJob.rows.filter((job) => job.attempts > 1).length;
      console.info(
        `crash test (${testEngine()}): calls at the kills ${callsAtKill.join(", ")}; ` +
          `${rerun} jobs ran again after a kill; ${Date.now() - started} ms in all`,
      );
    } finally {
      await database.close();
    }
  });
});
