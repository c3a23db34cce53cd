import { useQueryClient } from "@tanstack/react-query";
import { Loader2, Undo2, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Progress } from "../../../components/ui/progress";
import { useCancelJob } from "../../../lib/shared-api/get-job";
import { toast, toastError } from "../../../lib/toast";
import { isRunning, useLastBulk, useUndoBulk } from "../api/bulk";
import { CONTACTS_URL } from "../api/get-contacts";

/**
 * The workspace's last bulk action: while it (or its undo) runs, a progress bar with how many of
 * how many and a way to stop it; once done, what it did and Undo. Closing it hides that action
 * here (undo stays possible until the next one).
 */
export function BulkStatus() {
  const queryClient = useQueryClient();
  const { data: action } = useLastBulk();
  const undo = useUndoBulk();
  const cancel = useCancelJob();
  const [hidden, setHidden] = useState<string | null>(null);
  const running = isRunning(action);

  // When a job finishes, every list and count shows its effect.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] });
    wasRunning.current = running;
  }, [running, queryClient]);

  if (!action || (hidden === action.id && !running)) return null;
  if (!running && !action.undoable && action.status !== "undone") return null;

  const undoing = action.status === "undoing";
  const total = undoing ? action.changed : action.total;
  const done = undoing ? action.restored + action.kept : action.done;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const jobId = undoing ? action.undoJobId : action.jobId;

  return (
    <section
      aria-label="Last bulk action"
      className="grid gap-2 rounded-md border border-primary/30 bg-primary/5 p-3"
      data-testid="bulk-status"
    >
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 text-sm" aria-live="polite">
          {running ? <Loader2 className="mr-1.5 inline size-4 animate-spin" aria-hidden /> : null}
          {action.message}
        </p>
        {!running ? (
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1.5 -mr-1.5 size-8 shrink-0"
            aria-label="Hide this notice"
            onClick={() => setHidden(action.id)}
          >
            <X aria-hidden />
          </Button>
        ) : null}
      </div>
      {(running && jobId) || (!running && action.undoable) ? (
        <div className="flex flex-wrap gap-2">
          {running && jobId ? (
            <Button
              variant="outline"
              size="sm"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(jobId, {
                  onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
                  onError: (error) => toastError("Could not stop it", "The job could not be stopped", error),
                })
              }
            >
              Stop
            </Button>
          ) : null}
          {!running && action.undoable ? (
            <Button
              variant="outline"
              size="sm"
              disabled={undo.isPending}
              onClick={() =>
                undo.mutate(action.id, {
                  onSuccess: (result) =>
                    toast({
                      title: result.status === "undone" ? "Undone" : "Undoing",
                      description: result.message,
                    }),
                  onError: (error) => toastError("Undo failed", "The bulk action could not be undone", error),
                })
              }
            >
              <Undo2 aria-hidden />
              {undo.isPending ? "Undoing..." : `Undo ${action.label.toLowerCase()}`}
            </Button>
          ) : null}
        </div>
      ) : null}
      {running ? (
        <div className="grid gap-1">
          <Progress value={percent} aria-label={undoing ? "Undo progress" : "Bulk action progress"} />
          <p className="text-xs text-muted-foreground">
            {done.toLocaleString()} of {total.toLocaleString()} contacts ({percent}%)
          </p>
        </div>
      ) : null}
    </section>
  );
}
