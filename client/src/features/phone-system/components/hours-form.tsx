import { type BusinessHoursDay, type BusinessNumberDetail, WEEKDAYS } from "@common/phone-system";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useSetHours } from "../api/mutations";

type Day = { open: boolean; opens: string; closes: string };

/** 9 AM - 5 PM, what a day ticked open starts with. */
const DEFAULT_DAY = { opens: "09:00", closes: "17:00" };

function week(hours: BusinessHoursDay[]): Day[] {
  return WEEKDAYS.map((_, weekday) => {
    const day = hours.find((h) => h.weekday === weekday);
    return day ? { open: true, opens: day.open, closes: day.close } : { open: false, ...DEFAULT_DAY };
  });
}

/**
 * A number's business hours, one row per weekday (in the workspace's time zone); a day not
 * ticked is closed, and a call then follows the after-hours rule. Saved as the whole week.
 */
export function HoursForm({ number, canManage }: { number: BusinessNumberDetail; canManage: boolean }) {
  const setHours = useSetHours();
  const [days, setDays] = useState(() => week(number.hours));
  const [problem, setProblem] = useState<string | null>(null);
  const change = (weekday: number, next: Partial<Day>) =>
    setDays((current) => current.map((day, i) => (i === weekday ? { ...day, ...next } : day)));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const hours = days.flatMap((day, weekday) =>
      day.open ? [{ weekday, open: day.opens, close: day.closes }] : [],
    );
    // Awaited (see NumberSettingsForm): the saved hours re-key this form, which would drop
    // mutate's own callbacks and with them the toast.
    try {
      await setHours.mutateAsync({ id: number.id, hours });
      toast({
        title: "Hours Saved",
        description: hours.length
          ? "Run Setup Call Routing to apply the new hours."
          : "Always closed: every call follows the after-hours rule once routing is set up.",
      });
    } catch (error) {
      setProblem(serverMessage(error) ?? "Failed to save the hours");
      toastError("Save Failed", "Failed to save the hours", error);
    }
  };

  return (
    <form onSubmit={save} className="grid gap-3" aria-label="Business hours">
      <p className="text-sm text-muted-foreground">
        Times are in the workspace's time zone ({number.timeZone}). Outside these hours calls{" "}
        {number.afterHours.action === "forward"
          ? `forward to ${number.afterHours.forwardTo ?? "the after-hours number"}`
          : "go to voicemail"}
        .
      </p>
      <fieldset disabled={!canManage} className="grid gap-2">
        <legend className="sr-only">Open days and hours</legend>
        {days.map((day, weekday) => {
          const name = WEEKDAYS[weekday] ?? "";
          const id = `${number.id}-day-${weekday}`;
          return (
            // The times wrap under the day when both do not fit whole on one line (a phone).
            <div key={name} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <div className="flex w-32 items-center gap-2">
                <Checkbox
                  id={id}
                  checked={day.open}
                  onCheckedChange={(on) => change(weekday, { open: on === true })}
                />
                <Label htmlFor={id}>{name}</Label>
              </div>
              {day.open ? (
                <div className="flex min-w-[16rem] flex-1 items-center gap-2">
                  <Input
                    type="time"
                    aria-label={`${name} opens`}
                    className="min-w-0"
                    value={day.opens}
                    onChange={(event) => change(weekday, { opens: event.target.value })}
                  />
                  <span aria-hidden>–</span>
                  <Input
                    type="time"
                    aria-label={`${name} closes`}
                    className="min-w-0"
                    value={day.closes}
                    onChange={(event) => change(weekday, { closes: event.target.value })}
                  />
                </div>
              ) : (
                <span className="text-sm text-muted-foreground">Closed</span>
              )}
            </div>
          );
        })}
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {canManage ? (
        <Button type="submit" className="justify-self-start" disabled={setHours.isPending}>
          {setHours.isPending ? "Saving..." : "Save Hours"}
        </Button>
      ) : null}
    </form>
  );
}
