import { setTimeout as sleep } from "node:timers/promises";
import { DEFAULT_HOURLY_CAP, type Personalization } from "../../../common/email";
import type { MailTransport, OutgoingMail } from "../../providers/mail";
import { renderEmail } from "./render";
import type { EmailCampaignRow, EmailRepository, EmailSendRow } from "./repository";

const HOUR_MS = 60 * 60 * 1000;
/** A capped campaign looks again at least this often (a pause or cancel is seen meanwhile). */
const CAP_RECHECK_MS = 30_000;
/**
 * A claimed send still "sending" after this long belongs to a worker that died (SMTP gives up
 * after 30 s: smtp.ts), and is sent again under the same Message-ID.
 */
export const STALE_CLAIM_MS = 90_000;
/** How often a run waits for another worker's sends in flight before it may finish. */
const IN_FLIGHT_RECHECK_MS = 1_000;

export type SenderDeps = {
  repo: EmailRepository;
  transport: MailTransport;
  /** The signed one-click link for an address (also the visible link). */
  unsubscribeUrl(workspaceId: string, email: string): string;
  now(): Date;
};

export type RunOutcome = { status: string; sent: number };

/** The headers that make a marketing message one-click unsubscribable (RFC 8058, RFC 2369). */
export function listHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export function campaignMail(
  campaign: EmailCampaignRow,
  send: Pick<EmailSendRow, "id" | "email" | "messageId" | "personalization">,
  fallbackFrom: string,
  unsubscribeUrl: string,
): OutgoingMail {
  const rendered = renderEmail(campaign, send.personalization as Personalization, {
    postalAddress: campaign.postalAddress,
    unsubscribeUrl,
  });
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
    html: rendered.html,
    messageId: send.messageId,
    headers: listHeaders(unsubscribeUrl),
  };
}

/**
 * Sends one campaign until nothing is pending, it is paused or cancelled, or the job is stopped.
 * Rows are claimed a batch at a time (FOR UPDATE SKIP LOCKED, moved to "sending"), each marked
 * sent only once the server accepted it; the suppression list is read for every batch, so an
 * address unsubscribed mid-campaign is skipped. Batches start `delayMs` apart (measured from
 * batch start, so the configured rate is the rate sent), and the workspace's hourly cap holds
 * across all its campaigns.
 */
export function campaignSender(deps: SenderDeps, fallbackFrom: string) {
  const { repo } = deps;

  async function deliver(campaign: EmailCampaignRow, send: EmailSendRow, suppressed: Set<string>) {
    if (suppressed.has(send.email)) {
      await repo.finishSend(send.id, { status: "suppressed" });
      return false;
    }
    const url = deps.unsubscribeUrl(campaign.workspaceId, send.email);
    const outcome = await deps.transport
      .send(campaignMail(campaign, send, fallbackFrom, url))
      .catch((error: Error) => ({
        kind: "rejected" as const,
        permanent: false,
        response: error.message,
      }));
    if (outcome.kind === "accepted") {
      await repo.finishSend(send.id, { status: "sent", sentAt: deps.now(), error: null });
      return true;
    }
    if (outcome.permanent) {
      // A hard bounce: the address is never emailed again by this workspace.
      await repo.finishSend(send.id, { status: "bounced", error: outcome.response });
      await repo.suppress(campaign.workspaceId, send.email, "bounced");
      return false;
    }
    await repo.finishSend(send.id, { status: "failed", error: outcome.response });
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
    ): Promise<RunOutcome> {
      let sent = 0;
      const current = await repo.getCampaign(workspaceId, campaignId);
      if (!current || current.run !== run) return { status: "superseded", sent };
      const start = await repo.moveCampaign(workspaceId, campaignId, ["queued", "sending"], {
        status: "sending",
      });
      if (!start) return { status: current.status, sent };
      let nextBatchAt = Date.now();
      for (;;) {
        const campaign = await repo.getCampaign(workspaceId, campaignId);
        if (!campaign || campaign.status !== "sending" || campaign.run !== run)
          return { status: campaign?.run === run ? campaign.status : "superseded", sent };
        if (signal.aborted) return { status: "handed back", sent };
        const room = await waitForCap(workspaceId, signal);
        const wait = nextBatchAt - Date.now();
        if (wait > 0) await sleep(wait, undefined, { signal });
        nextBatchAt = Date.now() + campaign.delayMs;
        await repo.releaseStale(campaignId, new Date(Date.now() - STALE_CLAIM_MS));
        const batch = await repo.claimSends(campaignId, Math.min(campaign.batchSize, room));
        if (batch.length === 0) {
          // Another worker's sends still in flight (or a dead one's, until released): not done yet.
          if (await repo.countInFlight(campaignId)) {
            await sleep(IN_FLIGHT_RECHECK_MS, undefined, { signal });
            continue;
          }
          await repo.moveCampaign(workspaceId, campaignId, ["sending"], {
            status: "completed",
            completedAt: deps.now(),
          });
          return { status: "completed", sent };
        }
        const suppressed = await repo.suppressedAmong(
          workspaceId,
          batch.map((send) => send.email),
        );
        const results = await Promise.all(batch.map((send) => deliver(campaign, send, suppressed)));
        sent += results.filter(Boolean).length;
        const counts = (await repo.countsByCampaign([campaignId])).get(campaignId);
        if (counts) await progress(campaign.totalRecipients - counts.pending, campaign.totalRecipients);
      }
    },
  };
}
export type CampaignSender = ReturnType<typeof campaignSender>;
