import { type ReactNode, useId } from "react";
import {
  type FieldValues,
  FormProvider,
  get,
  type Path,
  useController,
  useFormContext,
  useFormState,
  useWatch,
} from "react-hook-form";
import { cn } from "../../lib/cn";
import type { ContractEditorState } from "../../lib/forms/contract-form";
import type { FieldErrors } from "../../lib/forms/field-errors";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog";
import { Field } from "../ui/field";
import { Input, Textarea } from "../ui/input";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { Tabs, TabsContent, TabsList } from "../ui/tabs";
import { ErrorTabTrigger, SwitchRow } from "./form-fields";

/** A property fixed by the declaration, or worked out from the form's values as they are now. */
type Live<V, T> = T | ((values: V) => T);

type Named<V> = {
  /** The form value the control edits. */
  name: Extract<keyof V, string>;
  label: string;
  hint?: Live<V, string | undefined>;
  disabled?: Live<V, boolean>;
  /** Where the contract files this field's message, when not under `name` ("voiceSettings.speed"). */
  error?: string;
};

export type Option = { value: string; label: string };

/** A select's or a checkbox group's options: the contract's values, each with its label. */
export const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>): Option[] =>
  values.map((value) => ({ value, label: labels[value] }));

/** One entry of an editor's declared fields: a control bound to a form value, or a layout of some. */
export type EditorFieldSpec<V> =
  | (Named<V> & {
      kind: "text";
      type?: "text" | "tel" | "time";
      placeholder?: string;
      maxLength?: number;
      autoComplete?: string;
      inputMode?: "numeric" | "decimal" | "tel";
      required?: boolean;
    })
  | (Named<V> & {
      kind: "textarea";
      rows: number;
      placeholder?: string;
      maxLength?: number;
      required?: boolean;
    })
  | (Named<V> & { kind: "select"; options: readonly Option[] })
  /** A number typed as text; the hint defaults to the range when there is a maximum. */
  | (Named<V> & { kind: "number"; min: number; max?: number; step: number })
  | (Named<V> & { kind: "switch" })
  /** Ticked options of a list, kept in the order they were ticked. */
  | (Named<V> & { kind: "choices"; options: readonly Option[]; layout?: "column" | "grid" })
  | { kind: "row"; columns: 2 | 3; fields: EditorFieldSpec<V>[] }
  | { kind: "group"; legend?: string; look?: "outlined" | "shaded"; fields: EditorFieldSpec<V>[] }
  /** A control of the editor's own, bound with `useEditorField`. */
  | { kind: "custom"; key: string; render: () => ReactNode };

export type EditorTab<V, Tab extends string> = {
  value: Tab;
  label: string;
  fields: EditorFieldSpec<V>[];
  /** More room between the fields (a tab of outlined groups). */
  roomy?: boolean;
};

/** The line that counts the problems. */
export function ProblemsLine({ text, className }: { text: string; className?: string }) {
  return (
    <p role="alert" className={cn("text-sm text-destructive", className)}>
      {text}
    </p>
  );
}

/** "Check the field marked in the tabs." / "Check the 3 fields marked above.", or the form's own message. */
export const checkTheFields =
  (where: string) =>
  (count: number, errors: FieldErrors): string =>
    errors.form ?? `Check the ${count === 1 ? "field" : `${count} fields`} marked ${where}.`;

/**
 * The one editor of the agent, telecom-agent, script and campaign forms: the fields each declares,
 * before, inside and after its tabs, bound to react-hook-form and checked on submit by the shared
 * contract (`useContractEditor`). A tab holding a problem is marked, and the first one opens; the
 * line that counts the problems stands above the footer, or where the footer puts it when the
 * footer is a function of its text.
 */
export function ContractEditor<V extends FieldValues, Body, Tab extends string>({
  editor,
  onSubmit,
  label,
  className = "grid min-w-0 gap-4",
  header,
  content = (children) => children,
  fields,
  tabs,
  tabsLabel,
  after,
  disabled,
  problems,
  footer,
}: {
  editor: ContractEditorState<V, Body, Tab>;
  onSubmit: (body: Body) => void;
  /** The form's accessible name, where the page has several. */
  label?: string;
  className?: string;
  header: ReactNode;
  /** Wraps everything under the header (a card's content area). */
  content?: (children: ReactNode) => ReactNode;
  /** Fields above the tabs. */
  fields?: EditorFieldSpec<V>[];
  tabs: EditorTab<V, Tab>[];
  tabsLabel: string;
  /** Fields below the tabs. */
  after?: EditorFieldSpec<V>[];
  /** Every field inside the tabs read-only (someone who may not change them). */
  disabled?: boolean;
  /** The problems line's text, from their count and messages. */
  problems: (count: number, errors: FieldErrors) => string;
  footer: ReactNode | ((problems: string | null) => ReactNode);
}) {
  const { form, tab, setTab, errors, tabOf } = editor;
  const count = Object.keys(errors).length;
  const text = count > 0 ? problems(count, errors) : null;
  const tabHasError = (value: Tab) => Object.keys(errors).some((path) => tabOf(path) === value);

  const tabsView = (
    <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="min-w-0">
      <TabsList
        className={cn("grid h-auto w-full", tabs.length === 4 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3")}
        aria-label={tabsLabel}
      >
        {tabs.map(({ value, label: tabLabel }) => (
          <ErrorTabTrigger key={value} value={value} label={tabLabel} hasError={tabHasError(value)} />
        ))}
      </TabsList>
      {tabs.map(({ value, fields: tabFields, roomy }) => (
        <TabsContent key={value} value={value} className={cn("grid", roomy ? "gap-5" : "gap-4")}>
          <EditorFields fields={tabFields} />
        </TabsContent>
      ))}
    </Tabs>
  );

  return (
    <FormProvider {...form}>
      <form className={className} onSubmit={editor.submit(onSubmit)} noValidate aria-label={label}>
        {header}
        {content(
          <>
            {fields ? <EditorFields fields={fields} /> : null}
            {disabled === undefined ? (
              tabsView
            ) : (
              <fieldset disabled={disabled} className="grid min-w-0 gap-4">
                {tabsView}
              </fieldset>
            )}
            {after ? <EditorFields fields={after} /> : null}
            {typeof footer === "function" ? (
              footer(text)
            ) : (
              <>
                {text ? <ProblemsLine text={text} /> : null}
                {footer}
              </>
            )}
          </>,
        )}
      </form>
    </FormProvider>
  );
}

/** Renders declared fields; inside a `ContractEditor` (a header may hold some too). */
export function EditorFields<V extends FieldValues>({ fields }: { fields: EditorFieldSpec<V>[] }) {
  return (
    <>
      {fields.map((spec, index) => (
        <EditorField key={fieldKey(spec, index)} spec={spec} />
      ))}
    </>
  );
}

function fieldKey<V>(spec: EditorFieldSpec<V>, index: number): string {
  if (spec.kind === "custom") return spec.key;
  if (spec.kind === "row" || spec.kind === "group") return `${spec.kind}-${index}`;
  return spec.name;
}

/**
 * A form value with its message, for a control of an editor's own: `onChange` clears the
 * message filed under `error` (the value's name unless given), as every declared field does.
 */
export function useEditorField<V extends FieldValues, K extends Extract<keyof V, string>>(
  name: K,
  error: string = name,
) {
  const { control, clearErrors } = useFormContext<V>();
  const { field } = useController({ control, name: name as unknown as Path<V> });
  const { errors } = useFormState({ control, name: error as Path<V> });
  return {
    value: field.value as V[K],
    onChange: (next: V[K]) => {
      field.onChange(next);
      clearErrors(error as Path<V>);
    },
    error: messageAt(errors, error),
  };
}

/** The message filed under a dotted path of react-hook-form's nested errors. */
function messageAt(errors: object, path: string): string | undefined {
  const message = (get(errors, path) as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

function EditorField<V extends FieldValues>({ spec }: { spec: EditorFieldSpec<V> }) {
  switch (spec.kind) {
    case "row":
      return (
        <div
          className={cn("grid items-start gap-4", spec.columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}
        >
          <EditorFields fields={spec.fields} />
        </div>
      );
    case "group":
      return spec.look === "shaded" ? (
        <div className="grid gap-3 rounded-md bg-muted/50 p-3">
          <EditorFields fields={spec.fields} />
        </div>
      ) : (
        <fieldset className="grid min-w-0 gap-4 rounded-md border p-3">
          {spec.legend ? <legend className="px-1 text-sm font-semibold">{spec.legend}</legend> : null}
          <EditorFields fields={spec.fields} />
        </fieldset>
      );
    case "custom":
      return <>{spec.render()}</>;
    case "switch":
      return <SwitchControl spec={spec} />;
    case "choices":
      return <ChoicesControl spec={spec} />;
    default:
      return <InputControl spec={spec} />;
  }
}

/** The spec's hint and disabled state, reading the form's values only when either depends on them. */
function useLive<V extends FieldValues>(spec: Named<V>) {
  const { control } = useFormContext<V>();
  const live = typeof spec.hint === "function" || typeof spec.disabled === "function";
  const values = useWatch({ control, disabled: !live }) as V;
  const hint = typeof spec.hint === "function" ? spec.hint(values) : spec.hint;
  const disabled = typeof spec.disabled === "function" ? spec.disabled(values) : spec.disabled;
  return { hint, disabled };
}

type InputSpec<V> = Extract<EditorFieldSpec<V>, { kind: "text" | "textarea" | "select" | "number" }>;

/** Text, long text, a choice from a list or a number: uncontrolled inputs registered by name. */
function InputControl<V extends FieldValues>({ spec }: { spec: InputSpec<V> }) {
  const { register, clearErrors, control } = useFormContext<V>();
  const errorPath = spec.error ?? spec.name;
  const { errors } = useFormState({ control, name: errorPath as Path<V> });
  const error = messageAt(errors, errorPath);
  const { hint, disabled } = useLive(spec);
  const bound = register(spec.name as unknown as Path<V>, {
    onChange: () => clearErrors(errorPath as Path<V>),
  });

  if (spec.kind === "number") {
    const rangeHint = spec.max === undefined ? undefined : `${spec.min} to ${spec.max}`;
    return (
      <Field label={spec.label} error={error} hint={hint ?? rangeHint}>
        {(props) => (
          <Input
            {...props}
            {...bound}
            type="number"
            inputMode={Number.isInteger(spec.step) ? "numeric" : "decimal"}
            min={spec.min}
            max={spec.max}
            step={spec.step}
            disabled={disabled}
          />
        )}
      </Field>
    );
  }
  if (spec.kind === "select") {
    return (
      <Field label={spec.label} error={error} hint={hint}>
        {(props) => (
          <NativeSelect {...props} {...bound} disabled={disabled}>
            {spec.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    );
  }
  if (spec.kind === "textarea") {
    return (
      <Field label={spec.label} error={error} hint={hint}>
        {(props) => (
          <Textarea
            {...props}
            {...bound}
            rows={spec.rows}
            placeholder={spec.placeholder}
            maxLength={spec.maxLength}
            aria-required={spec.required || undefined}
            disabled={disabled}
          />
        )}
      </Field>
    );
  }
  return (
    <Field label={spec.label} error={error} hint={hint}>
      {(props) => (
        <Input
          {...props}
          {...bound}
          type={spec.type}
          placeholder={spec.placeholder}
          maxLength={spec.maxLength}
          autoComplete={spec.autoComplete}
          inputMode={spec.inputMode}
          aria-required={spec.required || undefined}
          disabled={disabled}
        />
      )}
    </Field>
  );
}

function SwitchControl<V extends FieldValues>({
  spec,
}: {
  spec: Extract<EditorFieldSpec<V>, { kind: "switch" }>;
}) {
  const { value, onChange } = useEditorField<V, typeof spec.name>(spec.name, spec.error);
  const { hint, disabled } = useLive(spec);
  return (
    <SwitchRow
      label={spec.label}
      hint={hint}
      checked={Boolean(value)}
      onChange={(checked) => onChange(checked as V[typeof spec.name])}
      disabled={disabled}
    />
  );
}

function ChoicesControl<V extends FieldValues>({
  spec,
}: {
  spec: Extract<EditorFieldSpec<V>, { kind: "choices" }>;
}) {
  const id = useId();
  const { value, onChange, error } = useEditorField<V, typeof spec.name>(spec.name, spec.error);
  const chosen = (value ?? []) as string[];
  const toggle = (option: string, on: boolean) =>
    onChange((on ? [...chosen, option] : chosen.filter((item) => item !== option)) as V[typeof spec.name]);
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{spec.label}</legend>
      <div className={spec.layout === "grid" ? "grid grid-cols-2 gap-2 sm:grid-cols-3" : "grid gap-2"}>
        {spec.options.map((option) => (
          <div key={option.value} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${option.value}`}
              checked={chosen.includes(option.value)}
              onCheckedChange={(checked) => toggle(option.value, checked === true)}
            />
            <Label htmlFor={`${id}-${option.value}`} className="font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A dialog holding an editor; the editor is built anew each time it opens. */
export function EditorDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">{open ? children : null}</DialogContent>
    </Dialog>
  );
}

/** An editor dialog's title (its accessible name) and the line under it. */
export function EditorDialogHeader({ title, description }: { title: string; description: ReactNode }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

/** An editor dialog's Cancel and submit buttons, with the problems line first when given. */
export function EditorDialogFooter({
  submitLabel,
  pending,
  problems,
  lockCancel = false,
}: {
  submitLabel: string;
  pending: boolean;
  /** The problems line's text, shown at the footer's start (undefined: the editor shows it above). */
  problems?: string | null;
  /** Cancel waits for a request under way. */
  lockCancel?: boolean;
}) {
  return (
    <DialogFooter className={problems === undefined ? undefined : "items-center"}>
      {problems ? <ProblemsLine text={problems} className="sm:mr-auto" /> : null}
      <DialogClose asChild>
        <Button variant="outline" disabled={lockCancel ? pending : undefined}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
