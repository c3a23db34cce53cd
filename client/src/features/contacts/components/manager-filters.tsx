import {
  CONTACT_SORTS,
  CONTACT_STATUSES,
  type ContactSort,
  type ContactStatus,
  LEAD_SOURCES,
  type LeadSource,
} from "@common/contacts";
import { useCallback, useId } from "react";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { segmentChoiceLabel, useSegments } from "../../../lib/shared-api/segments";
import type { ContactFilters } from "../api/get-contacts";
import { SORT_LABELS, SOURCE_LABELS, STATUS_LABELS } from "../labels";
import { ContactSearch } from "./contact-search";

type YesNo = "" | "true" | "false";
const yesNo = (value: boolean | undefined): YesNo => (value === undefined ? "" : value ? "true" : "false");
const fromYesNo = (value: string): boolean | undefined => (value === "" ? undefined : value === "true");

/** Search, status, source, tag, favourites, has-phone, segment and sort: each change reloads from the server. */
export function ManagerFilters({
  filters,
  onChange,
}: {
  filters: ContactFilters;
  onChange: (change: Partial<ContactFilters>) => void;
}) {
  const id = useId();
  const segments = useSegments();
  const onSearch = useCallback((search: string) => onChange({ search }), [onChange]);
  const onTag = useCallback((tag: string) => onChange({ tag }), [onChange]);
  return (
    <search
      aria-label="Find contacts"
      className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
    >
      <ContactSearch
        value={filters.search ?? ""}
        onSearch={onSearch}
        className="col-span-2 grid gap-1.5 lg:col-span-3 xl:col-span-1"
        placeholder="Name, phone, email or company..."
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect
          id={`${id}-status`}
          value={filters.status ?? ""}
          onChange={(event) => onChange({ status: (event.target.value || undefined) as ContactStatus })}
        >
          <option value="">All statuses</option>
          {CONTACT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-source`}>Source</Label>
        <NativeSelect
          id={`${id}-source`}
          value={filters.source ?? ""}
          onChange={(event) => onChange({ source: (event.target.value || undefined) as LeadSource })}
        >
          <option value="">All sources</option>
          {LEAD_SOURCES.map((source) => (
            <option key={source} value={source}>
              {SOURCE_LABELS[source]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ContactSearch
        value={filters.tag ?? ""}
        onSearch={onTag}
        label="Tag"
        placeholder="Any tag"
        icon={false}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-favorite`}>Favourites</Label>
        <NativeSelect
          id={`${id}-favorite`}
          value={yesNo(filters.favorite)}
          onChange={(event) => onChange({ favorite: fromYesNo(event.target.value) })}
        >
          <option value="">All contacts</option>
          <option value="true">Favourites only</option>
          <option value="false">Not favourites</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-phone`}>Phone number</Label>
        <NativeSelect
          id={`${id}-phone`}
          value={yesNo(filters.hasPhone)}
          onChange={(event) => onChange({ hasPhone: fromYesNo(event.target.value) })}
        >
          <option value="">With or without</option>
          <option value="true">Has a phone number</option>
          <option value="false">No phone number</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-segment`}>Segment</Label>
        <NativeSelect
          id={`${id}-segment`}
          value={filters.segment ?? ""}
          onChange={(event) => onChange({ segment: event.target.value || undefined })}
        >
          <option value="">All contacts</option>
          {(segments.data ?? []).map((segment) => (
            <option key={segment.id} value={segment.id}>
              {segmentChoiceLabel(segment)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <NativeSelect
          id={`${id}-sort`}
          value={filters.sort ?? "newest"}
          onChange={(event) => onChange({ sort: event.target.value as ContactSort })}
        >
          {CONTACT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </search>
  );
}
