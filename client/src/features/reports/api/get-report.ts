import { Report } from "@common/reports";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const REPORTS_URL = "/api/reports";

/** What a report is asked for: days in the workspace's zone, both included, and maybe one campaign. */
export type ReportParams = { from: string; to: string; campaignId: string | null };

export function reportSearch(params: ReportParams): URLSearchParams {
  const search = new URLSearchParams({ from: params.from, to: params.to });
  if (params.campaignId) search.set("campaignId", params.campaignId);
  return search;
}

export const reportQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: [REPORTS_URL, params.from, params.to, params.campaignId],
    queryFn: () => getParsed(Report, `${REPORTS_URL}?${reportSearch(params).toString()}`),
  });

/** GET /api/reports: counted by the server when asked; the last answer stays up while the next loads. */
export function useReport(params: ReportParams) {
  return useQuery({ ...reportQueryOptions(params), placeholderData: keepPreviousData });
}
