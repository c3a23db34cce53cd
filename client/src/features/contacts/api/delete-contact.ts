import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { CONTACTS_URL } from "./get-contacts";
import { useRefreshContacts } from "./refresh-contacts";

/** DELETE /api/contacts/:id. */
export const deleteContact = (id: string): Promise<unknown> => apiRequest("DELETE", `${CONTACTS_URL}/${id}`);

export function useDeleteContact() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: deleteContact, onSuccess: refresh });
}
