import { ContactOut } from "@common/contacts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/contacts/:id: the customer the order is for (from ?contactId=), keyed under contacts. */
export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["/api/contacts", id],
    queryFn: () => getParsed(ContactOut, `/api/contacts/${encodeURIComponent(id)}`),
  });

export const useCustomer = (id: string | null) =>
  useQuery({ ...customerQueryOptions(id ?? ""), enabled: Boolean(id) });
