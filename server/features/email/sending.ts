import { setTimeout as sleep } from "node:timers/promises";
import { DEFAULT_HOURLY_CAP, type Personalization } from "../../../common/email";
import type { MailTransport, OutgoingMail } from "../../providers/mail";
import { type RenderedEmail, renderEmail } from "./render";
import type { EmailCampaignRow, EmailRepository, EmailSendRow } from "./repository";
import { applyTracking, type TrackingUrls } from "./tracking";

const HOUR_MS = 60 * 60 * 1000;
/** A capped campaign looks again at least this often (a pause or cancel is seen meanwhile). */
const CAP_RECHECK_MS = 30_000;
/**
 * A claimed send of another job attempt still "sending" after this long belongs to a worker that
 * died (SMTP gives up after 30 s of silence: smtp.ts), and is sent again under the same
 * Message-ID. A run never releases its own claims: they may wait their turn in the transport's
 * pool of connections longer than this, and it knows they are on their way. The usual case, a job whose
 * server died, does not wait for it: the job's next attempt frees its earlier attempts' claims
 * at once (`releaseEarlierAttempts`); this is the backstop for a job that never runs again.
 */
export const STALE_CLAIM_MS = 90_000;
/** How often a run waits for another worker's sends in flight before it may finish. */
const IN_FLIGHT_RECHECK_MS = 1_000;
/**
 * Sends being delivered at once by one run (the next batch starts on time while others finish):
 * four batches, and at least 200 sends, so small batches keep their rate when delivery is slow.
 */
const inFlightLimit = (batchSize: number) => Math.max(4 * batchSize, 200);
/** How often a run reads the hourly cap's room again (its own sends are counted in between). */
const CAP_READ_EVERY_MS = 1_000;
/** How often a run looks for claims left by a dead worker of another job (the backstop). */
const STALE_CHECK_EVERY_MS = 10_000;
/** How far behind its schedule a run may catch up on (see the batch loop). */
const CATCH_UP_MS = 1_000;
/** The job's progress is written at most this often (and once at the end). */
const PROGRESS_EVERY_MS = 500;
/** The most accepted sends one marking statement carries (more wait for the next). */
const MARK_GROUP_MAX = 1_000;

/**
 * Group commit of accepted sends. The first acceptance is written at once; those that arrive
 * while a write is under way are written together by the next one, as soon as it ends. So a
 * send waits at most for the write in progress and its own, the same bound as a statement of its
 * own queued behind the others (the database runs them one after another all the same), and
 * under load one UPDATE marks many. The promise of each send settles when its row is written.
 */
export function groupCommit(write: (ids: string[]) => Promise<void>, maxGroup = MARK_GROUP_MAX) {
  type Waiting = { id: string; done: () => void; fail: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let writing = false;
  async function drain() {
    writing = true;
    try {
      while (waiting.length > 0) {
        const group = waiting.length > maxGroup ? waiting.splice(0, maxGroup) : waiting;
        if (group === waiting) waiting = [];
        try {
          await write(group.map((entry) => entry.id));
          for (const entry of group) entry.done();
        } catch (error) {
          for (const entry of group) entry.fail(error);
        }
      }
    } finally {
      writing = false;
    }
  }
  return (id: string) =>
    new Promise<void>((done, fail) => {
      waiting.push({ id, done, fail });
      if (!writing) void drain();
    });
}

/**
 * A temporary failure (4xx, a dropped connection, a timeout) is tried again after these waits,
 * the n-th wait after the n-th failed try, each moved by up to ±`RETRY_JITTER` so that sends
 * deferred together do not come back together. The try numbered `MAX_ATTEMPTS` that fails
 * temporarily marks the send failed, with the server's last answer.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = 5;
export const RETRY_JITTER = 0.1;

/** The wait before the next try of a send whose try number `attempts` failed temporarily. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1] ?? 0;
  return Math.round(base * (1 + RETRY_JITTER * (2 * random() - 1)));
}

export type SenderDeps = {
  repo: EmailRepository;
  transport: MailTransport;
  /** The signed one-click link for an address (also the visible link). */
  unsubscribeUrl(workspaceId: string, email: string): string;
  /** The signed open pixel and click redirects of one send (used when its campaign tracks them). */
  trackingUrls(workspaceId: string, sendId: string): { open: string; click: (link: number) => string };
  now(): Date;
  /** Jitter of the retry waits (tests fix it). */
  random?: () => number;
};

/** Who claims sends: one attempt of one job. Its next attempt frees what this one left claimed. */
export type Claimer = { jobId: string; attempt: number };
const claimerKey = (claimer: Claimer) => `${claimer.jobId}:${claimer.attempt}`;

/** `status` "retrying": nothing to send before `retryAt`; the retry sweep queues the run again then. */
export type RunOutcome = { status: string; sent: number; retryAt?: string };

/** The headers that make a marketing message one-click unsubscribable (RFC 8058, RFC 2369). */
export function listHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** One send's message as its campaign renders it, before tracking (the click route reads its links). */
export function renderCampaignSend(
  campaign: EmailCampaignRow,
  send: Pick<EmailSendRow, "personalization">,
  unsubscribeUrl: string,
): RenderedEmail {
  return renderEmail(campaign, send.personalization as Personalization, {
    postalAddress: campaign.postalAddress,
    unsubscribeUrl,
  });
}

export function campaignMail(
  campaign: EmailCampaignRow,
  send: Pick<EmailSendRow, "id" | "email" | "messageId" | "personalization">,
  fallbackFrom: string,
  unsubscribeUrl: string,
  tracking: TrackingUrls = { open: null, click: null },
): OutgoingMail {
  const rendered = renderCampaignSend(campaign, send, unsubscribeUrl);
  const html =
    tracking.open || tracking.click ? applyTracking(rendered.html, unsubscribeUrl, tracking) : rendered.html;
  return {
    workspaceId: campaign.workspaceId,
    id: send.id,
    from: campaign.fromEmail
      ? campaign.fromName
        ? `"${campaign.fromName.replace(/["\\\r\n]/g, "")}" <${campaign.fromEmail}>`
        : campaign.fromEmail
      : fallbackFrom,
    to: send.email,
    subject: rendered.subject,
    text: rendered.text,
    html,
    messageId: send.messageId,
    headers: listHeaders(unsubscribeUrl),
  };
}

/**
 * Sends one campaign until nothing is pending, it is paused or cancelled, or the job is stopped.
 * Rows are claimed a batch at a time (FOR UPDATE SKIP LOCKED, moved to "sending" and returned by
 * one statement), each marked sent only once the server accepted it; the suppression list is read
 * for every batch, so an address unsubscribed mid-campaign is skipped (in one statement).
 * Batches start `delayMs` apart on a schedule, whether or not the previous ones have finished
 * delivering (up to `inFlightLimit` sends at once, over the transport's pool of connections), so
 * the configured rate is the rate sent; the workspace's hourly cap holds across all its
 * campaigns, counting the sends on their way.
 *
 * Exactly once, and its one limit: a send is marked sent only after the server answered 250, and
 * a row not marked is sent again after a crash, always under its own fixed Message-ID. Accepted
 * sends are marked together (`groupCommit`): the first at once, those accepted meanwhile by the
 * next UPDATE as soon as the one under way ends. A crash between the server's 250 and the row's
 * update (the UPDATE under way and the next, a few milliseconds) leaves a message the server has
 * that the row does not record, and it is sent again: at most the messages accepted in that
 * time, each a duplicate with the same Message-ID, which mailbox providers commonly fold into
 * one. SMTP has no idempotency key, so that window can be made small but not closed; marking
 * before the final "." would turn it into a loss instead.
 *
 * Temporary failures. A 4xx answer, or none (the connection refused, dropped or timed out), puts
 * the send back to pending with its error and a not-before time (`RETRY_DELAYS_MS`, jittered),
 * but only if it is still this attempt's claim: a row released meanwhile to another worker is
 * never moved back. A deferred send is claimed like any other (FOR UPDATE SKIP LOCKED, under the
 * job attempt), only once it is due; after `MAX_ATTEMPTS` tries it is failed. When only deferred
 * sends are left, the run records on the campaign when the earliest is due (`next_retry_at`)
 * and ends, freeing its worker; the retry sweep (`email.retries-due`, every minute) queues the
 * same run again once that time has passed. The campaign stays "sending" meanwhile (its
 * `retrying` count shows them), so pause, cancel (which drops them) and retry-failed (a new
 * run) apply to them as to any pending send. A message whose final "." the server answered
 * with nothing before the socket timed out may have been taken: it is tried again under the
 * same Message-ID, the window described above.
 */
export function campaignSender(deps: SenderDeps, fallbackFrom: string) {
  const { repo } = deps;

  async function deliver(
    campaign: EmailCampaignRow,
    send: EmailSendRow,
    claimedBy: string,
    markSent: (id: string) => Promise<void>,
  ) {
    const { workspaceId } = campaign;
    const url = deps.unsubscribeUrl(campaign.workspaceId, send.email);
    const urls =
      campaign.trackOpens || campaign.trackClicks ? deps.trackingUrls(campaign.workspaceId, send.id) : null;
    const tracking: TrackingUrls = {
      open: campaign.trackOpens && urls ? urls.open : null,
      click: campaign.trackClicks && urls ? urls.click : null,
    };
    const outcome = await deps.transport
      .send(campaignMail(campaign, send, fallbackFrom, url, tracking))
      // A transport that threw (the outbox's disk, say) failed for now, not for good.
      .catch((error: Error) => ({
        kind: "rejected" as const,
        failure: "temporary" as const,
        response: error.message,
      }));
    if (outcome.kind === "accepted") {
      // Written with the other acceptances of this moment, in one statement (groupCommit).
      await markSent(send.id);
      return true;
    }
    if (outcome.failure === "bounce") {
      // A hard bounce: the address is never emailed again by this workspace.
      await repo.finishSend(workspaceId, send.id, { status: "bounced", error: outcome.response });
      await repo.suppress(workspaceId, send.email, "bounced");
      return false;
    }
    if (outcome.failure === "temporary") {
      if (send.attempts < MAX_ATTEMPTS) {
        const wait = retryDelayMs(send.attempts, deps.random);
        await repo.deferSend(send.id, claimedBy, {
          error: outcome.response,
          nextAttemptAt: new Date(deps.now().getTime() + wait),
        });
        return false;
      }
      await repo.finishSend(workspaceId, send.id, {
        status: "failed",
        error: `${outcome.response} (a temporary failure; gave up after ${send.attempts} attempts)`,
      });
      return false;
    }
    await repo.finishSend(workspaceId, send.id, { status: "failed", error: outcome.response });
    return false;
  }

  async function waitForCap(workspaceId: string, signal: AbortSignal): Promise<number> {
    for (;;) {
      const settings = await repo.getSettings(workspaceId);
      const cap = settings?.hourlyCap ?? DEFAULT_HOURLY_CAP;
      const now = deps.now();
      const { count, oldest } = await repo.sentSince(workspaceId, new Date(now.getTime() - HOUR_MS));
      if (count < cap) return cap - count;
      const freesAt = (oldest?.getTime() ?? now.getTime()) + HOUR_MS;
      await sleep(Math.max(50, Math.min(CAP_RECHECK_MS, freesAt - now.getTime())), undefined, { signal });
    }
  }

  return {
    async run(
      workspaceId: string,
      campaignId: string,
      run: number,
      signal: AbortSignal,
      progress: (done: number, total: number) => Promise<void>,
      claimer: Claimer = { jobId: "direct", attempt: 0 },
    ): Promise<RunOutcome> {
      let sent = 0;
      // This job's earlier attempts died or lost their lease: what they left claimed goes back at once.
      await repo.releaseEarlierAttempts(campaignId, claimer.jobId, claimerKey(claimer));
      const current = await repo.getCampaign(workspaceId, campaignId);
      if (!current || current.run !== run) return { status: "superseded", sent };
      const start = await repo.moveCampaign(workspaceId, campaignId, ["queued", "sending"], {
        status: "sending",
        nextRetryAt: null,
      });
      if (!start) return { status: current.status, sent };
      // Batches start on the clock (`delayMs` apart) while earlier ones are still being delivered,
      // so the time a batch takes does not slow the configured rate; at most `inFlightLimit` sends
      // are on their way at once, and every one settles before the attempt ends.
      const inFlight = new Set<Promise<void>>();
      let inFlightSends = 0;
      const failures: unknown[] = [];
      let progressAt = 0;
      const settle = async () => {
        await Promise.allSettled([...inFlight]);
        if (failures.length) throw failures[0];
      };
      const report = async (campaign: EmailCampaignRow, force = false) => {
        if (!force && Date.now() - progressAt < PROGRESS_EVERY_MS) return;
        progressAt = Date.now();
        const counts = (await repo.countsByCampaign([campaignId])).get(campaignId);
        if (counts) await progress(campaign.totalRecipients - counts.pending, campaign.totalRecipients);
      };
      // Accepted sends are marked sent a group at a time: the acceptances of the moment, together.
      const markSent = groupCommit((ids) => repo.markSent(workspaceId, ids, deps.now()));
      let cap: { room: number; at: number; sent: number } | null = null;
      let staleCheckedAt = 0;
      let nextBatchAt = Date.now();
      try {
        for (;;) {
          if (failures.length) throw failures[0];
          const campaign = await repo.getCampaign(workspaceId, campaignId);
          if (campaign?.status !== "sending" || campaign.run !== run) {
            await settle();
            return { status: campaign?.run === run ? campaign.status : "superseded", sent };
          }
          if (signal.aborted) {
            await settle();
            return { status: "handed back", sent };
          }
          while (inFlightSends >= inFlightLimit(campaign.batchSize)) await Promise.race(inFlight);
          // Sends on their way are not counted as sent yet: the cap leaves room for them.
          // The cap is read from the database at most once a second (or when the room seems
          // used up); in between, this run's own sends since the read are taken off it.
          if (
            !cap ||
            Date.now() - cap.at > CAP_READ_EVERY_MS ||
            cap.room - (sent - cap.sent) - inFlightSends <= 0
          )
            cap = { room: await waitForCap(workspaceId, signal), at: Date.now(), sent };
          let room = cap.room - (sent - cap.sent) - inFlightSends;
          if (room <= 0 && inFlight.size > 0) {
            await Promise.race(inFlight);
            continue;
          }
          room = Math.max(room, 1);
          const wait = nextBatchAt - Date.now();
          if (wait > 0) await sleep(wait, undefined, { signal });
          // On schedule: a batch that started late is made up by the next ones, unless the run
          // fell more than CATCH_UP_MS behind (a stall is not followed by a burst).
          nextBatchAt =
            (Date.now() - nextBatchAt > CATCH_UP_MS ? Date.now() : nextBatchAt) + campaign.delayMs;
          if (Date.now() - staleCheckedAt > STALE_CHECK_EVERY_MS) {
            staleCheckedAt = Date.now();
            await repo.releaseStale(campaignId, new Date(Date.now() - STALE_CLAIM_MS), claimerKey(claimer));
          }
          const batch = await repo.claimSends(
            workspaceId,
            campaignId,
            Math.min(campaign.batchSize, room),
            claimerKey(claimer),
            deps.now(),
          );
          if (batch.length === 0) {
            if (inFlight.size > 0) {
              await settle();
              continue;
            }
            // Another worker's sends still in flight (or a dead one's, until released): not done yet.
            if (await repo.countInFlight(campaignId)) {
              await sleep(IN_FLIGHT_RECHECK_MS, undefined, { signal });
              continue;
            }
            // Sends deferred by a temporary failure: not done until they are tried again.
            const retryAt = await repo.nextRetryAt(campaignId);
            if (retryAt) {
              if (retryAt.getTime() <= deps.now().getTime()) {
                // Due already (another claim holds it this instant): look again shortly.
                await sleep(IN_FLIGHT_RECHECK_MS, undefined, { signal });
                continue;
              }
              await repo.setRetryAt(workspaceId, campaignId, run, retryAt);
              await report(campaign, true);
              return { status: "retrying", sent, retryAt: retryAt.toISOString() };
            }
            await repo.moveCampaign(workspaceId, campaignId, ["sending"], {
              status: "completed",
              completedAt: deps.now(),
            });
            await report(campaign, true);
            return { status: "completed", sent };
          }
          const suppressed = await repo.suppressedAmong(
            workspaceId,
            batch.map((send) => send.email),
          );
          // Addresses unsubscribed or bounced since the campaign began are skipped, in one statement.
          const skipped = batch.filter((send) => suppressed.has(send.email));
          await repo.markSuppressed(
            workspaceId,
            skipped.map((send) => send.id),
          );
          const deliverable = skipped.length ? batch.filter((send) => !suppressed.has(send.email)) : batch;
          inFlightSends += deliverable.length;
          const delivering: Promise<void> = Promise.allSettled(
            deliverable.map((send) => deliver(campaign, send, claimerKey(claimer), markSent)),
          ).then((results) => {
            inFlight.delete(delivering);
            inFlightSends -= deliverable.length;
            for (const result of results) {
              if (result.status === "rejected") failures.push(result.reason);
              else if (result.value) sent++;
            }
          });
          inFlight.add(delivering);
          await report(campaign);
        }
      } finally {
        // Whatever ends the attempt (an abort, an error), no claim is left with a message on its way.
        await Promise.allSettled([...inFlight]);
      }
    },
  };
}
export type CampaignSender = ReturnType<typeof campaignSender>;
