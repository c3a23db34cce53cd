import { CONTACT_MESSAGES, type Contact } from "@common/contacts";
import { Download, RefreshCw, SearchX } from "lucide-react";
import { useCallback, useState } from "react";
import { Button } from "../../components/ui/button";
import { useUser } from "../../lib/auth/use-user";
import { cn } from "../../lib/cn";
import { saveFile } from "../../lib/download";
import { toast, toastError } from "../../lib/toast";
import { useDialContact } from "./api/dial-contact";
import { useExportContacts } from "./api/export-contacts";
import { useExportLeads } from "./api/export-leads";
import { useContactStats } from "./api/get-contact-stats";
import { type LeadFilters as Filters, useLeads } from "./api/get-leads";
import { CallPreviewDialog } from "./components/call-preview-dialog";
import { EditLeadDialog } from "./components/edit-lead-dialog";
import { LeadCard } from "./components/lead-card";
import { LeadFilters } from "./components/lead-filters";
import { StatsCards } from "./components/stats-cards";

/**
 * Lead Manager: the stats cards, search and filters, contact cards, the edit modal, the
 * call preview, and the two CSV exports. The lead side of the same contacts /contacts shows.
 */
export function LeadManagerPage() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [filters, setFilters] = useState<Filters>({ search: "" });
  const { query, leads, total } = useLeads(filters);
  const stats = useContactStats();
  const dial = useDialContact();
  const exportContacts = useExportContacts();
  const exportLeads = useExportLeads();
  const [editing, setEditing] = useState<Contact | null>(null);
  const [previewing, setPreviewing] = useState<Contact | null>(null);
  const onFilters = useCallback((next: Filters) => setFilters(next), []);
  const filtered = Boolean(filters.search.trim() || filters.status || filters.source);

  const call = (lead: Contact) =>
    dial.mutate(lead.id, {
      onSuccess: (answer) => toast({ title: CONTACT_MESSAGES.callInitiated, description: answer.message }),
      onError: (error) => toastError("Call Failed", CONTACT_MESSAGES.callFailed, error),
    });

  const download = (which: "contacts" | "leads") => {
    const mutation = which === "contacts" ? exportContacts : exportLeads;
    mutation.mutate(undefined, {
      onSuccess: ({ blob, filename }) => {
        saveFile(blob, filename);
        toast({ title: CONTACT_MESSAGES.exported, description: `Saved ${filename}.` });
      },
      onError: (error) =>
        toastError(
          "Export Failed",
          which === "contacts" ? CONTACT_MESSAGES.exportFailed : CONTACT_MESSAGES.exportLeadsFailed,
          error,
        ),
    });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Lead Manager</h1>
          <p className="text-muted-foreground">Your contacts as leads: score, status and calls</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => download("contacts")} disabled={exportContacts.isPending}>
            <Download aria-hidden />
            {exportContacts.isPending ? "Exporting..." : "Export Contacts"}
          </Button>
          <Button variant="outline" onClick={() => download("leads")} disabled={exportLeads.isPending}>
            <Download aria-hidden />
            {exportLeads.isPending ? "Exporting..." : "Export Leads"}
          </Button>
        </div>
      </div>

      <StatsCards stats={stats.data} failed={stats.isError} />

      <LeadFilters filters={filters} onChange={onFilters} />

      <div aria-busy={query.isFetching} className="grid gap-4">
        {query.isPending ? (
          <div role="status" aria-label="Loading leads" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <div key={i} className="h-56 animate-pulse rounded-lg bg-muted" />
            ))}
            <span className="sr-only">Loading leads...</span>
          </div>
        ) : query.isError && !query.data ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border py-10 text-center">
            <p className="font-semibold">Your leads could not be loaded.</p>
            <Button variant="outline" onClick={() => query.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : leads.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border py-10 text-center">
            <SearchX className="size-10 text-muted-foreground" aria-hidden />
            <p className="font-semibold">{filtered ? "No leads found" : "No leads yet"}</p>
            <p className="px-4 text-sm text-muted-foreground">
              {filtered
                ? "Try another search, status or source."
                : "Contacts you add or import show here with their score and status."}
            </p>
          </div>
        ) : (
          <>
            <ul
              aria-label="Leads"
              className={cn(
                "grid gap-4 sm:grid-cols-2 xl:grid-cols-3",
                query.isPlaceholderData && "opacity-60 transition-opacity",
              )}
            >
              {leads.map((lead) => (
                <li key={lead.id} className="flex min-w-0" aria-label={lead.name}>
                  <LeadCard
                    lead={lead}
                    timeZone={timeZone}
                    calling={dial.isPending && dial.variables === lead.id}
                    onEdit={() => setEditing(lead)}
                    onPreview={() => setPreviewing(lead)}
                    onCall={() => call(lead)}
                  />
                </li>
              ))}
            </ul>
            <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
              <p aria-live="polite">
                Showing {leads.length.toLocaleString()} of {total.toLocaleString()}
              </p>
              {query.hasNextPage ? (
                <Button
                  variant="outline"
                  onClick={() => query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? "Loading..." : "Load more"}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>

      <EditLeadDialog lead={editing} onClose={() => setEditing(null)} />
      <CallPreviewDialog
        lead={previewing}
        calling={dial.isPending && dial.variables === previewing?.id}
        onCall={call}
        onClose={() => setPreviewing(null)}
      />
    </div>
  );
}
