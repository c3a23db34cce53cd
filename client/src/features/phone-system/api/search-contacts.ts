import { ContactOut } from "@common/contacts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../../../lib/api";

/** Contacts offered for a call at once. */
export const CONTACTS_SHOWN = 8;

/** GET /api/contacts?search=: the contacts with a phone number matching, keyed under contacts. */
export const contactSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ["/api/contacts", "grasshopper-call", search],
    queryFn: () => {
      const query = new URLSearchParams({ hasPhone: "true", limit: String(CONTACTS_SHOWN), page: "1" });
      if (search.trim()) query.set("search", search.trim());
      return getParsed(z.array(ContactOut), `/api/contacts?${query}`);
    },
    placeholderData: keepPreviousData,
  });

export const useContactSearch = (search: string) => useQuery(contactSearchQueryOptions(search));
