import type { Call } from "@common/calls";
import { Download, History, RefreshCw, SearchX } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { toast } from "../../lib/toast";
import { useUser } from "../auth/api/use-user";
import { useCallEvents } from "../calls/api/use-call-events";
import { HISTORY_PAGE_SIZE, type HistoryFilter, useCallHistory } from "./api/call-history";
import { useExportCalls } from "./api/export-calls";
import { CallRow } from "./components/call-row";
import { DetailsDialog } from "./components/details-dialog";
import { HistoryFilters } from "./components/history-filters";
import { HistoryPagination } from "./components/pagination";
import { SummaryCards } from "./components/summary-cards";
import { TranscriptDialog } from "./components/transcript-dialog";
import { saveFile } from "./save-file";
import { useHistoryParams } from "./use-history-params";

type Open = { kind: "transcript" | "details"; call: Call } | null;

/** Spec 1 §2.10: every screened call, searchable, with its transcript and analysis. */
export function CallHistoryPage() {
  useCallEvents();
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { params, sort, update } = useHistoryParams();
  const history = useCallHistory(params);
  const exporter = useExportCalls();
  const [open, setOpen] = useState<Open>(null);
  const listTop = useRef<HTMLHeadingElement>(null);

  // Spec 1 §8: a failed fetch says so once, not at every failed poll.
  const failed = history.isError;
  useEffect(() => {
    if (failed) toast({ title: "Error", description: "Failed to fetch calls", variant: "destructive" });
  }, [failed]);

  // A page past the end (calls were removed, or an old link): go to the last page there is.
  const totalPages = history.data?.pagination.totalPages;
  useEffect(() => {
    if (!history.isPlaceholderData && totalPages !== undefined && params.page > totalPages) {
      update({ page: totalPages }, { replace: true });
    }
  }, [history.isPlaceholderData, totalPages, params.page, update]);

  const onSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);

  const exportCsv = () =>
    exporter.mutate(
      { filter: params.filter, search: params.search, sortBy: params.sortBy, sortOrder: params.sortOrder },
      {
        onSuccess: ({ blob, filename }) => {
          saveFile(blob, filename);
          toast({ title: "Export Complete", description: "Call history exported successfully" });
        },
        onError: () =>
          toast({
            title: "Export Failed",
            description: "Failed to export call history",
            variant: "destructive",
          }),
      },
    );

  const goToPage = (page: number) => {
    update({ page });
    listTop.current?.focus({ preventScroll: true });
    listTop.current?.scrollIntoView({ block: "nearest" });
  };

  const data = history.data;
  const calls = data?.calls ?? [];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Call History</h1>
          <p className="text-sm text-muted-foreground">
            Every call your assistant screened, with its transcript and analysis.
          </p>
        </div>
        <Button onClick={exportCsv} disabled={exporter.isPending}>
          <Download aria-hidden /> {exporter.isPending ? "Exporting..." : "Export CSV"}
        </Button>
      </div>

      <SummaryCards summary={data?.summary} />

      <Card>
        <CardHeader className="gap-4">
          <CardTitle className="flex items-center gap-2 text-base">
            <History className="size-5 text-primary" aria-hidden />
            <span ref={listTop} tabIndex={-1} className="outline-none">
              Calls
            </span>
          </CardTitle>
          <HistoryFilters
            search={params.search}
            filter={params.filter}
            sort={sort}
            onSearch={onSearch}
            onFilter={(filter: HistoryFilter) => update({ filter })}
            onSort={(value) => update({ sort: value })}
          />
        </CardHeader>
        <CardContent className="grid gap-2" aria-busy={history.isFetching}>
          {history.isPending ? (
            <LoadingRows />
          ) : !data ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
              <p className="font-semibold">The call history could not be loaded.</p>
              <Button variant="outline" onClick={() => history.refetch()}>
                <RefreshCw aria-hidden /> Try again
              </Button>
            </div>
          ) : calls.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-10 text-center">
              <SearchX className="size-10 text-muted-foreground" aria-hidden />
              <p className="font-semibold">No calls found</p>
              <p className="text-sm text-muted-foreground">
                {params.search || params.filter !== "all"
                  ? "Try another search or call type."
                  : "Calls your assistant screens will show here."}
              </p>
            </div>
          ) : (
            <>
              <ul
                aria-label="Calls"
                className={history.isPlaceholderData ? "divide-y opacity-60 transition-opacity" : "divide-y"}
              >
                {calls.map((call) => (
                  <CallRow
                    key={call.id}
                    call={call}
                    timeZone={timeZone}
                    onTranscript={() => setOpen({ kind: "transcript", call })}
                    onDetails={() => setOpen({ kind: "details", call })}
                  />
                ))}
              </ul>
              <HistoryPagination pagination={data.pagination} onPage={goToPage} />
            </>
          )}
        </CardContent>
      </Card>

      <TranscriptDialog
        call={open?.kind === "transcript" ? open.call : null}
        timeZone={timeZone}
        onClose={() => setOpen(null)}
      />
      <DetailsDialog
        call={open?.kind === "details" ? open.call : null}
        timeZone={timeZone}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}

function LoadingRows() {
  return (
    <div role="status" aria-label="Loading calls" className="grid gap-3 py-2">
      {Array.from({ length: Math.min(HISTORY_PAGE_SIZE, 4) }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-16 animate-pulse rounded-md bg-muted" />
      ))}
      <span className="sr-only">Loading calls...</span>
    </div>
  );
}
