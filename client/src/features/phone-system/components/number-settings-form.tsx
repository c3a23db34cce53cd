import { type AFTER_HOURS_ACTIONS, type BusinessNumberDetail, NUMBER_TYPES } from "@common/phone-system";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Switch } from "../../../components/ui/switch";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useUpdateNumber } from "../api/mutations";
import { capitalise } from "../labels";

/** A number's type, location, greeting, on/off and after-hours rule (PATCH, every field at once). */
export function NumberSettingsForm({
  number,
  canManage,
}: {
  number: BusinessNumberDetail;
  canManage: boolean;
}) {
  const update = useUpdateNumber();
  const [type, setType] = useState(number.type);
  const [location, setLocation] = useState(number.location);
  const [greeting, setGreeting] = useState(number.greeting);
  const [isActive, setIsActive] = useState(number.isActive);
  const [action, setAction] = useState(number.afterHours.action);
  const [forwardTo, setForwardTo] = useState(number.afterHours.forwardTo ?? "");
  const [problem, setProblem] = useState<string | null>(null);

  // Awaited rather than mutate's own callbacks: the saved number re-keys this form (a fresh
  // form for the new values), and callbacks given to mutate are dropped when the form that
  // called it is gone, so the toast was sometimes never shown.
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await update.mutateAsync({
        id: number.id,
        change: {
          type: type as (typeof NUMBER_TYPES)[number],
          location,
          greeting,
          isActive,
          afterHoursAction: action,
          afterHoursForwardTo: forwardTo.trim() ? forwardTo.trim() : null,
        },
      });
      toast({ title: "Number Saved", description: "Run Setup Call Routing to apply the changes." });
    } catch (error) {
      setProblem(serverMessage(error) ?? "Failed to save the number");
      toastError("Save Failed", "Failed to save the number", error);
    }
  };

  return (
    <form onSubmit={save} className="grid gap-4" aria-label="Number settings">
      <fieldset disabled={!canManage} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Type">
            {(props) => (
              <NativeSelect {...props} value={type} onChange={(event) => setType(event.target.value)}>
                {NUMBER_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {capitalise(option)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Location">
            {(props) => (
              <Input
                {...props}
                value={location}
                maxLength={120}
                onChange={(event) => setLocation(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Greeting" hint="What callers hear first, before the extensions.">
          {(props) => (
            <Textarea
              {...props}
              value={greeting}
              maxLength={500}
              rows={3}
              onChange={(event) => setGreeting(event.target.value)}
            />
          )}
        </Field>
        <div className="flex items-center gap-2">
          <Switch id={`active-${number.id}`} checked={isActive} onCheckedChange={setIsActive} />
          <Label htmlFor={`active-${number.id}`}>Answer calls on this number</Label>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="After hours">
            {(props) => (
              <NativeSelect
                {...props}
                value={action}
                onChange={(event) => setAction(event.target.value as (typeof AFTER_HOURS_ACTIONS)[number])}
              >
                <option value="voicemail">Take a voicemail</option>
                <option value="forward">Forward to a phone</option>
              </NativeSelect>
            )}
          </Field>
          {action === "forward" ? (
            <Field label="Forward after hours to">
              {(props) => (
                <Input
                  {...props}
                  type="tel"
                  value={forwardTo}
                  placeholder="+1 555 010 0100"
                  onChange={(event) => setForwardTo(event.target.value)}
                />
              )}
            </Field>
          ) : null}
        </div>
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {canManage ? (
        <Button type="submit" className="justify-self-start" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Settings"}
        </Button>
      ) : null}
    </form>
  );
}
