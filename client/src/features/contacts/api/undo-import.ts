import { ContactImportOut } from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { importUrl } from "./get-import";
import { useRefreshContacts } from "./refresh-contacts";

/** POST /api/contacts/imports/:id/undo: deletes the contacts that import added; the import reads undone. */
export const undoImport = (id: string) => requestParsed(ContactImportOut, "POST", `${importUrl(id)}/undo`);

export function useUndoImport() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: undoImport, onSuccess: refresh });
}
