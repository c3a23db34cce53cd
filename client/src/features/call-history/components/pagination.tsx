import type { CallListResponse } from "@common/calls";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button";

type Pagination = CallListResponse["pagination"];

/** "Showing X to Y of Z calls", Previous and Next, "Page N of M". */
export function HistoryPagination({
  pagination,
  onPage,
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
}) {
  const { page, limit, total, totalPages, hasPrev, hasNext, totalCapped } = pagination;
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return (
    <nav
      aria-label="Call history pages"
      className="flex flex-col items-center justify-between gap-3 border-t pt-4 sm:flex-row"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {/* A search or an outcome counts up to a cap: past it, the total reads "500+". */}
        Showing {from} to {to} of {total}
        {totalCapped ? "+" : ""} {total === 1 && !totalCapped ? "call" : "calls"}
      </p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={!hasPrev} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <span className="text-sm tabular-nums">
          Page {page} of {totalPages}
        </span>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
