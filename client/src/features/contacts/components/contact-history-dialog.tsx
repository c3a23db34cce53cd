import type { ContactCall } from "@common/calls";
import type { Contact } from "@common/contacts";
import {
  CalendarCheck,
  CalendarClock,
  ChevronLeft,
  ChevronRight,
  Clock,
  PhoneIncoming,
  PhoneOutgoing,
  RefreshCw,
} from "lucide-react";
import { useEffect, useState } from "react";
import { OutcomeBadge } from "../../../components/outcome-badge";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { useUser } from "../../../lib/auth/use-user";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { useContactCalls } from "../api/get-contact-calls";

/** When a call happened, and a call back or appointment's time: the day as people say it. */
const WHEN = "EEE, MMM d, yyyy h:mm a";

/**
 * A contact's history: every call to and from them, newest first, each with what it came to
 * (booked, call back, do not call, ...), when, how long it really lasted, and the call back or
 * appointment it made; the call back the contact is due comes first.
 */
export function ContactHistoryDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  // Another contact's history starts at its first page.
  const contactId = contact?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the contact is the dependency
  useEffect(() => setPage(1), [contactId]);
  const history = useContactCalls(contactId, page);
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const data = history.data?.contact.id === contactId ? history.data : undefined;

  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Call history</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {contact ? [contact.name, contact.phoneNumber].filter(Boolean).join(" · ") : null}
          </DialogDescription>
        </DialogHeader>
        {data?.contact.scheduledCallback ? (
          <p
            className="flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="scheduled-callback"
          >
            <CalendarClock className="size-4 shrink-0" aria-hidden />
            <span>
              Call back due <strong>{formatDateTime(data.contact.scheduledCallback, timeZone, WHEN)}</strong>
            </span>
          </p>
        ) : null}
        <div aria-busy={history.isFetching} className="grid gap-3">
          {history.isPending || (!data && !history.isError) ? (
            <div role="status" aria-label="Loading calls" className="grid gap-2">
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-14 animate-pulse rounded-md bg-muted" />
              ))}
            </div>
          ) : !data ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
              <p className="font-semibold">The calls could not be loaded.</p>
              <Button variant="outline" size="sm" onClick={() => history.refetch()}>
                <RefreshCw aria-hidden /> Try again
              </Button>
            </div>
          ) : data.calls.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              No calls with {data.contact.name} yet.
            </p>
          ) : (
            <>
              <ul
                aria-label={`Calls with ${data.contact.name}`}
                className={history.isPlaceholderData ? "divide-y opacity-60" : "divide-y"}
              >
                {data.calls.map((call) => (
                  <HistoryRow key={call.id} call={call} timeZone={timeZone} />
                ))}
              </ul>
              {data.pagination.totalPages > 1 ? (
                <nav
                  aria-label="Call history pages"
                  className="flex items-center justify-between gap-3 border-t pt-3 text-sm"
                >
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!data.pagination.hasPrev}
                    onClick={() => setPage(page - 1)}
                  >
                    <ChevronLeft aria-hidden /> Previous
                  </Button>
                  <span className="tabular-nums text-muted-foreground">
                    Page {data.pagination.page} of {data.pagination.totalPages}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!data.pagination.hasNext}
                    onClick={() => setPage(page + 1)}
                  >
                    Next <ChevronRight aria-hidden />
                  </Button>
                </nav>
              ) : null}
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function HistoryRow({ call, timeZone }: { call: ContactCall; timeZone: string }) {
  const Direction = call.direction === "outbound" ? PhoneOutgoing : PhoneIncoming;
  return (
    <li className="grid gap-1.5 py-3" data-testid="contact-call">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
          <Direction className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="sr-only">
            {call.direction === "outbound" ? "Outgoing call" : "Incoming call"},{" "}
          </span>
          <time dateTime={call.startTime}>{formatDateTime(call.startTime, timeZone, WHEN)}</time>
        </p>
        <span className="inline-flex items-center gap-1 text-sm tabular-nums">
          <Clock className="size-4 text-muted-foreground" aria-hidden />
          <span className="sr-only">Duration</span>
          <span data-testid="contact-call-duration">
            {call.isActive ? "In progress" : formatDuration(call.duration)}
          </span>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-6 text-sm">
        {call.disposition ? (
          <OutcomeBadge value={call.disposition} />
        ) : (
          <Badge variant="outline" className="font-normal text-muted-foreground">
            {call.isActive ? "Not settled yet" : "No outcome"}
          </Badge>
        )}
        {call.isTest ? (
          <Badge variant="outline" className="border-dashed">
            Test call
          </Badge>
        ) : call.simulated ? (
          <Badge variant="outline" title="The built-in carrier simulator carried this call">
            Simulated
          </Badge>
        ) : null}
        {call.callbackAt ? (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <CalendarClock className="size-4" aria-hidden />
            Call back {formatDateTime(call.callbackAt, timeZone, WHEN)}
          </span>
        ) : null}
        {call.bookedAppointment ? (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <CalendarCheck className="size-4" aria-hidden />
            Appointment {formatDateTime(call.bookedAppointment.startTime, timeZone, WHEN)}
          </span>
        ) : null}
      </div>
      {call.summary || call.actionTaken ? (
        <p className="pl-6 text-sm text-muted-foreground wrap-anywhere">{call.summary || call.actionTaken}</p>
      ) : null}
    </li>
  );
}
