import { OrdersResponse } from "@common/satellite";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { VIASAT_URL } from "./keys";

/** GET /api/viasat/orders[?contactId=]: the newest orders, or one customer's. */
export const ordersQueryOptions = (contactId: string | null) =>
  queryOptions({
    queryKey: [VIASAT_URL, "orders", contactId ?? "all"],
    queryFn: async () =>
      (
        await getParsed(
          OrdersResponse,
          `${VIASAT_URL}/orders${contactId ? `?contactId=${encodeURIComponent(contactId)}` : ""}`,
        )
      ).orders,
  });

export const useOrders = (contactId: string | null) => useQuery(ordersQueryOptions(contactId));
