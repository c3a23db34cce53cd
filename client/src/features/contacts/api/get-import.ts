import { type ContactImport, ContactImportOut } from "@common/contacts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { CONTACTS_URL } from "./get-contacts";

export const importUrl = (id: string) => `${CONTACTS_URL}/imports/${id}`;

const unfinished = (record: ContactImport | undefined) =>
  !record || record.status === "queued" || record.status === "running";

/** GET /api/contacts/imports/:id: an import and its counts, re-read every 2 s until it finishes. */
export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [CONTACTS_URL, "imports", id],
    queryFn: () => getParsed(ContactImportOut, importUrl(id)),
    refetchInterval: (query) => (unfinished(query.state.data) ? 2000 : false),
  });

export const useImport = (id: string | null) =>
  useQuery({ ...importQueryOptions(id ?? ""), enabled: Boolean(id) });
