import type { AdminUser } from "@common/admin";
import { DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION, KEEP_DATA_MAX_DAYS } from "@common/retention";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { serverMessage, toast } from "../../../lib/toast";
import { useKeepDataUntil } from "../api/admin-actions";
import { formatDay } from "../format";

const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Keep data: the day the person's ended workspace's data is deleted, and a day to keep it until
 * instead (or no longer). The server checks the day (after today, within KEEP_DATA_MAX_DAYS) and
 * audits the change.
 */
export function KeepDataDialog({
  user,
  timeZone,
  onOpenChange,
  onSaved,
}: {
  user: AdminUser | null;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const keep = useKeepDataUntil();
  const [day, setDay] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setDay(user?.keepDataUntil ?? "");
    setError(undefined);
  }, [user]);

  const save = (keepDataUntil: string | null) => {
    if (!user) return;
    if (keepDataUntil === "") {
      setError("Choose a day");
      return;
    }
    keep.mutate(
      { id: user.id, keepDataUntil },
      {
        onSuccess: (result) => {
          toast({ title: keepDataUntil ? "Data Kept" : "Extension Ended", description: result.message });
          onSaved();
          onOpenChange(false);
        },
        onError: (failure) => setError(serverMessage(failure) || "The day could not be saved"),
      },
    );
  };

  const today = new Date();
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keep {user?.username ?? "this user"}'s data</DialogTitle>
          <DialogDescription>
            {user?.dataDeletesAt
              ? `Their subscription ended: the workspace's data is deleted on ${formatDay(user.dataDeletesAt, timeZone)}.`
              : `Their subscription runs: the data is kept, and deleted ${DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION} days after it ends.`}{" "}
            Keep it until a later day instead; the owner is emailed again before that day.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          // The server's checks (and their words) apply, not the browser's tooltip for min and max.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save(day);
          }}
        >
          <Field
            label="Keep data until"
            error={error}
            hint={`A day after today, at most ${KEEP_DATA_MAX_DAYS} days ahead.`}
          >
            {(props) => (
              <Input
                {...props}
                type="date"
                value={day}
                min={isoDay(new Date(today.getTime() + DAY_MS))}
                max={isoDay(new Date(today.getTime() + KEEP_DATA_MAX_DAYS * DAY_MS))}
                onChange={(event) => {
                  setDay(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <DialogFooter className="gap-2">
            {user?.keepDataUntil ? (
              <Button type="button" variant="outline" disabled={keep.isPending} onClick={() => save(null)}>
                Stop Keeping
              </Button>
            ) : null}
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={keep.isPending}>
              {keep.isPending ? "Saving..." : "Keep Data"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
