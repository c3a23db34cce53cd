import type { AuthService } from "../../features/auth/service";
import type { CallService } from "../../features/calls/service";
import type { TelephonyService } from "../../features/telephony/service";
import type { JobQueue } from "../types";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The periodic clean-ups, each a scheduled job (issue 10, part 4): one server runs each tick,
 * whichever claims it, instead of every server running a timer of its own.
 * - every minute, live calls with no activity for IDLE_CALL_MINUTES are ended;
 * - every 10 minutes, sessions past their idle or absolute limit and old rate-limit windows go;
 * - every hour, webhook idempotency keys older than a day go (Twilio retries within minutes).
 */
export function scheduleHousekeeping(
  jobs: JobQueue,
  deps: {
    auth: Pick<AuthService, "housekeeping">;
    calls: Pick<CallService, "endIdleCalls">;
    telephony: Pick<TelephonyService, "prune">;
  },
): void {
  const idleCalls = jobs.define("calls.end-idle", async () => ({ ended: await deps.calls.endIdleCalls() }));
  const sessions = jobs.define("auth.clean-up", async () => {
    await deps.auth.housekeeping();
  });
  const webhooks = jobs.define("telephony.prune-webhooks", async () => {
    await deps.telephony.prune(new Date(Date.now() - DAY_MS));
  });
  jobs.schedule(idleCalls, "* * * * *", {});
  jobs.schedule(sessions, "*/10 * * * *", {});
  jobs.schedule(webhooks, "17 * * * *", {});
}
