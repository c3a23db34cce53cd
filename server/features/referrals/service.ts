import { randomInt } from "node:crypto";
import {
  ALREADY_REFERRED,
  OWN_REFERRAL,
  REFERRAL_CODE_LENGTH,
  REFERRAL_PARAM,
  REFERRAL_TOO_LATE,
  UNKNOWN_REFERRAL_CODE,
} from "../../../common/referrals";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, Invalid } from "../../domain/errors";
import type { BillingService } from "../billing/service";
import { type ReferralRow, referralsRepository } from "./repository";

/** A referral link counts when it is used at sign-up: within this long of the workspace's creation. */
const CLAIM_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Letters and digits a person reads back without mixing them up (no 0/O, 1/I/l). */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz";

type WarnLogger = { warn(details: Record<string, unknown>, message: string): void };

export type ReferralsDeps = {
  db: Db;
  billing: Pick<BillingService, "current" | "grantCredit">;
  /** PUBLIC_URL: where a referral link points (else the address the person used). */
  publicUrl?: string | undefined;
  log: WarnLogger;
  now?: () => Date;
};

const newCode = () =>
  Array.from({ length: REFERRAL_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

/**
 * Referral links, the sign-ups through them, and the reward once a referred workspace first
 * pays: both workspaces credited one month of the plan it bought, once, through billing (on the
 * next Stripe invoice, or recorded here).
 */
export function referralsService(deps: ReferralsDeps) {
  const repo = referralsRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  async function codeOf(workspaceId: string): Promise<string> {
    return (await repo.codeOf(workspaceId)) ?? repo.keepCode(workspaceId, newCode());
  }

  /** Whether the workspace pays for a plan now (not a trial, not Free). */
  async function paidPlanCents(workspaceId: string): Promise<number | null> {
    const { row, plan } = await deps.billing.current(workspaceId);
    const paying = row.status === "active" && row.paymentSubscriptionId !== null && plan.priceCents > 0;
    return paying ? plan.priceCents : null;
  }

  /**
   * Credits both sides of a referral and marks it rewarded. Every step can run again without
   * giving twice, so two servers (or a retry after Stripe failed) may meet here: a side that has
   * its reward row is skipped, Stripe dedupes a credit by its idempotency key, and the reward
   * rows are unique per referral and side.
   */
  async function reward(referral: ReferralRow, amountCents: number): Promise<void> {
    for (const workspaceId of [referral.referrerWorkspaceId, referral.refereeWorkspaceId]) {
      if (await repo.hasReward(referral.id, workspaceId)) continue;
      const credit = await deps.billing.grantCredit(
        workspaceId,
        amountCents,
        "Referral reward: one month's credit",
        `referral-${referral.id}-${workspaceId}`,
      );
      await repo.recordReward({
        referralId: referral.id,
        workspaceId,
        amountCents,
        provider: credit.provider,
        reference: credit.reference,
        createdAt: now(),
      });
    }
    await repo.markRewarded(referral.id, amountCents, now());
  }

  /** Rewards the referral a workspace signed up through, once it pays for a plan. */
  async function settle(refereeWorkspaceId: string): Promise<boolean> {
    const referral = await repo.pendingForReferee(refereeWorkspaceId);
    if (!referral) return false;
    const amountCents = await paidPlanCents(refereeWorkspaceId);
    if (amountCents === null) return false;
    await reward(referral, amountCents);
    return true;
  }

  return {
    /** The workspace's code and link (made the first time it is asked for). */
    async link(account: Account, origin: string): Promise<{ code: string; link: string }> {
      const code = await codeOf(account.id);
      return { code, link: `${deps.publicUrl ?? origin}/signup?${REFERRAL_PARAM}=${code}` };
    },

    /** A new workspace records the link it signed up through; settled at once if it already pays. */
    async claim(account: Account, code: string): Promise<void> {
      const referrer = await repo.workspaceOfCode(code);
      if (!referrer) throw new Invalid(UNKNOWN_REFERRAL_CODE);
      if (referrer === account.id) throw new Invalid(OWN_REFERRAL);
      if (now().getTime() - account.createdAt.getTime() > CLAIM_WINDOW_MS)
        throw new Conflict(REFERRAL_TOO_LATE);
      const recorded = await repo.insert({
        referrerWorkspaceId: referrer,
        refereeWorkspaceId: account.id,
        refereeId: account.actor?.id ?? null,
        refereeEmail: account.actor?.email ?? "",
        createdAt: now(),
      });
      if (!recorded) throw new Conflict(ALREADY_REFERRED);
      await settle(account.id);
    },

    settle,

    /** Settles every referral still waiting (the hourly sweep, for a change no server heard of). */
    async sweep(limit = 200): Promise<number> {
      let rewarded = 0;
      for (const workspaceId of await repo.pendingReferees(limit)) {
        try {
          if (await settle(workspaceId)) rewarded++;
        } catch (error) {
          deps.log.warn(
            { workspaceId, error: (error as Error).message },
            "a referral reward will be tried again",
          );
        }
      }
      return rewarded;
    },

    referredBy: (account: Account) => repo.referredBy(account.id, 100),
    rewardsOf: (account: Account) => repo.rewardsOf(account.id),
  };
}

export type ReferralsService = ReturnType<typeof referralsService>;
