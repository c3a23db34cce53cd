import { EmailStatsOut, PreviewLeadsOut, type PreviewLeadsRequest } from "@common/email";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { getParsed, requestParsed } from "../../../lib/api";
import { EMAIL_URL } from "./keys";

/** GET /api/email-marketing/stats ("Email stats"): the audience's figures. */
export const emailStatsQueryOptions = queryOptions({
  queryKey: [`${EMAIL_URL}/stats`],
  queryFn: () => getParsed(EmailStatsOut, `${EMAIL_URL}/stats`),
});
export const useEmailStats = () => useQuery(emailStatsQueryOptions);

/** POST /api/email-marketing/preview-leads: the first recipients of an audience and how many match. */
export const previewLeads = (body: PreviewLeadsRequest) =>
  requestParsed(PreviewLeadsOut, "POST", `${EMAIL_URL}/preview-leads`, body);
export const usePreviewLeads = () => useMutation({ mutationFn: previewLeads });
