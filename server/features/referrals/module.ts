import { referralCodes, referralRewards, referrals } from "../../db/schema";
import { defineArea } from "../area";
import { referralRoutes } from "./routes";
import { referralsService } from "./service";

/** Rewards waiting for a change no server heard of (a server down when it was announced). */
const SWEEP_SCHEDULE = "41 * * * *";

/**
 * Referral links and rewards. A reward is settled when a referred workspace's plan changes (the
 * access announcement every server hears) and by an hourly sweep, whichever comes first.
 */
export const referralsArea = defineArea({
  name: "referrals",
  tables: { referralCodes, referrals, referralRewards },
  build(core) {
    const service = referralsService({
      db: core.database.db,
      billing: core.billing,
      publicUrl: core.config.publicUrl,
      log: core.log,
      now: core.now,
    });
    core.access.onChange((change) => {
      if (!change.workspaceId) return;
      service.settle(change.workspaceId).catch((error: unknown) => {
        core.log.warn({ error: (error as Error).message }, "a referral reward will be tried again");
      });
    });
    const sweep = core.jobs.define("referrals.sweep", () => service.sweep(), { concurrency: 1 });
    if (core.schedules) core.jobs.schedule(sweep, SWEEP_SCHEDULE, {});
    return service;
  },
  async routes(app, _context, referrals) {
    await app.register(referralRoutes, { referrals });
  },
});
