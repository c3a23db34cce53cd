import { type Contact, ContactOut, type ContactUpdate } from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONTACTS_URL } from "./get-leads";
import { useRefreshLeads } from "./refresh-leads";

/** PUT /api/contacts/:id with the edit form's fields, its id included. */
export const updateLead = (body: ContactUpdate & { id: string }): Promise<Contact> =>
  requestParsed(ContactOut, "PUT", `${CONTACTS_URL}/${body.id}`, body);

export function useUpdateLead() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: updateLead, onSuccess: refresh });
}
