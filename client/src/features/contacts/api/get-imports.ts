import { ContactImportOut } from "@common/contacts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../../../lib/api";
import { CONTACTS_URL } from "./get-contacts";

const IMPORTS_URL = `${CONTACTS_URL}/imports`;

/** GET /api/contacts/imports: the workspace's imports, newest first (the panel shows the latest). */
export const importsQueryOptions = queryOptions({
  queryKey: [CONTACTS_URL, "imports"],
  queryFn: () => getParsed(z.array(ContactImportOut), IMPORTS_URL),
});

export const useImports = () => useQuery(importsQueryOptions);
