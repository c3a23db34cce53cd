import {
  type ContactImportResponse,
  type ImportMode,
  ContactImportResponse as ImportResponseSchema,
} from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { throwIfNotOk } from "../../../lib/api";
import { CONTACTS_URL } from "./get-contacts";
import { useRefreshContacts } from "./refresh-contacts";

/**
 * POST /api/contacts/upload?mode&fileName with the file as multipart field "file": the bytes go
 * as they are (the server reads the encoding, a BOM and the line endings). A small file answers
 * 200 with the finished import; a larger one 202 with the import queued and its job to follow.
 */
export async function uploadContacts({
  file,
  mode,
}: {
  file: File;
  mode: ImportMode;
}): Promise<ContactImportResponse> {
  const query = new URLSearchParams({ mode, fileName: file.name.slice(0, 255) });
  const form = new FormData();
  form.append("file", file, file.name);
  const response = await fetch(`${CONTACTS_URL}/upload?${query}`, {
    method: "POST",
    credentials: "include",
    body: form,
  });
  await throwIfNotOk(response);
  return ImportResponseSchema.parse(await response.json());
}

export function useUploadContacts() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: uploadContacts, onSuccess: refresh });
}
