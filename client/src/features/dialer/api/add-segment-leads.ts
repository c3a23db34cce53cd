import { BulkActionOut } from "@common/contacts-bulk";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshDialer } from "./refresh-dialer";

/**
 * A saved segment's contacts as a campaign's leads: the contacts' bulk "add to campaign" on the
 * segment (POST /api/contacts/bulk). Up to 1,000 contacts it answers done; more run as a job
 * whose progress the Contacts screens show, and that can be undone there.
 */
export const addSegmentLeads = ({ campaignId, segmentId }: { campaignId: string; segmentId: string }) =>
  requestParsed(BulkActionOut, "POST", "/api/contacts/bulk", {
    selection: { filter: { segmentId } },
    action: { type: "addToCampaign", campaignId },
  });

export function useAddSegmentLeads() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: addSegmentLeads, onSuccess: refresh });
}
