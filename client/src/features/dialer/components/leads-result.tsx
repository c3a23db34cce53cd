import type { LeadsAddResult } from "@common/dialer";
import { plural } from "../labels";

/** What adding or importing did: counts, then each rejected line ("Line 3: ...", as the server words it). */
export function LeadsResultSummary({ result }: { result: LeadsAddResult }) {
  return (
    <section aria-label="Leads added" className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
      <p className="font-medium" data-testid="leads-result">
        {plural(result.added, "lead")} added
        {result.duplicates ? `, ${plural(result.duplicates, "duplicate")} skipped` : ""}
        {result.doNotCall ? `, ${plural(result.doNotCall, "do-not-call number")} kept but not dialled` : ""}.
        The campaign has {plural(result.totalLeads, "lead")}.
      </p>
      {result.rejected.length ? (
        <div className="grid gap-1">
          <p className="font-medium text-destructive">
            {plural(result.rejected.length, "line")} not added (left in the box to correct):
          </p>
          <ul className="grid max-h-40 gap-0.5 overflow-y-auto text-destructive" aria-label="Rejected lines">
            {result.rejected.slice(0, 100).map((reject) => (
              <li key={`${reject.line}-${reject.contactId ?? ""}`} className="wrap-anywhere">
                {reject.message}
              </li>
            ))}
          </ul>
          {result.rejected.length > 100 ? (
            <p className="text-muted-foreground">
              ...and {plural(result.rejected.length - 100, "more line")}.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
