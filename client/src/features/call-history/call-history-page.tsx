import type { Call } from "@common/calls";
import { Download, FlaskConical, History, RefreshCw, SearchX, Trash2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { RoleNote } from "../../components/forms/role-note";
import { HouseAd } from "../../components/house-ad";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { useUser } from "../../lib/auth/use-user";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { cn } from "../../lib/cn";
import { saveFile } from "../../lib/download";
import { useCallEvents } from "../../lib/shared-api/use-call-events";
import { toast, toastError } from "../../lib/toast";
import { useDeleteCall } from "./api/delete-call";
import { useDeleteCalls } from "./api/delete-calls";
import { useDeleteTestCalls } from "./api/delete-test-calls";
import { useExportCalls } from "./api/export-calls";
import { useCallHistory } from "./api/get-call-history";
import { CallRow } from "./components/call-row";
import { DetailsDialog } from "./components/details-dialog";
import { HistoryFilters } from "./components/history-filters";
import { HistoryPagination } from "./components/pagination";
import { SummaryCards } from "./components/summary-cards";
import { TranscriptDialog } from "./components/transcript-dialog";
import { HISTORY_PAGE_SIZE, type HistoryFilter, type HistoryOutcome } from "./history-query";
import { useHistoryParams } from "./use-history-params";

type Open = { kind: "transcript" | "details"; call: Call } | null;
/** What the user asked to delete, waiting for "Are you sure?". */
type Deleting =
  | { kind: "one"; call: Call }
  | { kind: "chosen"; ids: string[] }
  | { kind: "tests"; count: number };

const countCalls = (n: number) => (n === 1 ? "1 call" : `${n} calls`);
const countTestCalls = (n: number) => (n === 1 ? "1 test call" : `${n} test calls`);

/** Every screened call, searchable, with its transcript and analysis. */
export function CallHistoryPage() {
  useCallEvents();
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { params, sort, update } = useHistoryParams();
  const history = useCallHistory(params);
  const exporter = useExportCalls();
  // Exporting and deleting calls are an admin's (the server refuses an agent).
  const manage = useWorkspace().can("admin");
  const deleteOne = useDeleteCall();
  const deleteChosen = useDeleteCalls();
  const deleteTests = useDeleteTestCalls();
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const listTop = useRef<HTMLHeadingElement>(null);

  // A new page, filter, search or sort is a new list: nothing on it is chosen yet.
  const listKey = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's identity is the dependency
  useEffect(() => setChosen(new Set()), [listKey]);

  // A failed fetch says so once, not at every failed poll.
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
      {
        filter: params.filter,
        outcome: params.outcome,
        search: params.search,
        sortBy: params.sortBy,
        sortOrder: params.sortOrder,
        tests: params.tests,
      },
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
  const testCalls = data?.summary.testCalls ?? 0;
  const deletable = useMemo(() => calls.filter((call) => !call.isActive), [calls]);
  const allChosen = deletable.length > 0 && deletable.every((call) => chosen.has(call.id));
  const choose = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const done = (title: string, description: string) => {
      setDeleting(null);
      toast({ title, description });
    };
    const failed = (error: unknown) => {
      setDeleting(null);
      toastError("Delete Failed", "The calls could not be deleted", error);
    };
    if (deleting.kind === "one") {
      deleteOne.mutate(deleting.call.id, {
        onSuccess: () => {
          setOpen(null);
          done("Call Deleted", `The call from ${deleting.call.phoneNumber} was deleted.`);
        },
        onError: failed,
      });
    } else if (deleting.kind === "chosen") {
      deleteChosen.mutate(
        { ids: deleting.ids },
        {
          onSuccess: (result) => {
            setChosen(new Set());
            done("Calls Deleted", `${countCalls(result.deleted)} deleted.`);
          },
          onError: failed,
        },
      );
    } else {
      deleteTests.mutate(undefined, {
        onSuccess: (result) =>
          done(
            "Test Calls Deleted",
            `${countTestCalls(result.deleted)} deleted.${result.stillLive ? ` ${result.stillLive === 1 ? "1 is" : `${result.stillLive} are`} still in progress and kept until ${result.stillLive === 1 ? "it ends" : "they end"}.` : ""}`,
          ),
        onError: failed,
      });
    }
  };
  const deletePending = deleteOne.isPending || deleteChosen.isPending || deleteTests.isPending;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Call History</h1>
          <p className="text-sm text-muted-foreground">
            Every call your assistant screened, with its transcript and analysis.
          </p>
        </div>
        {manage ? (
          <Button onClick={exportCsv} disabled={exporter.isPending}>
            <Download aria-hidden /> {exporter.isPending ? "Exporting..." : "Export CSV"}
          </Button>
        ) : (
          <RoleNote least="admin" className="max-w-80">
            Only a workspace admin or owner can export or delete calls.
          </RoleNote>
        )}
      </div>

      <SummaryCards summary={data?.summary} />
      <HouseAd place="call-history" />

      {testCalls > 0 ? (
        <section
          aria-label="Test calls in this history"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-3 text-sm"
        >
          <p className="flex items-center gap-2">
            <FlaskConical className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span data-testid="test-calls-note">
              {params.tests === "hide"
                ? `${countTestCalls(testCalls)} from the system test and the voice demo ${testCalls === 1 ? "is" : "are"} hidden. No figure counts them.`
                : `${countTestCalls(testCalls)} from the system test and the voice demo. No figure counts them.`}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            {params.tests === "hide" ? (
              <Button size="sm" variant="outline" onClick={() => update({ tests: "show" })}>
                Show test calls
              </Button>
            ) : null}
            {manage ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setDeleting({ kind: "tests", count: testCalls })}
                disabled={deletePending}
              >
                <Trash2 aria-hidden /> Delete all test calls
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}

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
            outcome={params.outcome}
            sort={sort}
            tests={params.tests}
            onSearch={onSearch}
            onFilter={(filter: HistoryFilter) => update({ filter })}
            onOutcome={(outcome: HistoryOutcome) => update({ outcome })}
            onSort={(value) => update({ sort: value })}
            onTests={(tests) => update({ tests })}
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
                {params.search || params.filter !== "all" || params.outcome !== "all"
                  ? "Try another search, call type or outcome."
                  : params.tests === "only"
                    ? "There are no test calls."
                    : "Calls your assistant screens will show here."}
              </p>
            </div>
          ) : (
            <>
              <div
                className={cn(
                  "flex min-h-9 flex-wrap items-center justify-between gap-3 border-b pb-2 text-sm",
                  !manage && "hidden",
                )}
              >
                <div className="flex items-center gap-2">
                  <Checkbox
                    id="choose-all-calls"
                    checked={allChosen ? true : chosen.size > 0 ? "indeterminate" : false}
                    disabled={deletable.length === 0}
                    onCheckedChange={(checked) =>
                      setChosen(checked === true ? new Set(deletable.map((call) => call.id)) : new Set())
                    }
                  />
                  <label htmlFor="choose-all-calls" className="cursor-pointer">
                    {chosen.size ? `${countCalls(chosen.size)} chosen` : "Choose the calls on this page"}
                  </label>
                </div>
                {chosen.size ? (
                  <div className="flex gap-2">
                    <Button size="sm" variant="ghost" onClick={() => setChosen(new Set())}>
                      Clear
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={deletePending}
                      onClick={() => setDeleting({ kind: "chosen", ids: [...chosen] })}
                    >
                      <Trash2 aria-hidden /> Delete chosen
                    </Button>
                  </div>
                ) : null}
              </div>
              <ul
                aria-label="Calls"
                className={history.isPlaceholderData ? "divide-y opacity-60 transition-opacity" : "divide-y"}
              >
                {calls.map((call) => (
                  <CallRow
                    key={call.id}
                    call={call}
                    timeZone={timeZone}
                    selected={chosen.has(call.id)}
                    onSelect={manage ? (on) => choose(call.id, on) : null}
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
        onDelete={manage ? (call) => setDeleting({ kind: "one", call }) : null}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && !deletePending && setDeleting(null)}
        title={
          deleting?.kind === "one"
            ? "Delete this call?"
            : deleting?.kind === "chosen"
              ? `Delete ${countCalls(deleting.ids.length)}?`
              : `Delete ${countTestCalls(deleting?.count ?? 0)}?`
        }
        description={
          deleting?.kind === "tests"
            ? "Every ended call from the system test and the voice demo goes, with its transcript. Your real calls and your figures stay as they are."
            : "The call history loses them, with their transcripts and analysis. Appointments they booked stay. This cannot be undone."
        }
        keepLabel="Keep"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deletePending}
        onConfirm={confirmDelete}
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
