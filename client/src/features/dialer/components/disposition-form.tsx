import type { AgentConsole, CurrentCall, DispositionCode } from "@common/dialer";
import { CALL_NOT_CONNECTED } from "@common/dialer";
import { PhoneOff } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Textarea } from "../../../components/ui/input";
import { serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { serverMessage } from "../../../lib/toast";
import { useEndDialerCall } from "../api/end-call";
import {
  checkDispositionForm,
  type DispositionFormState,
  emptyDispositionForm,
  localInputValue,
} from "../disposition-form";
import { toastFailure, toastSuccess } from "../labels";

/**
 * Ends the call (or records the outcome of one that already ended) with a disposition and notes;
 * "Call back" asks when, and whether only this agent or anyone takes it.
 */
export function DispositionForm({
  call,
  ended,
  dispositions,
}: {
  call: CurrentCall;
  ended: boolean;
  dispositions: AgentConsole["dispositions"];
}) {
  const { form, errors, setErrors, set, text } = useFieldForm<DispositionFormState>(emptyDispositionForm);
  const [problem, setProblem] = useState<string | undefined>();
  const end = useEndDialerCall();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (end.isPending) return;
    const checked = checkDispositionForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setProblem(undefined);
    // mutateAsync: the form unmounts as soon as the console shows no call, and a mutate()
    // callback would then never run.
    end.mutateAsync({ attemptId: call.attemptId, body: checked.body }).then(
      () => {
        const label = dispositions.find((option) => option.code === checked.body.disposition)?.label;
        toastSuccess(
          checked.body.callback
            ? `Callback scheduled${checked.body.callback.agentOnly ? " for you" : " for any agent"}`
            : `Call ended: ${label ?? checked.body.disposition}`,
        );
      },
      (error: unknown) => {
        const found = serverFieldErrors(error);
        if (Object.keys(found).length) setErrors(found);
        else setProblem(serverMessage(error) ?? CALL_NOT_CONNECTED);
        toastFailure("Failed to end the call", error);
      },
    );
  };

  const minimum = localInputValue(new Date(Date.now() + 60_000));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-md border p-4" aria-label="End the call">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">How did the call go?</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {dispositions.map((option) => (
            <label
              key={option.code}
              className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                type="radio"
                name="disposition"
                value={option.code}
                checked={form.disposition === option.code}
                onChange={() => set("disposition")(option.code as DispositionCode)}
              />
              {option.label}
            </label>
          ))}
        </div>
        {errors.disposition ? (
          <p role="alert" className="text-xs text-destructive">
            {errors.disposition}
          </p>
        ) : null}
      </fieldset>

      {form.disposition === "callback" ? (
        <fieldset className="grid gap-3 rounded-md bg-muted/40 p-3">
          <legend className="sr-only">Callback</legend>
          <Field label="Call back at" error={errors["callback.at"]} hint="In your own time.">
            {(props) => (
              <Input
                {...props}
                type="datetime-local"
                min={minimum}
                value={form.callbackAt}
                onChange={text("callbackAt", "callback.at")}
              />
            )}
          </Field>
          <div className="grid gap-1 text-sm" role="radiogroup" aria-label="Who calls back">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="callback-agent"
                checked={form.agentOnly}
                onChange={() => set("agentOnly")(true)}
              />
              Only me
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="callback-agent"
                checked={!form.agentOnly}
                onChange={() => set("agentOnly")(false)}
              />
              Any agent
            </label>
          </div>
        </fieldset>
      ) : null}

      <Field label="Notes" error={errors.notes} hint="Kept on the lead for whoever calls next.">
        {(props) => (
          <Textarea {...props} value={form.notes} onChange={text("notes")} rows={3} maxLength={2000} />
        )}
      </Field>

      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}

      <Button type="submit" variant={ended ? "default" : "destructive"} disabled={end.isPending}>
        <PhoneOff aria-hidden />
        {end.isPending ? "Saving..." : ended ? "Save Disposition" : "End Call"}
      </Button>
    </form>
  );
}
