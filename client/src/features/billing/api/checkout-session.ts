import type { CheckoutSessionOut } from "@common/billing";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, USER_QUERY_KEY } from "../../../lib/api";

/** GET /api/checkout/:id: the local provider's order. */
export const checkoutSessionQuery = (id: string) =>
  queryOptions<CheckoutSessionOut>({ queryKey: [`/api/checkout/${id}`], staleTime: 0 });

export const useCheckoutSession = (id: string) => useQuery(checkoutSessionQuery(id));

/** POST /api/checkout/:id/confirm: pays the order; the plan changes at once. */
export function useConfirmCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; redirectTo: string }>("POST", `/api/checkout/${id}/confirm`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["/api/subscription"] });
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: [`/api/checkout/${id}`] });
    },
  });
}
