import { ContactDialResponse } from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONTACTS_URL } from "./get-leads";
import { useRefreshLeads } from "./refresh-leads";

/**
 * POST /api/contacts/:id/dial {agentId: "1", purpose: "sales"}: an outbound call
 * through the workspace's phone service. Refused (with the server's reason) for a do-not-call number.
 */
export const dialContact = (id: string) =>
  requestParsed(ContactDialResponse, "POST", `${CONTACTS_URL}/${id}/dial`, {
    agentId: "1",
    purpose: "sales",
  });

export function useDialContact() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: dialContact, onSuccess: refresh });
}
