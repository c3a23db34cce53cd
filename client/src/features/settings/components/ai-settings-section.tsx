import {
  type AiSettings,
  type AiSettingsUpdate,
  APPOINTMENT_DURATIONS,
  DAY_LABELS,
  DAYS_REQUIRED,
  GREETING_MAX,
  HOURS_ORDER_MESSAGE,
  PERSONALITIES,
  SETTINGS_FAILED,
  WORKING_DAYS,
} from "@common/ai-settings";
import { humanize } from "@common/auth";
import { Bot } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { RoleNote } from "../../../components/forms/role-note";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Switch } from "../../../components/ui/switch";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { toast, toastError } from "../../../lib/toast";
import { useAiSettings } from "../api/get-ai-settings";
import { useUpdateAiSettings } from "../api/update-ai-settings";
import { BusinessHoursField, CustomInstructionsField, DisclosureField } from "./assistant-instructions";

function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * The assistant's settings. Each control saves as it changes (text when it
 * loses focus); the next call, and the next turn of a call in progress, use the new values.
 */
const AI_SETTINGS_ROLE_NOTE =
  "Only a workspace admin or owner can change the assistant's settings. You can see them here.";

export function AiSettingsSection({ hasCellphone }: { hasCellphone: boolean }) {
  const settings = useAiSettings();
  const save = useUpdateAiSettings();
  const manage = useWorkspace().can("admin");
  const data = settings.data;

  const change = (update: AiSettingsUpdate, saved: string) =>
    save.mutate(update, {
      onSuccess: () => toast({ title: "Settings Updated", description: saved }),
      onError: (error) => toastError("Error", SETTINGS_FAILED, error),
    });
  /** The same as a promise, for fields that show a refusal themselves (no failure toast then). */
  const changeAndWait =
    (toastFailure: boolean) =>
    async (update: AiSettingsUpdate, saved: string): Promise<void> => {
      try {
        await save.mutateAsync(update);
        toast({ title: "Settings Updated", description: saved });
      } catch (error) {
        if (toastFailure) toastError("Error", SETTINGS_FAILED, error);
        throw error;
      }
    };

  // While a save is in flight the controls show the value being saved.
  const pending = save.isPending ? (save.variables ?? {}) : {};
  const view = data ? { ...data, ...(pending as Partial<AiSettings>) } : null;

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold leading-none tracking-tight">
          <Bot className="size-5" aria-hidden />
          AI Assistant
        </h2>
        <CardDescription>How your assistant answers. Changes apply to the next call.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : settings.isError || !view ? (
          <p role="alert" className="text-sm text-destructive">
            Your assistant's settings could not be loaded.
          </p>
        ) : (
          // A member below admin sees the settings, disabled: the server refuses their changes.
          <fieldset disabled={!manage} className="grid min-w-0 gap-6">
            {manage ? null : <RoleNote least="admin">{AI_SETTINGS_ROLE_NOTE}</RoleNote>}
            <div className="grid gap-4 md:grid-cols-2">
              <Field label="Personality" hint="How the assistant phrases things.">
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={view.personality}
                    onChange={(event) => {
                      const personality = event.target.value as AiSettings["personality"];
                      change({ personality }, `Personality: ${personality}.`);
                    }}
                  >
                    {PERSONALITIES.map((p) => (
                      <option key={p} value={p}>
                        {humanize(p)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field label="Appointment Duration" hint="How long the appointments your assistant books are.">
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={view.appointmentDuration}
                    onChange={(event) => {
                      const minutes = Number(event.target.value) as AiSettingsUpdate["appointmentDuration"];
                      change({ appointmentDuration: minutes }, `Appointment duration: ${minutes} minutes.`);
                    }}
                  >
                    {APPOINTMENT_DURATIONS.map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {minutes} minutes
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
            </div>

            <GreetingField
              saved={data?.greetingMessage ?? ""}
              onSave={(greetingMessage) => change({ greetingMessage }, "Greeting message saved.")}
            />

            <CustomInstructionsField saved={data?.customInstructions ?? ""} onSave={changeAndWait(false)} />

            <DisclosureField value={view.aiDisclosure} onSave={changeAndWait(true)} />

            <div className="grid gap-3">
              <Toggle
                label="Auto-block spam"
                description="End calls the assistant recognises as spam or scams."
                checked={view.autoBlockSpam}
                onChange={(on) => change({ autoBlockSpam: on }, `Auto-block spam ${on ? "on" : "off"}.`)}
              />
              <Toggle
                label="Allow appointments"
                description="Let callers book a time in your working hours."
                checked={view.allowAppointments}
                onChange={(on) =>
                  change({ allowAppointments: on }, `Appointments ${on ? "allowed" : "turned off"}.`)
                }
              />
              <Toggle
                label="Forward urgent calls"
                description={
                  hasCellphone
                    ? "Put urgent callers through to your cellphone."
                    : "Put urgent callers through to your cellphone. Add your cellphone number above first."
                }
                checked={view.forwardUrgent}
                onChange={(on) => change({ forwardUrgent: on }, `Urgent forwarding ${on ? "on" : "off"}.`)}
              />
            </div>

            <BusinessHoursField
              saved={data?.businessHours ?? ""}
              reading={data?.businessHoursReading ?? null}
              onSave={changeAndWait(true)}
            />

            <WorkingHours
              saved={data?.workingHours ?? view.workingHours}
              onSave={(workingHours, saved) => change({ workingHours }, saved)}
            />

            <Field label="Time Zone" hint="Working hours, bookings and monthly usage follow it.">
              {(props) => (
                <NativeSelect
                  {...props}
                  value={view.timezone}
                  onChange={(event) =>
                    change({ timezone: event.target.value }, `Time zone: ${event.target.value}.`)
                  }
                >
                  {timeZones(view.timezone).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll("_", " ")}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}

function Toggle({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-description`} />
    </div>
  );
}

function GreetingField({ saved, onSave }: { saved: string; onSave: (greeting: string) => void }) {
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  return (
    <Field label="Greeting Message" hint="What callers hear first. Saved when you leave the field.">
      {(props) => (
        <Textarea
          {...props}
          rows={3}
          maxLength={GREETING_MAX}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => {
            if (value.trim() !== saved.trim()) onSave(value);
          }}
        />
      )}
    </Field>
  );
}

function WorkingHours({
  saved,
  onSave,
}: {
  saved: AiSettings["workingHours"];
  onSave: (hours: AiSettings["workingHours"], description: string) => void;
}) {
  const [start, setStart] = useState(saved.start);
  const [end, setEnd] = useState(saved.end);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setStart(saved.start);
    setEnd(saved.end);
  }, [saved.start, saved.end]);
  const days = useMemo(() => new Set(saved.days), [saved.days]);

  const saveTimes = () => {
    if (start === saved.start && end === saved.end) return setError(null);
    if (!start || !end || start >= end) return setError(HOURS_ORDER_MESSAGE);
    setError(null);
    onSave({ ...saved, start, end }, `Working hours: ${start} to ${end}.`);
  };

  const toggleDay = (day: number, on: boolean) => {
    const next = on ? [...days, day] : [...days].filter((d) => d !== day);
    if (next.length === 0) return setError(DAYS_REQUIRED);
    setError(null);
    // A day taken out of the working days takes its own hours with it.
    const dayHours = saved.dayHours?.filter((entry) => next.includes(entry.day));
    onSave(
      {
        start: saved.start,
        end: saved.end,
        days: next.sort((a, b) => a - b),
        ...(dayHours ? { dayHours } : {}),
      },
      `${DAY_LABELS[day]} ${on ? "added to" : "removed from"} working days.`,
    );
  };

  const keepUsualHours = (day: number) =>
    onSave(
      { ...saved, dayHours: saved.dayHours?.filter((entry) => entry.day !== day) ?? [] },
      `${DAY_LABELS[day]} keeps the usual hours.`,
    );

  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Working Hours</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Start">
          {(props) => (
            <Input
              {...props}
              type="time"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              onBlur={saveTimes}
            />
          )}
        </Field>
        <Field label="End" error={error === HOURS_ORDER_MESSAGE ? error : undefined}>
          {(props) => (
            <Input
              {...props}
              type="time"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              onBlur={saveTimes}
            />
          )}
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Days</legend>
        <div className="flex flex-wrap gap-3">
          {WORKING_DAYS.map((day) => (
            <DayBox key={day} day={day} checked={days.has(day)} onChange={(on) => toggleDay(day, on)} />
          ))}
        </div>
        {error === DAYS_REQUIRED ? (
          <p role="alert" className="text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </fieldset>
      {saved.dayHours?.length ? (
        <div className="grid gap-2">
          <p className="text-sm font-medium">Days with their own hours</p>
          <ul className="grid gap-1.5">
            {saved.dayHours.map((entry) => (
              <li key={entry.day} className="flex items-center justify-between gap-3 text-sm">
                <span>
                  {DAY_LABELS[entry.day]}: {entry.start} to {entry.end}
                </span>
                <Button type="button" variant="outline" size="sm" onClick={() => keepUsualHours(entry.day)}>
                  Use usual hours
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            Start and End above are the hours of the other days.
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}

function DayBox({
  day,
  checked,
  onChange,
}: {
  day: number;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <Checkbox id={id} checked={checked} onCheckedChange={(state) => onChange(state === true)} />
      <Label htmlFor={id} className="font-normal">
        {DAY_LABELS[day]}
      </Label>
    </div>
  );
}
