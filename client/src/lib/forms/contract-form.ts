import { toNestErrors } from "@hookform/resolvers";
import { useState } from "react";
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type FieldErrors as HookFieldErrors,
  type Resolver,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { type FieldErrors, fieldErrors, firstTabWithError, serverFieldErrors } from "./field-errors";

/**
 * How a form is checked by a shared contract from common/: the form keeps its values as typed
 * (numbers and lists as text), `toBody` makes the request body of them, and the contract parses
 * that body (the server parses it again with the same rules).
 */
export type FormContract<Values, Body> = { schema: z.ZodType; toBody: (values: Values) => Body };

/**
 * The body to send, or the contract's messages filed under its dotted paths as `fieldErrors`
 * names them: a list item's under its list ("businessRules"), a form-wide one under "form", a
 * union's as the contract words it.
 */
export function checkContract<Values, Body>(
  { schema, toBody }: FormContract<Values, Body>,
  values: Values,
): { ok: true; body: Body } | { ok: false; errors: FieldErrors } {
  const body = toBody(values);
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, errors: fieldErrors(parsed.error) };
}

/**
 * A react-hook-form resolver for `checkContract`: on success the submit handler gets the body,
 * as it is sent. (@hookform/resolvers' zodResolver would file a list item's message under its
 * index, a form-wide one under the empty path and a union's as its nearest branch words it,
 * where the editors do not show them.)
 */
export function contractResolver<Values extends FieldValues, Body>(
  contract: FormContract<Values, Body>,
): Resolver<Values, unknown, Body> {
  return (values, _context, options) => {
    const checked = checkContract(contract, values);
    if (checked.ok) return { values: checked.body, errors: {} };
    const found: Record<string, FieldError> = {};
    for (const [path, message] of Object.entries(checked.errors)) {
      found[path] = { type: "contract", message };
    }
    return { values: {}, errors: toNestErrors(found, options) };
  };
}

/** react-hook-form's nested messages as one message per dotted path ("voiceSettings.speed"). */
export function flatErrors(errors: HookFieldErrors | Record<string, unknown>): FieldErrors {
  const flat: FieldErrors = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== "object") return;
    const message = (node as { message?: unknown }).message;
    if (path && typeof message === "string") flat[path] = message;
    for (const [key, child] of Object.entries(node)) {
      if (key === "ref" || key === "types" || key === "message" || key === "type") continue;
      walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, "");
  return flat;
}

/**
 * An editor's form: react-hook-form checked by the shared contract on submit, and the tab on
 * show. A problem found (by the contract or the server) opens the first tab, in `tabs` order,
 * that holds one; a field's message stays until the field changes or the form is sent again.
 */
export function useContractEditor<Values extends FieldValues, Body, Tab extends string>({
  defaults,
  contract,
  tabs,
  tabOf,
}: {
  defaults: () => Values;
  contract: FormContract<Values, Body>;
  /** The editor's tabs, in the order a problem's tab is looked for; the first shows first. */
  tabs: readonly Tab[];
  /** The tab that shows a dotted path's message (one not in `tabs`: a field outside them). */
  tabOf: (path: string) => string;
}) {
  const [initial] = useState(defaults);
  const form = useForm<Values, unknown, Body>({
    defaultValues: initial as DefaultValues<Values>,
    resolver: contractResolver(contract),
    // The editor opens the tab of the first problem instead; a field is checked again on submit.
    shouldFocusError: false,
    reValidateMode: "onSubmit",
  });
  const [tab, setTab] = useState<Tab>(tabs[0] as Tab);
  const errors = flatErrors(form.formState.errors);

  const openFirst = (found: FieldErrors) => {
    const first = firstTabWithError(found, tabs, tabOf);
    if (first) setTab(first);
  };

  /** The form's submit handler: `send` gets the checked body. */
  const submit = (send: (body: Body) => void) =>
    form.handleSubmit(send, (found) => openFirst(flatErrors(found)));

  /** Files a refused request's issues under their fields (the server checks the same contract). */
  const showServerErrors = (error: unknown) => {
    const found = serverFieldErrors(error);
    for (const [path, message] of Object.entries(found)) {
      form.setError(path as never, { type: "server", message });
    }
    openFirst(found);
  };

  return { form, tab, setTab, errors, tabOf, submit, showServerErrors };
}

export type ContractEditorState<Values extends FieldValues, Body, Tab extends string> = ReturnType<
  typeof useContractEditor<Values, Body, Tab>
>;

/**
 * An editor's save: the body updates the record `id` when there is one, else creates one. A
 * refusal's issues are filed under their fields before `failed` is told; a second submit while
 * one is under way is ignored.
 */
export function useCreateOrUpdate<Body, Saved>({
  editor,
  id,
  create,
  update,
  saved,
  failed,
}: {
  editor: { showServerErrors: (error: unknown) => void; submit: (send: (body: Body) => void) => unknown };
  /** The record edited; undefined creates one. */
  id: string | undefined;
  create: Sender<NoInfer<Body>, Saved>;
  update: Sender<{ id: string; change: NoInfer<Body> }, Saved>;
  saved: (record: Saved, created: boolean) => void;
  failed: (error: unknown, created: boolean) => void;
}) {
  const pending = create.isPending || update.isPending;
  const save = (body: Body) => {
    if (pending) return;
    const created = id === undefined;
    const handlers = {
      onSuccess: (record: Saved) => saved(record, created),
      onError: (error: unknown) => {
        editor.showServerErrors(error);
        failed(error, created);
      },
    };
    if (id === undefined) create.mutate(body, handlers);
    else update.mutate({ id, change: body }, handlers);
  };
  return { save, pending };
}

/** What `useCreateOrUpdate` uses of a react-query mutation. */
type Sender<Variables, Saved> = {
  isPending: boolean;
  mutate: (
    variables: Variables,
    options: { onSuccess: (record: Saved) => void; onError: (error: Error) => void },
  ) => void;
};
