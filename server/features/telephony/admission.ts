import { platformCallLimitMessage } from "../../../common/admin";
import { concurrentCallLimit, concurrentLimitMessage, UNLIMITED_CALLS } from "../../../common/telephony";
import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import type { Account } from "../../domain/account";
import { TooMany } from "../../domain/errors";
import type { CallService } from "../calls/service";
import { CARRIER_CALL_TYPES, PHONE_CALL_TYPES } from "./context";

type Counts = Pick<CallService, "countLiveIn" | "countLiveEverywhereIn">;

/**
 * Every line the plan or the platform allows is in use: nothing was dialled or answered. A path
 * that can wait (the dialer, bulk calls) tries again once a line is free.
 */
export class LinesBusy extends TooMany {}

/**
 * The checks the calls area runs inside a new phone call's transaction, under a lock on the
 * account (startCarrierCall), so two calls cannot both take the last line:
 * - the plan's concurrent phone calls (over it: LinesBusy with the plan's message);
 * - the platform's ceiling, the administrator's maxConcurrentCalls: every
 *   live carrier call in every workspace counts, system-test calls too; over it: LinesBusy with the
 *   platform's message. Counted under one platform-wide lock, so the ceiling holds across servers.
 * Undefined when neither applies.
 */
export function admitPhoneCall(
  calls: Counts,
  account: Account,
  platformCeiling?: number,
): ((tx: Db) => Promise<void>) | undefined {
  const { limit, planName } = concurrentCallLimit(account.planType);
  const planLimited = limit !== UNLIMITED_CALLS;
  if (!planLimited && platformCeiling === undefined) return undefined;
  return async (tx) => {
    if (planLimited) {
      const live = await calls.countLiveIn(tx, account.id, PHONE_CALL_TYPES);
      if (live >= limit) throw new LinesBusy(concurrentLimitMessage(planName, limit));
    }
    if (platformCeiling !== undefined) await admitUnderCeiling(calls, tx, platformCeiling);
  };
}

/** The platform's ceiling alone (system-test calls, which the plan does not count). */
export function admitUnderPlatformCeiling(
  calls: Counts,
  platformCeiling: number | undefined,
): ((tx: Db) => Promise<void>) | undefined {
  if (platformCeiling === undefined) return undefined;
  return (tx) => admitUnderCeiling(calls, tx, platformCeiling);
}

async function admitUnderCeiling(calls: Counts, tx: Db, ceiling: number): Promise<void> {
  await advisoryLock(tx, "platformCalls");
  const live = await calls.countLiveEverywhereIn(tx, [...CARRIER_CALL_TYPES]);
  if (live >= ceiling) throw new LinesBusy(platformCallLimitMessage(ceiling));
}
