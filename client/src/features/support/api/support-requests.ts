import { type SupportRequestBody, SupportRequestCreated, SupportRequestList } from "@common/support";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getParsed, requestParsed } from "../../../lib/api";

export const MY_REQUESTS_URL = "/api/support/requests";

/** GET /api/support/requests: the signed-in person's requests to support, with any replies. */
export const useMySupportRequests = (page: number, limit: number) =>
  useQuery({
    queryKey: [MY_REQUESTS_URL, { page, limit }],
    queryFn: () => getParsed(SupportRequestList, `${MY_REQUESTS_URL}?page=${page}&limit=${limit}`),
    placeholderData: keepPreviousData,
  });

/** POST /api/support/requests {subject, message}. */
export function useSendSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportRequestBody) =>
      requestParsed(SupportRequestCreated, "POST", MY_REQUESTS_URL, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MY_REQUESTS_URL] }),
  });
}
