import { type AgentTest, MAX_TEST_TURNS } from "@common/agents";
import { CLASSIFICATIONS } from "@common/calls";
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
import { useAiAgents } from "../../../lib/shared-api/get-ai-agents";
import { toast, toastError } from "../../../lib/toast";
import { useCreateAgentTest } from "../api/create-agent-test";
import { useUpdateAgentTest } from "../api/update-agent-test";
import { checkTestCase, serverErrors, type TestCaseFormState, testCaseFormState } from "../test-case-form";
import { ScriptChoice } from "./agent-choice";

/** Write a test case: what the caller says turn by turn, and what should happen. */
export function TestCaseDialog({
  open,
  test,
  onOpenChange,
}: {
  open: boolean;
  /** null writes a new case. */
  test: AgentTest | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {open ? (
          <TestCaseForm key={test?.id ?? "new"} test={test} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TestCaseForm({ test, onDone }: { test: AgentTest | null; onDone: () => void }) {
  const [form, setForm] = useState<TestCaseFormState>(() => testCaseFormState(test));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const agents = useAiAgents();
  const create = useCreateAgentTest();
  const update = useUpdateAgentTest();
  const pending = create.isPending || update.isPending;

  const set = (key: keyof TestCaseFormState) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => {
      // The expectations are checked together.
      const { [key]: _gone, ...rest } = current;
      if (["expectedAgentId", "expectedClassification", "expectTransfer"].includes(key))
        delete rest.expectTransfer;
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkTestCase(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const failed = (fallback: string) => (error: unknown) => {
      setErrors(serverErrors(error));
      toastError("Error", fallback, error);
    };
    if (test) {
      update.mutate(
        { id: test.id, change: checked.body },
        {
          onSuccess: (saved) => {
            toast({ title: "Test case saved", description: `${saved.name} was saved.` });
            onDone();
          },
          onError: failed("Failed to save the test case"),
        },
      );
    } else {
      create.mutate(checked.body, {
        onSuccess: (saved) => {
          toast({ title: "Test case added", description: `${saved.name} is ready to run.` });
          onDone();
        },
        onError: failed("Failed to add the test case"),
      });
    }
  };

  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{test ? "Edit Test Case" : "New Test Case"}</DialogTitle>
        <DialogDescription>
          The caller's turns are played to your agents as on a call; the test passes when every expectation
          you choose holds after the last turn.
        </DialogDescription>
      </DialogHeader>
      <Field label="Test Name *" error={errors.name}>
        {(props) => (
          <Input
            {...props}
            value={form.name}
            onChange={set("name")}
            maxLength={120}
            autoComplete="off"
            placeholder="Internet outage goes to support"
            aria-required
          />
        )}
      </Field>
      <Field
        label="Caller Turns *"
        error={errors.turns}
        hint={`What the caller says, one turn a line (at most ${MAX_TEST_TURNS}).`}
      >
        {(props) => (
          <Textarea
            {...props}
            value={form.turns}
            onChange={set("turns")}
            rows={4}
            placeholder="I have no internet since yesterday"
            aria-required
          />
        )}
      </Field>
      <fieldset className="grid min-w-0 gap-4 rounded-md border p-3">
        <legend className="px-1 text-sm font-semibold">Expected (choose at least one)</legend>
        <Field label="Agent" error={errors.expectedAgentId}>
          {(props) => (
            <NativeSelect {...props} value={form.expectedAgentId} onChange={set("expectedAgentId")}>
              <option value="">Not checked</option>
              {(agents.data ?? []).map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name} (ext. {agent.extension})
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label="Classification" error={errors.expectedClassification}>
            {(props) => (
              <NativeSelect
                {...props}
                value={form.expectedClassification}
                onChange={set("expectedClassification")}
              >
                <option value="">Not checked</option>
                {CLASSIFICATIONS.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Transfer" error={errors.expectTransfer}>
            {(props) => (
              <NativeSelect {...props} value={form.expectTransfer} onChange={set("expectTransfer")}>
                <option value="">Not checked</option>
                <option value="yes">Transferred</option>
                <option value="no">Not transferred</option>
              </NativeSelect>
            )}
          </Field>
        </div>
      </fieldset>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <ScriptChoice value={form.scriptId} onChange={(value) => set("scriptId")({ target: { value } })} />
        <Field label="Call direction" error={errors.direction}>
          {(props) => (
            <NativeSelect {...props} value={form.direction} onChange={set("direction")}>
              <option value="inbound">Inbound</option>
              <option value="outbound">Outbound</option>
            </NativeSelect>
          )}
        </Field>
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : test ? "Save Test Case" : "Add Test Case"}
        </Button>
      </DialogFooter>
    </form>
  );
}
