import { defineArea } from "../area";
import { callReportFigures } from "../calls/report-figures";
import { dialerReportFigures } from "../dialer/report-figures";
import { reportRoutes } from "./routes";
import { reportsService } from "./service";

/**
 * Reports: the autodialer and the calls each count their own rows over a range; the report adds
 * them up per campaign, per agent (reps and AI agents), per day and per hour.
 */
export const reportsArea = defineArea({
  name: "reports",
  build: (core) =>
    reportsService({
      attempts: dialerReportFigures(core.database.db),
      calls: callReportFigures(core.database.db),
      members: async (account) =>
        (await core.workspaces.team(account)).members.map((member) => ({
          userId: member.userId,
          name: member.fullName || member.username,
        })),
      // The agents' cached routing set: names without reading the agents' figures.
      aiAgents: async (account) =>
        [...(await core.agents.snapshot(account.id)).agents.values()].map((agent) => ({
          id: agent.id,
          name: agent.name,
        })),
      now: core.now,
    }),
  async routes(app, _context, reports) {
    await app.register(reportRoutes, { reports });
  },
});
