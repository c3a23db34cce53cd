import { type ContactImport, ContactImportOut, ImportRejectOut } from "@common/contacts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../../../lib/api";

/**
 * A queued import's record and its first rejects, for the /business-plan import to follow a
 * large file. Keyed under /api/contacts like the contact screens' own fetchers, so a change to
 * contacts refreshes both.
 */
const CONTACTS_URL = "/api/contacts";
const importUrl = (id: string) => `${CONTACTS_URL}/imports/${id}`;

export const isUnfinished = (record: ContactImport | undefined) =>
  !record || record.status === "queued" || record.status === "running";

/** GET /api/contacts/imports/:id, re-read every 2 s until the import finishes. */
export const businessImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [CONTACTS_URL, "imports", id],
    queryFn: () => getParsed(ContactImportOut, importUrl(id)),
    refetchInterval: (query) => (isUnfinished(query.state.data) ? 2000 : false),
  });

export const useBusinessImport = (id: string | null) =>
  useQuery({ ...businessImportQueryOptions(id ?? ""), enabled: Boolean(id) });

/** How many refused rows the result lists, as the import's own answer does for a small file. */
export const REJECTS_LISTED = 100;

/** GET /api/contacts/imports/:id/rejects: "Line 7, Email: ..." as the importer words a refused row. */
export const businessImportRejectsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [CONTACTS_URL, "imports", id, "rejects", REJECTS_LISTED],
    queryFn: async () =>
      (await getParsed(z.array(ImportRejectOut), `${importUrl(id)}/rejects?limit=${REJECTS_LISTED}`)).map(
        (reject) => `Line ${reject.line}${reject.column ? `, ${reject.column}` : ""}: ${reject.reason}`,
      ),
  });

export const useBusinessImportRejects = (id: string | null, enabled: boolean) =>
  useQuery({ ...businessImportRejectsQueryOptions(id ?? ""), enabled: Boolean(id) && enabled });
