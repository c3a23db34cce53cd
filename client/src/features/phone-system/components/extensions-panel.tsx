import {
  type BusinessNumberDetail,
  EXTENSION_TARGETS,
  type Extension,
  type ExtensionRequest,
} from "@common/phone-system";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { useAiAgents } from "../../../lib/shared-api/get-ai-agents";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useDeleteExtension, useSaveExtension } from "../api/mutations";
import { extensionTarget } from "../labels";

type Target = (typeof EXTENSION_TARGETS)[number];
type Draft = { digits: string; name: string; target: Target; forwardTo: string; agentId: string };

const EMPTY: Draft = { digits: "", name: "", target: "phone", forwardTo: "", agentId: "" };

const draftOf = (extension: Extension): Draft => ({
  digits: extension.digits,
  name: extension.name,
  target: extension.target,
  forwardTo: extension.forwardTo ?? "",
  agentId: extension.agentId ?? "",
});

/** What the server is sent: the target's own field only (the contract is a union by target). */
function request(draft: Draft): ExtensionRequest {
  const base = { digits: draft.digits.trim(), name: draft.name };
  if (draft.target === "phone") return { ...base, target: "phone", forwardTo: draft.forwardTo };
  if (draft.target === "agent") return { ...base, target: "agent", agentId: draft.agentId };
  return { ...base, target: "voicemail" };
}

const TARGET_LABELS: Record<Target, string> = {
  phone: "Forward to a phone",
  agent: "An AI agent",
  voicemail: "Voicemail",
};

/**
 * A number's extensions: the digit a caller presses, a name, and where it goes (a phone, one of
 * the workspace's AI agents, or voicemail). The server checks every field; its message shows here.
 */
export function ExtensionsPanel({ number, canManage }: { number: BusinessNumberDetail; canManage: boolean }) {
  const agents = useAiAgents();
  const save = useSaveExtension();
  const remove = useDeleteExtension();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const agentName = (id: string) => agents.data?.find((agent) => agent.id === id)?.name;
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const start = (extension: Extension | null) => {
    setProblem(null);
    setEditing(extension ? extension.id : "new");
    setDraft(extension ? draftOf(extension) : EMPTY);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      {
        numberId: number.id,
        ...(editing && editing !== "new" ? { extensionId: editing } : {}),
        extension: request(draft),
      },
      {
        onSuccess: (saved) => {
          toast({ title: "Extension Saved", description: `Extension ${saved.digits}: ${saved.name}.` });
          setEditing(null);
        },
        onError: (error) => {
          setProblem(serverMessage(error) ?? "Failed to save the extension");
          toastError("Save Failed", "Failed to save the extension", error);
        },
      },
    );
  };

  const del = (extension: Extension) =>
    remove.mutate(
      { numberId: number.id, extensionId: extension.id },
      {
        onSuccess: () =>
          toast({ title: "Extension Removed", description: `Extension ${extension.digits} removed.` }),
        onError: (error) => toastError("Delete Failed", "Failed to remove the extension", error),
      },
    );

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Callers hear the greeting, then press an extension. With no extension pressed, the call goes to
        voicemail.
      </p>
      {number.extensions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No extensions yet.</p>
      ) : (
        <ul aria-label="Extensions" className="grid divide-y rounded-md border">
          {number.extensions.map((extension) => (
            <li key={extension.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">
                  <span className="tabular-nums">{extension.digits}</span> · {extension.name}
                </p>
                <p className="text-xs text-muted-foreground wrap-anywhere">
                  {extensionTarget(extension, agentName)}
                </p>
              </div>
              {canManage ? (
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit extension ${extension.digits}`}
                    onClick={() => start(extension)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove extension ${extension.digits}`}
                    disabled={remove.isPending}
                    onClick={() => del(extension)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage && editing === null ? (
        <Button variant="outline" className="justify-self-start" onClick={() => start(null)}>
          <Plus aria-hidden /> Add Extension
        </Button>
      ) : null}
      {canManage && editing !== null ? (
        <form
          onSubmit={submit}
          aria-label={editing === "new" ? "New extension" : "Edit extension"}
          className="grid gap-3 rounded-md border p-3"
        >
          <div className="grid gap-3 sm:grid-cols-[6rem_1fr]">
            <Field label="Digits">
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  value={draft.digits}
                  maxLength={10}
                  placeholder="1"
                  onChange={(event) => set({ digits: event.target.value })}
                />
              )}
            </Field>
            <Field label="Name">
              {(props) => (
                <Input
                  {...props}
                  value={draft.name}
                  maxLength={80}
                  placeholder="Sales"
                  onChange={(event) => set({ name: event.target.value })}
                />
              )}
            </Field>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Sends callers to">
              {(props) => (
                <NativeSelect
                  {...props}
                  value={draft.target}
                  onChange={(event) => set({ target: event.target.value as Target })}
                >
                  {EXTENSION_TARGETS.map((target) => (
                    <option key={target} value={target}>
                      {TARGET_LABELS[target]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            {draft.target === "phone" ? (
              <Field label="Phone number">
                {(props) => (
                  <Input
                    {...props}
                    type="tel"
                    value={draft.forwardTo}
                    placeholder="+1 555 010 0100"
                    onChange={(event) => set({ forwardTo: event.target.value })}
                  />
                )}
              </Field>
            ) : draft.target === "agent" ? (
              <Field
                label="AI agent"
                hint={agents.data?.length === 0 ? "Create an AI agent under AI Agents first." : undefined}
              >
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={draft.agentId}
                    onChange={(event) => set({ agentId: event.target.value })}
                  >
                    <option value="">Choose an agent</option>
                    {(agents.data ?? []).map((agent) => (
                      <option key={agent.id} value={agent.id}>
                        {agent.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
            ) : null}
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Extension"}
            </Button>
            <Button variant="outline" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
