import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  Leaderboard,
  LeaderboardQuery,
  Report,
  ReportExportQuery,
  ReportQuery,
} from "../../../common/reports";
import type { ReportsService } from "./service";

export type ReportRouteDeps = { reports: ReportsService };

/**
 * Reports for every member: a rep sees how the team's calling went, as on the enterprise
 * dashboard. The range is checked by the contract (days like 2026-03-01, the end not before
 * the start, at most 366 days), so a bad one answers 400 with the field and what to do.
 */
export const reportRoutes: FastifyPluginAsyncZod<ReportRouteDeps> = async (app, deps) => {
  const { reports } = deps;

  app.get(
    "/api/reports",
    { config: { role: "agent" }, schema: { querystring: ReportQuery, response: { 200: Report } } },
    async (request) => reports.report(request.account, request.query),
  );

  app.get(
    "/api/reports/leaderboard",
    { config: { role: "agent" }, schema: { querystring: LeaderboardQuery, response: { 200: Leaderboard } } },
    async (request) => reports.leaderboard(request.account, request.query.period),
  );

  app.get(
    "/api/reports/export",
    { config: { role: "agent" }, schema: { querystring: ReportExportQuery } },
    async (request, reply) => {
      const { fileName, body } = await reports.exportCsv(request.account, request.query);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store");
      return reply.send(body);
    },
  );
};
