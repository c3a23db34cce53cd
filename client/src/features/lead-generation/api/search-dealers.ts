import { type DealerSearchRequest, DealerSearchResponse } from "@common/lead-generation";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { LEADS_URL } from "./keys";

/** POST /api/leads/viasat-dealers {locations, exportCSV} → {leads, count, csvPath}. */
export const searchDealers = (body: DealerSearchRequest) =>
  requestParsed(DealerSearchResponse, "POST", `${LEADS_URL}/viasat-dealers`, body);

export const useSearchDealers = () => useMutation({ mutationFn: searchDealers });
