import { concurrentCallLimit, concurrentLimitMessage, UNLIMITED_CALLS } from "../../../common/telephony";
import type { Db } from "../../db/client";
import type { Account } from "../../http/account";
import { tooMany } from "../../http/errors";
import type { CallService } from "../calls/service";
import { PHONE_CALL_TYPES } from "./context";

/**
 * The plan's concurrent phone calls: a check the calls area runs inside the new call's
 * transaction, under a lock on the account (startCarrierCall), so two calls cannot both take
 * the last line. Undefined when the plan has no limit. Over it: 429 with the plan's message.
 */
export function admitPhoneCall(
  calls: Pick<CallService, "countLiveIn">,
  account: Account,
): ((tx: Db) => Promise<void>) | undefined {
  const { limit, planName } = concurrentCallLimit(account.planType);
  if (limit === UNLIMITED_CALLS) return undefined;
  return async (tx) => {
    const live = await calls.countLiveIn(tx, account.id, PHONE_CALL_TYPES);
    if (live >= limit) throw tooMany(concurrentLimitMessage(planName, limit));
  };
}
