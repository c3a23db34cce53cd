import type { SegmentFilterInput } from "@common/segments";
import type { ContactFilters } from "./api/get-contacts";

/** The list's filters as a new segment's start (a segment keeps several statuses, sources and tags). */
export function segmentFilterOf(filters: ContactFilters): Partial<SegmentFilterInput> {
  const filter: Partial<SegmentFilterInput> = {};
  if (filters.search?.trim()) filter.search = filters.search.trim();
  if (filters.tag?.trim()) filter.tags = [filters.tag.trim()];
  if (filters.status) filter.statuses = [filters.status];
  if (filters.source) filter.sources = [filters.source];
  if (filters.favorite !== undefined) filter.favorite = filters.favorite;
  if (filters.hasPhone !== undefined) filter.hasPhone = filters.hasPhone;
  if (filters.doNotCall !== undefined) filter.doNotCall = filters.doNotCall;
  return filter;
}

/** Whether the list is narrowed at all (its empty state then says nothing matched). */
export const hasFilters = (filters: ContactFilters) =>
  Boolean(
    filters.segment ||
      filters.search?.trim() ||
      filters.status ||
      filters.source ||
      filters.tag?.trim() ||
      filters.favorite !== undefined ||
      filters.hasPhone !== undefined,
  );
