import { type Contact, ContactOut, type ContactUpdate } from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONTACTS_URL } from "./get-contacts";
import { useRefreshContacts } from "./refresh-contacts";

/** PATCH /api/contacts/:id with the changed fields (the edit form, the favourite and do-not-call toggles). */
export const updateContact = ({ id, change }: { id: string; change: ContactUpdate }): Promise<Contact> =>
  requestParsed(ContactOut, "PATCH", `${CONTACTS_URL}/${id}`, change);

export function useUpdateContact() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: updateContact, onSuccess: refresh });
}
