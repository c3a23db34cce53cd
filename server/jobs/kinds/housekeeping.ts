import type { AuthService } from "../../features/auth/service";
import type { CallService } from "../../features/calls/service";
import type { ContactService } from "../../features/contacts/service";
import type { TelephonyService } from "../../features/telephony/service";
import type { JobKind, JobQueue } from "../types";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The periodic clean-ups, each a scheduled job: one server runs each tick,
 * whichever claims it, instead of every server running a timer of its own.
 * - every minute, live calls with no activity for IDLE_CALL_MINUTES are ended;
 * - every 10 minutes, sessions past their idle or absolute limit and old rate-limit windows go;
 * - every hour, webhook idempotency keys older than a day go (Twilio retries within minutes);
 * - on the embedded database, every hour (and after each large import), the contacts table is
 *   vacuumed and analysed (defineContactsVacuum).
 */
export function scheduleHousekeeping(
  jobs: JobQueue,
  deps: {
    auth: Pick<AuthService, "housekeeping">;
    calls: Pick<CallService, "endIdleCalls">;
    telephony: Pick<TelephonyService, "prune">;
    /** The embedded database's contacts.vacuum kind; null on PostgreSQL, whose autovacuum does it. */
    contactsVacuum?: JobKind<VacuumPayload> | null;
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
  if (deps.contactsVacuum) jobs.schedule(deps.contactsVacuum, "41 * * * *", {});
}

export type VacuumPayload = Record<string, never>;

/**
 * contacts.vacuum, for the embedded database only: PGlite runs single-user, with no autovacuum,
 * so without it the contacts table's visibility map is never set and every capped count reads
 * the table instead of the index alone, and the planner's statistics (the list's estimates past
 * the cap, the choice of index) stay those of an empty table. VACUUM skips pages it already
 * marked all-visible, so the hourly run costs what changed since the last one; the run after a
 * large import (queued by the import, server/features/contacts/import) pays for the new rows
 * once. One at a time: it holds the embedded database while it runs.
 */
export function defineContactsVacuum(
  jobs: JobQueue,
  deps: { contacts: Pick<ContactService, "vacuum"> },
): JobKind<VacuumPayload> {
  return jobs.define<VacuumPayload>("contacts.vacuum", async () => ({ ms: await deps.contacts.vacuum() }), {
    concurrency: 1,
  });
}
