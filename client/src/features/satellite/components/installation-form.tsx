import { TIME_SLOTS, type TimeSlotId } from "@common/satellite";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { useAvailability } from "../api/get-availability";

export type InstallationValues = {
  preferredDate: string;
  timeSlot: TimeSlotId | "";
  address: string;
  phoneNumber: string;
  specialInstructions: string;
};

/**
 * Installation scheduling: a date from two days out (the server's earliest day, in the
 * workspace's zone); the time slots appear only once a date is chosen, full ones disabled.
 */
export function InstallationForm({
  values,
  onChange,
}: {
  values: InstallationValues;
  onChange: (change: Partial<InstallationValues>) => void;
}) {
  const earliest = useAvailability("");
  const day = useAvailability(values.preferredDate);
  const remaining = new Map(day.data?.slots.map((slot) => [slot.id, slot.remaining]) ?? []);
  return (
    <div className="grid gap-4">
      <Field
        label="Preferred installation date"
        hint={
          earliest.data
            ? `The earliest date is ${earliest.data.earliestDate} (at least 2 days from today)`
            : undefined
        }
      >
        {(props) => (
          <Input
            {...props}
            type="date"
            min={earliest.data?.earliestDate}
            value={values.preferredDate}
            onChange={(event) => onChange({ preferredDate: event.target.value, timeSlot: "" })}
          />
        )}
      </Field>
      {values.preferredDate ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Time slot</legend>
          <div className="grid grid-cols-2 gap-2">
            {TIME_SLOTS.map((slot) => {
              const left = remaining.get(slot.id);
              const full = day.data !== undefined && left === 0;
              const chosen = values.timeSlot === slot.id;
              return (
                <button
                  key={slot.id}
                  type="button"
                  aria-pressed={chosen}
                  disabled={full}
                  onClick={() => onChange({ timeSlot: slot.id })}
                  className={cn(
                    "rounded-md border px-3 py-2 text-left text-sm disabled:cursor-not-allowed disabled:opacity-50",
                    chosen
                      ? "border-primary bg-primary/5 ring-2 ring-primary"
                      : "border-border hover:bg-muted/50",
                  )}
                >
                  <span className="block font-medium">{slot.label}</span>
                  <span className="block text-xs text-muted-foreground">
                    {day.isLoading
                      ? "Checking..."
                      : full
                        ? "Fully booked"
                        : left !== undefined
                          ? `${left} left`
                          : ""}
                  </span>
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-muted-foreground">Choose a date to see the available time slots.</p>
      )}
      <Field label="Installation address">
        {(props) => (
          <Input
            {...props}
            autoComplete="street-address"
            value={values.address}
            maxLength={300}
            onChange={(event) => onChange({ address: event.target.value })}
          />
        )}
      </Field>
      <Field label="Phone number">
        {(props) => (
          <Input
            {...props}
            type="tel"
            autoComplete="tel"
            value={values.phoneNumber}
            maxLength={40}
            onChange={(event) => onChange({ phoneNumber: event.target.value })}
          />
        )}
      </Field>
      <Field label="Special instructions (optional)">
        {(props) => (
          <Textarea
            {...props}
            rows={3}
            maxLength={1000}
            value={values.specialInstructions}
            onChange={(event) => onChange({ specialInstructions: event.target.value })}
          />
        )}
      </Field>
    </div>
  );
}
