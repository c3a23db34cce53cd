import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button";

/** "Page 2 of 7 (160 users)" with Previous and Next, for a server-paged list. */
export function Pager({
  page,
  limit,
  total,
  noun,
  onPage,
  busy = false,
}: {
  page: number;
  limit: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav aria-label={`${noun} pages`} className="flex flex-wrap items-center justify-between gap-2 pt-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {Math.min(page, pages)} of {pages} ({total.toLocaleString("en-US")} {noun})
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Button variant="outline" size="sm" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
