import { CheckoutSessionOut } from "@common/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const checkoutSessionUrl = (id: string) => `/api/checkout/${id}`;

/** GET /api/checkout/:id: the local provider's order. */
export const getCheckoutSession = (id: string) => getParsed(CheckoutSessionOut, checkoutSessionUrl(id));

export const checkoutSessionQueryOptions = (id: string) =>
  queryOptions({ queryKey: [checkoutSessionUrl(id)], queryFn: () => getCheckoutSession(id), staleTime: 0 });

export const useCheckoutSession = (id: string) => useQuery(checkoutSessionQueryOptions(id));
