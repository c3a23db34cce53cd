import { SegmentOut } from "@common/segments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed } from "../api";

/**
 * GET /api/contacts/segments: the workspace's saved segments (named filters and lists), each with
 * its live count. The contacts screens keep them; the autodialer takes one as a campaign's leads
 * and email marketing as an audience. Keyed under /api/contacts, so a change to contacts
 * (a bulk action, an edit) counts them again.
 */
export const SEGMENTS_URL = "/api/contacts/segments";

export const segmentsQueryOptions = queryOptions({
  queryKey: ["/api/contacts", "segments"],
  queryFn: () => getParsed(z.array(SegmentOut), SEGMENTS_URL),
});

export const useSegments = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...segmentsQueryOptions, enabled });

/** "Spring leads · 1,204 contacts" for a picker. */
export function segmentChoiceLabel(segment: { name: string; count: number; kind: string }): string {
  const count = `${segment.count.toLocaleString()} ${segment.count === 1 ? "contact" : "contacts"}`;
  return `${segment.name} (${segment.kind === "list" ? "list, " : ""}${count})`;
}
