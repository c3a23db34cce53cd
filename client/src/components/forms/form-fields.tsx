import { useId } from "react";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Switch } from "../ui/switch";
import { TabsTrigger } from "../ui/tabs";

/** A labelled on/off switch on one line, with an optional line of explanation. */
export function SwitchRow({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  disabled?: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
}

/** A number input with its range in the hint and its error from the contract. */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  step: number;
  hint?: string;
  error: string | undefined;
}) {
  return (
    <Field label={label} error={error} hint={hint ?? `${min} to ${max}`}>
      {(props) => (
        <Input
          {...props}
          type="number"
          inputMode={Number.isInteger(step) ? "numeric" : "decimal"}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A form tab's trigger that marks, for eyes and screen readers, a tab holding a field with a problem. */
export function ErrorTabTrigger({
  value,
  label,
  hasError,
}: {
  value: string;
  label: string;
  hasError: boolean;
}) {
  return (
    <TabsTrigger value={value} className="whitespace-normal px-1.5">
      {label}
      {hasError ? (
        <>
          <span className="ml-1 text-destructive" aria-hidden>
            •
          </span>
          <span className="sr-only"> (has a problem)</span>
        </>
      ) : null}
    </TabsTrigger>
  );
}
