import type { Call } from "@common/calls";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { formatDateTime } from "../../../lib/format";
import { TranscriptLines } from "./transcript";

/** A call's transcript on its own. */
export function TranscriptDialog({
  call,
  timeZone,
  onClose,
}: {
  call: Call | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={call !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {call ? (
          <>
            <DialogHeader>
              <DialogTitle>Call Transcript</DialogTitle>
              <DialogDescription>
                {call.callerName || "Unknown Caller"} · {call.phoneNumber} ·{" "}
                {formatDateTime(call.startTime, timeZone, "MMM d, yyyy h:mm a")}
              </DialogDescription>
            </DialogHeader>
            <div className="max-h-[60dvh] overflow-y-auto rounded-md border p-3">
              <TranscriptLines transcript={call.transcript} />
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
