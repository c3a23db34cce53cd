import {
  type Appointment,
  AppointmentOverlap,
  type AppointmentStatus,
  DEFAULT_APPOINTMENT_MINUTES,
  MIN_APPOINTMENT_MINUTES,
  MISSING_INFORMATION,
  START_IN_PAST,
} from "@common/appointments";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useCreateAppointment } from "../api/create-appointment";
import { useUpdateAppointment } from "../api/update-appointment";
import {
  addMinutes,
  durationProblem,
  fromFormParts,
  minutesBetween,
  overlapText,
  parseDuration,
  startsInPast,
  toFormParts,
} from "../appointment-time";

const WHEN_ERROR_ID = "appointment-when-error";
type FieldProps = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };

type FormState = {
  title: string;
  description: string;
  date: string;
  time: string;
  duration: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  status: AppointmentStatus;
};

function initialState(appointment: Appointment | null, timeZone: string): FormState {
  if (!appointment) {
    return {
      title: "",
      description: "",
      date: "",
      time: "",
      duration: String(DEFAULT_APPOINTMENT_MINUTES),
      clientName: "",
      clientEmail: "",
      clientPhone: "",
      status: "scheduled",
    };
  }
  const { date, time } = toFormParts(appointment.startTime, timeZone);
  return {
    title: appointment.title,
    description: appointment.description ?? "",
    date,
    time,
    duration: String(minutesBetween(appointment.startTime, appointment.endTime)),
    clientName: appointment.attendeeName ?? "",
    clientEmail: appointment.attendeeEmail ?? "",
    clientPhone: appointment.attendeePhone ?? "",
    status: appointment.status,
  };
}

/**
 * "Create New Appointment", and the same form prefilled to edit one.
 * Date and Time are in the account's time zone; the end is the start plus the duration.
 */
export function AppointmentDialog({
  open,
  onOpenChange,
  appointment,
  timeZone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null creates a new appointment. */
  appointment: Appointment | null;
  timeZone: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Remounted on each opening so the fields start fresh or from the appointment. */}
        {open ? (
          <AppointmentForm
            key={appointment?.id ?? "new"}
            appointment={appointment}
            timeZone={timeZone}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AppointmentForm({
  appointment,
  timeZone,
  onDone,
}: {
  appointment: Appointment | null;
  timeZone: string;
  onDone: () => void;
}) {
  const [form, setForm] = useState<FormState>(() => initialState(appointment, timeZone));
  /** The server's overlap answer, shown with "Book anyway" until the time changes. */
  const [overlap, setOverlap] = useState<string | null>(null);
  /** Why the date and time cannot be used, shown under them. */
  const [whenError, setWhenError] = useState<string | null>(null);
  const create = useCreateAppointment();
  const update = useUpdateAppointment();
  const editing = appointment !== null;
  const pending = editing ? update.isPending : create.isPending;
  const set =
    (key: keyof FormState) =>
    (event: { target: { value: string } }): void => {
      setForm((current) => ({ ...current, [key]: event.target.value }));
      // A new time (or status) is a new question: the old answers no longer apply.
      if (key === "date" || key === "time" || key === "duration" || key === "status") {
        setOverlap(null);
        setWhenError(null);
      }
    };

  /** Handles what the server refused: an overlap is asked about, a past time is shown by the fields. */
  const refused = (error: unknown, fallback: string) => {
    const body = (error as { body?: unknown }).body;
    const clash = AppointmentOverlap.safeParse(body);
    if (clash.success) {
      setOverlap(overlapText(clash.data.overlaps, timeZone));
      return;
    }
    if (serverMessage(error) === START_IN_PAST) {
      setWhenError(START_IN_PAST);
      return;
    }
    toastError("Error", fallback, error);
  };

  const send = (allowOverlap: boolean) => {
    if (pending) return;
    const start = fromFormParts(form.date, form.time, timeZone);
    if (!form.title.trim() || !start) {
      toast({ title: "Missing Information", description: MISSING_INFORMATION, variant: "destructive" });
      return;
    }
    const minutes = parseDuration(form.duration);
    const problem = durationProblem(minutes);
    if (problem) {
      toast({ title: "Invalid Duration", description: problem, variant: "destructive" });
      return;
    }
    const fields = {
      title: form.title.trim(),
      description: form.description.trim() || null,
      startTime: start.toISOString(),
      endTime: addMinutes(start, minutes).toISOString(),
      attendeeName: form.clientName.trim() || null,
      attendeeEmail: form.clientEmail.trim() || null,
      attendeePhone: form.clientPhone.trim() || null,
    };
    // The server's rule: a scheduled appointment being booked or moved may not start in the past.
    const booking =
      form.status === "scheduled" &&
      (!editing ||
        appointment.status !== "scheduled" ||
        fields.startTime !== new Date(appointment.startTime).toISOString() ||
        fields.endTime !== new Date(appointment.endTime).toISOString());
    if (booking && startsInPast(start, new Date())) {
      setWhenError(START_IN_PAST);
      return;
    }
    if (editing) {
      update.mutate(
        { id: appointment.id, change: { ...fields, status: form.status, allowOverlap } },
        {
          onSuccess: () => {
            toast({ title: "Appointment Updated", description: "Your changes have been saved." });
            onDone();
          },
          onError: (error) => refused(error, "Failed to update appointment"),
        },
      );
    } else {
      create.mutate(
        { ...fields, status: "scheduled", allowOverlap },
        {
          onSuccess: () => {
            toast({
              title: "Appointment Created",
              description: "New appointment has been scheduled successfully.",
            });
            onDone();
          },
          onError: (error) => refused(error, "Failed to create appointment"),
        },
      );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  /** Date and Time point at the message under them when they cannot be used. */
  const whenProps = (props: FieldProps): FieldProps =>
    whenError ? { ...props, "aria-invalid": true, "aria-describedby": WHEN_ERROR_ID } : props;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? "Edit Appointment" : "Create New Appointment"}</DialogTitle>
        <DialogDescription>
          Date and time are in your account's time zone ({timeZone.replaceAll("_", " ")}).
        </DialogDescription>
      </DialogHeader>

      <Field label="Title *">
        {(props) => (
          <Input
            {...props}
            value={form.title}
            onChange={set("title")}
            placeholder="Meeting title"
            aria-required
            maxLength={200}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Description">
        {(props) => (
          <Textarea
            {...props}
            value={form.description}
            onChange={set("description")}
            placeholder="Meeting description"
            rows={3}
            maxLength={2000}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Date *">
          {(props) => (
            <Input {...whenProps(props)} type="date" value={form.date} onChange={set("date")} aria-required />
          )}
        </Field>
        <Field label="Time *">
          {(props) => (
            <Input {...whenProps(props)} type="time" value={form.time} onChange={set("time")} aria-required />
          )}
        </Field>
        <Field label="Duration (minutes)">
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              min={MIN_APPOINTMENT_MINUTES}
              step={15}
              value={form.duration}
              onChange={set("duration")}
            />
          )}
        </Field>
      </div>
      {whenError ? (
        <p id={WHEN_ERROR_ID} role="alert" className="-mt-2 text-sm text-destructive">
          {whenError}
        </p>
      ) : null}
      <Field label="Client Name">
        {(props) => (
          <Input
            {...props}
            value={form.clientName}
            onChange={set("clientName")}
            placeholder="Client's full name"
            autoComplete="off"
            maxLength={120}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Client Email">
          {(props) => (
            <Input
              {...props}
              type="email"
              value={form.clientEmail}
              onChange={set("clientEmail")}
              placeholder="client@example.com"
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Client Phone">
          {(props) => (
            <Input
              {...props}
              type="tel"
              value={form.clientPhone}
              onChange={set("clientPhone")}
              placeholder="(555) 123-4567"
              autoComplete="off"
              maxLength={40}
            />
          )}
        </Field>
      </div>
      {editing ? (
        <Field label="Status">
          {(props) => (
            <NativeSelect {...props} value={form.status} onChange={set("status")}>
              <option value="scheduled">Scheduled</option>
              <option value="completed">Completed</option>
              <option value="cancelled">Cancelled</option>
            </NativeSelect>
          )}
        </Field>
      ) : null}

      {overlap ? (
        <div
          role="alert"
          className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="flex items-start gap-2">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{overlap}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={() => send(true)} disabled={pending}>
              {editing ? "Save anyway" : "Book anyway"}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setOverlap(null)}>
              Choose another time
            </Button>
          </div>
        </div>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {editing
            ? pending
              ? "Saving..."
              : "Save Changes"
            : pending
              ? "Creating..."
              : "Create Appointment"}
        </Button>
      </DialogFooter>
    </form>
  );
}
