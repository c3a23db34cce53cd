import {
  AI_DISCLOSURES,
  type AiDisclosure,
  type AiSettings,
  type AiSettingsUpdate,
  BUSINESS_HOURS_MAX,
  CUSTOM_INSTRUCTIONS_MAX,
  DAY_LABELS,
} from "@common/ai-settings";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { serverMessage } from "../../../lib/toast";

/** Saves a change; resolves when saved, rejects with the server's refusal. */
export type SaveSetting = (change: AiSettingsUpdate, saved: string) => Promise<unknown>;

/**
 * What the owner tells the assistant to keep in mind on every call. Saved with its button (a long
 * text is written over a while); the server's refusal (too long) shows under the field.
 */
export function CustomInstructionsField({ saved, onSave }: { saved: string; onSave: SaveSetting }) {
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(saved), [saved]);
  const changed = value.trim() !== saved.trim();
  const over = value.length > CUSTOM_INSTRUCTIONS_MAX;

  const save = async () => {
    setSaving(true);
    try {
      await onSave({ customInstructions: value }, "Custom instructions saved.");
      setError(undefined);
    } catch (failure) {
      setError(serverMessage(failure) ?? "Your instructions could not be saved. Try again.");
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-2">
      <Field
        label="Custom Instructions"
        error={error}
        hint="What your assistant keeps in mind on every call: what to offer, what never to promise, how to handle common requests."
      >
        {(props) => (
          <Textarea
            {...props}
            rows={5}
            className="aria-invalid:border-destructive"
            value={value}
            placeholder="Never quote prices over the phone; offer a free estimate visit instead."
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <div className="flex items-center justify-between gap-3">
        <p className={over ? "text-xs text-destructive" : "text-xs text-muted-foreground"} aria-live="polite">
          {value.length.toLocaleString()} / {CUSTOM_INSTRUCTIONS_MAX.toLocaleString()} characters
        </p>
        <Button type="button" size="sm" disabled={!changed || saving} onClick={save}>
          {saving ? "Saving..." : "Save Instructions"}
        </Button>
      </div>
    </div>
  );
}

const DISCLOSURE_CHOICES: Record<AiDisclosure, string> = {
  outbound: "At the start of outbound calls (recommended)",
  always: "At the start of every call",
  never: "Never (only where the law allows it)",
};

/** When the assistant says it is automated in its opening. */
export function DisclosureField({ value, onSave }: { value: AiDisclosure; onSave: SaveSetting }) {
  return (
    <div className="grid gap-2">
      <Field
        label="AI Disclosure"
        hint="When your assistant says, as it opens a call, that it is an automated assistant."
      >
        {(props) => (
          <NativeSelect
            {...props}
            value={value}
            onChange={(event) => {
              const aiDisclosure = event.target.value as AiDisclosure;
              onSave(
                { aiDisclosure },
                `AI disclosure: ${DISCLOSURE_CHOICES[aiDisclosure].toLowerCase()}.`,
              ).catch(() => {});
            }}
          >
            {AI_DISCLOSURES.map((choice) => (
              <option key={choice} value={choice}>
                {DISCLOSURE_CHOICES[choice]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
        Several US states require callers to be told when they are speaking with an AI voice. Choose Never
        only where that is allowed. Asked directly, your assistant always says it is automated.
      </p>
    </div>
  );
}

/** "Mon–Fri 08:00–16:00, Sat 09:00–12:00": the working hours the text was read as. */
export function hoursSummary(hours: AiSettings["workingHours"]): string {
  const byHours = new Map<string, number[]>();
  for (const day of hours.days) {
    const own = hours.dayHours?.find((entry) => entry.day === day);
    const key = `${own?.start ?? hours.start}–${own?.end ?? hours.end}`;
    byHours.set(key, [...(byHours.get(key) ?? []), day]);
  }
  const short = (day: number) => DAY_LABELS[day]?.slice(0, 3) ?? "";
  const daysText = (days: number[]) => {
    const consecutive = days.every((day, i) => i === 0 || day === (days[i - 1] ?? 0) + 1);
    if (days.length === 7) return "Every day";
    const first = days[0] ?? 1;
    const last = days.at(-1) ?? first;
    return consecutive && days.length > 2 ? `${short(first)}–${short(last)}` : days.map(short).join(", ");
  };
  return [...byHours].map(([time, days]) => `${daysText(days)} ${time}`).join(", ");
}

/**
 * The business hours in the owner's words (first given at sign-up). Saved when the field is
 * left; the assistant reads them into the working hours below when it can.
 */
export function BusinessHoursField({
  saved,
  reading,
  onSave,
}: {
  saved: string;
  reading: AiSettings["businessHoursReading"];
  onSave: SaveSetting;
}) {
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const status = !saved.trim()
    ? null
    : reading
      ? `Read as ${hoursSummary(reading)}; saving it set the working hours below.`
      : "Not read as hours: callers are told it as written, and your working hours below stay as they are.";
  return (
    <div className="grid gap-1.5">
      <Field
        label="Business Hours"
        hint="In your own words, e.g. Mon-Fri 9am-5pm, Sat 10-2. Saved when you leave the field."
      >
        {(props) => (
          <Input
            {...props}
            maxLength={BUSINESS_HOURS_MAX}
            value={value}
            placeholder="Mon-Fri 9am-5pm, Sat 10-2"
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => {
              if (value.trim() !== saved.trim())
                onSave({ businessHours: value }, "Business hours saved.").catch(() => {});
            }}
          />
        )}
      </Field>
      {status ? (
        <p role="status" className="text-xs text-muted-foreground">
          {status}
        </p>
      ) : null}
    </div>
  );
}
