import { CALL_STATUSES, CLASSIFICATIONS } from "@common/calls";
import { Search } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { formatDuration } from "../../../lib/format";
import { useAdminCalls } from "../api/get-admin-data";
import { formatMoney, formatWhen } from "../format";
import { FETCH_FAILED } from "../messages";
import { useDebounced } from "../use-debounced";
import { useFailureToast } from "../use-failure-toast";
import { Pager } from "./pager";

const PAGE_SIZE = 25;
const words = (value: string) => value.replace(/_/g, " ");

/**
 * Calls: every workspace's calls (system call), newest first, paged and
 * filtered on the server; the cost is the duration in started minutes at the plan's rate.
 */
export function CallsTab({ timeZone }: { timeZone: string }) {
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const [classification, setClassification] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const calls = useAdminCalls({
    page,
    limit: PAGE_SIZE,
    search: search || undefined,
    classification: classification || undefined,
    status: status || undefined,
  });
  useFailureToast(calls.isError, FETCH_FAILED.calls, calls.errorUpdatedAt);
  const rows = calls.data?.calls ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calls</CardTitle>
        <CardDescription>
          Calls across every workspace, with what each cost at its plan's rate.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]">
          <div className="relative">
            <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              aria-label="Search calls"
              placeholder="Search by phone number"
              className="pl-8"
              maxLength={100}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.target.value);
                setPage(1);
              }}
            />
          </div>
          <NativeSelect
            aria-label="Classification"
            value={classification}
            onChange={(event) => {
              setClassification(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All classifications</option>
            {CLASSIFICATIONS.map((value) => (
              <option key={value} value={value} className="capitalize">
                {value}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label="Call status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {CALL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {words(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {calls.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {FETCH_FAILED.calls}
          </p>
        ) : !calls.data ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading calls...
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {search || classification || status
              ? "No calls match these filters."
              : "No calls on the platform yet."}
          </p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
          <section className="overflow-x-auto" aria-label="Calls, scrollable" tabIndex={0}>
            <table className="w-full text-sm" aria-label="Calls">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th className="py-2 pr-3 font-medium">Time</th>
                  <th className="py-2 pr-3 font-medium">Phone number</th>
                  <th className="py-2 pr-3 font-medium">User</th>
                  <th className="py-2 pr-3 font-medium">Classification</th>
                  <th className="py-2 pr-3 font-medium">Duration</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 font-medium">Cost</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((call) => (
                  <tr key={call.id} className="border-b last:border-0">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(call.timestamp, timeZone)}</td>
                    <td className="py-2 pr-3 font-mono">{call.phoneNumber}</td>
                    <td className="py-2 pr-3 font-mono text-xs" title={call.userId ?? undefined}>
                      {call.userId ? call.userId.slice(0, 8) : "-"}
                    </td>
                    <td className="py-2 pr-3 capitalize">{call.classification ?? "-"}</td>
                    <td className="py-2 pr-3 font-mono">{formatDuration(call.duration)}</td>
                    <td className="py-2 pr-3">
                      <span className="flex flex-wrap gap-1">
                        <Badge variant={call.status === "completed" ? "success" : "secondary"}>
                          {words(call.status)}
                        </Badge>
                        {call.simulated ? (
                          <Badge
                            variant="outline"
                            title="The built-in carrier simulator carried this call"
                            data-testid="admin-simulated-call"
                          >
                            Simulated
                          </Badge>
                        ) : null}
                      </span>
                    </td>
                    <td className="py-2">{formatMoney(call.cost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {calls.data ? (
          <Pager
            page={page}
            limit={PAGE_SIZE}
            total={calls.data.total}
            noun="calls"
            busy={calls.isFetching}
            onPage={setPage}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
