import {
  SegmentCountOut,
  type SegmentCreate,
  type SegmentFilterInput,
  SegmentOut,
  type SegmentUpdate,
} from "@common/segments";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, requestParsed } from "../../../lib/api";
import { SEGMENTS_URL } from "../../../lib/shared-api/segments";
import { CONTACTS_URL } from "./get-contacts";

/** Saved segments: create, change, delete, and a filter's live count while it is being edited. */
function useSegmentMutation<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
  });
}

export const useCreateSegment = () =>
  useSegmentMutation((body: SegmentCreate) => requestParsed(SegmentOut, "POST", SEGMENTS_URL, body));

export const useUpdateSegment = () =>
  useSegmentMutation(({ id, change }: { id: string; change: SegmentUpdate }) =>
    requestParsed(SegmentOut, "PATCH", `${SEGMENTS_URL}/${id}`, change),
  );

export const useDeleteSegment = () =>
  useSegmentMutation((id: string) => apiRequest("DELETE", `${SEGMENTS_URL}/${id}`));

/** POST /api/contacts/segments/count: how many contacts the filter holds now (kept while the next is asked). */
export function useSegmentCount(filter: SegmentFilterInput, enabled: boolean) {
  return useQuery({
    queryKey: [CONTACTS_URL, "segments", "count", filter],
    queryFn: () => requestParsed(SegmentCountOut, "POST", `${SEGMENTS_URL}/count`, filter),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
