import { type LeadSearchRequest, LeadSearchResponse } from "@common/lead-generation";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { LEADS_URL } from "./keys";

/** POST /api/leads/search {industry, location, limit} → {leads, count}. */
export const searchLeads = (body: LeadSearchRequest) =>
  requestParsed(LeadSearchResponse, "POST", `${LEADS_URL}/search`, body);

export const useSearchLeads = () => useMutation({ mutationFn: searchLeads });
