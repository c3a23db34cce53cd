import { ContactImportUndoResponse } from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { importUrl } from "./get-import";
import { useRefreshContacts } from "./refresh-contacts";

/**
 * POST /api/contacts/imports/:id/undo: deletes the contacts that import added (the ones it updated
 * keep their new values); answers the import, now undone, with how many went and a message.
 */
export const undoImport = (id: string) =>
  requestParsed(ContactImportUndoResponse, "POST", `${importUrl(id)}/undo`);

export function useUndoImport() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: undoImport, onSuccess: refresh });
}
