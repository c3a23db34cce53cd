import { type Contact, type ContactCreate, ContactOut } from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { CONTACTS_URL } from "./get-contacts";
import { useRefreshContacts } from "./refresh-contacts";

/** POST /api/contacts: 402 when the plan's contact limit is reached, with the plans that allow more. */
export const createContact = (body: ContactCreate): Promise<Contact> =>
  requestParsed(ContactOut, "POST", CONTACTS_URL, body);

export function useCreateContact() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: createContact, onSuccess: refresh });
}
