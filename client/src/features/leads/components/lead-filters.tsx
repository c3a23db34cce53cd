import { CONTACT_STATUSES, type ContactStatus, LEAD_SOURCES, type LeadSource } from "@common/contacts";
import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import type { LeadFilters as Filters } from "../api/get-leads";
import { SOURCE_LABELS, STATUS_LABELS } from "../labels";

const SEARCH_DEBOUNCE_MS = 300;

/** The search (debounced) and the status and source filters, which combine. */
export function LeadFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(filters.search);
  useEffect(() => setDraft(filters.search), [filters.search]);
  useEffect(() => {
    if (draft === filters.search) return;
    const timer = window.setTimeout(() => onChange({ ...filters, search: draft }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, filters, onChange]);

  return (
    <search
      aria-label="Find leads"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            placeholder="Name, phone number or company..."
            maxLength={200}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && draft !== filters.search) onChange({ ...filters, search: draft });
            }}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect
          id={`${id}-status`}
          value={filters.status ?? ""}
          onChange={(event) =>
            onChange({ ...filters, status: (event.target.value || undefined) as ContactStatus | undefined })
          }
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
          onChange={(event) =>
            onChange({ ...filters, source: (event.target.value || undefined) as LeadSource | undefined })
          }
        >
          <option value="">All sources</option>
          {LEAD_SOURCES.map((source) => (
            <option key={source} value={source}>
              {SOURCE_LABELS[source]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </search>
  );
}
