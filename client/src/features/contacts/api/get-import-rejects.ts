import { ImportRejectOut } from "@common/contacts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../../../lib/api";
import { CONTACTS_URL } from "./get-contacts";
import { importUrl } from "./get-import";

/** How many rejects the result shows; the CSV has them all. */
export const REJECTS_SHOWN = 20;

/** GET /api/contacts/imports/:id/rejects?limit: the first rows the import could not take, with why. */
export const importRejectsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [CONTACTS_URL, "imports", id, "rejects"],
    queryFn: () => getParsed(z.array(ImportRejectOut), `${importUrl(id)}/rejects?limit=${REJECTS_SHOWN}`),
  });

export const useImportRejects = (id: string | null, enabled: boolean) =>
  useQuery({ ...importRejectsQueryOptions(id ?? ""), enabled: Boolean(id) && enabled });

/** The rejects file to download (every reject, with the original row). */
export const rejectsCsvUrl = (id: string) => `${importUrl(id)}/rejects.csv`;
