import {
  type BulkCallResponse,
  bulkRunName,
  INVALID_NUMBER,
  isCallableNumber,
} from "../../../common/business";
import { ON_DO_NOT_CALL } from "../../../common/contacts";
import type { AccountLoader } from "../../domain/account";
import { DomainError } from "../../domain/errors";
import type { DoNotCallService } from "../../features/contacts/do-not-call";
import { normalizePhone } from "../../features/contacts/phone";
import { LinesBusy } from "../../features/telephony/admission";
import type { TelephonyService } from "../../features/telephony/service";
import type { JobKind, JobQueue } from "../types";

export type BulkCallPayload = { phoneNumbers: string[]; callPurpose: string | null };

/** While every line the plan allows is in use, the job waits for one instead of giving up a number. */
const LINE_WAIT_MS = 1_000;
const LINE_WAIT_LIMIT_MS = 10 * 60_000;

/**
 * POST /api/calls/bulk: one outbound call per number, in the background.
 * Each call is placed under the key `<job id>:<index>`, so a run that starts again after a crash
 * finds the calls it already placed and dials only the rest: no number is called twice. A number
 * that cannot be called (not a number, the monthly limit, the carrier's refusal) is reported in
 * the result and the rest go on; the job's result is the spec's bulk-call answer. When all the
 * plan's lines are busy the job waits for one (up to ten minutes a number), as a person dialling
 * down a list would, rather than reporting most of the list as failed. A number on the
 * workspace's do-not-call list (or a do-not-call contact's) is refused with ON_DO_NOT_CALL,
 * checked just before it would be dialled: one listed while the job runs is not called. The rest
 * of the dial gate is telephony's, as every call placed (placeOutbound): a number outside its
 * calling hours (in its own zone and any zone recorded for it), or without consent to AI-voice
 * calls on file (the assistant makes these calls), is refused with why, in the result, and the
 * job goes on.
 */
/**
 * Read in the workspace's country and as telephony dials it today (North American): refused if
 * either reading is listed, so a number is never dialled under a reading the list did not check.
 */
async function onDoNotCall(
  list: Pick<DoNotCallService, "isDoNotCall">,
  account: { id: string; defaultCountry: string },
  phoneNumber: string,
): Promise<boolean> {
  const readings = new Set(
    [normalizePhone(phoneNumber, account.defaultCountry).e164, normalizePhone(phoneNumber, "US").e164].filter(
      (n): n is string => Boolean(n),
    ),
  );
  for (const e164 of readings) if (await list.isDoNotCall(account.id, e164)) return true;
  return false;
}

export function defineBulkCall(
  jobs: JobQueue,
  deps: {
    accounts: AccountLoader;
    telephony: Pick<TelephonyService, "placeOutbound">;
    doNotCall: Pick<DoNotCallService, "isDoNotCall">;
  },
): JobKind<BulkCallPayload> {
  return jobs.define<BulkCallPayload>(
    "calls.bulk",
    async ({ id, payload, workspaceId, signal, reportProgress }): Promise<BulkCallResponse> => {
      const account = workspaceId ? await deps.accounts.load(workspaceId) : undefined;
      if (!account) throw new Error("The workspace these calls were for no longer exists");
      const total = payload.phoneNumbers.length;
      const calls: BulkCallResponse["calls"] = [];
      for (const [index, phoneNumber] of payload.phoneNumbers.entries()) {
        signal.throwIfAborted();
        if (!isCallableNumber(phoneNumber)) {
          calls.push({ phoneNumber, callId: null, error: INVALID_NUMBER });
        } else if (await onDoNotCall(deps.doNotCall, account, phoneNumber)) {
          calls.push({ phoneNumber, callId: null, error: ON_DO_NOT_CALL });
        } else {
          const waitingSince = Date.now();
          for (;;) {
            try {
              const placed = await deps.telephony.placeOutbound(account, {
                phoneNumber,
                purpose: payload.callPurpose ?? undefined,
                dialKey: `${id}:${index}`,
                // The reports count the run's calls as a campaign of its own.
                bulkRun: bulkRunName(payload.callPurpose),
              });
              calls.push({ phoneNumber, callId: placed.callId, error: null });
              break;
            } catch (error) {
              // A refusal (limits, a carrier's no) is this number's result; anything else retries the job.
              if (!(error instanceof DomainError)) throw error;
              const linesBusy = error instanceof LinesBusy && Date.now() - waitingSince < LINE_WAIT_LIMIT_MS;
              if (!linesBusy) {
                calls.push({ phoneNumber, callId: null, error: error.message });
                break;
              }
              await reportProgress({ done: index, total, message: "Waiting for a free line" });
              await new Promise((resolve) => setTimeout(resolve, LINE_WAIT_MS));
              signal.throwIfAborted();
            }
          }
        }
        await reportProgress({ done: index + 1, total, message: `${index + 1} of ${total} numbers dialled` });
      }
      const successful = calls.filter((call) => call.callId).length;
      return { results: { successful, failed: calls.length - successful }, calls };
    },
    { retryLimit: 3, retryBackoff: 5_000, concurrency: 2 },
  );
}
