import { Field } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import { useAiAgents } from "../../../lib/shared-api/get-ai-agents";
import { useScripts } from "../../../lib/shared-api/get-ai-scripts";

/** "Route automatically" (empty) or one agent to ask directly (its id, sent as agentType). */
export function AgentChoice({
  value,
  onChange,
  label = "Agent",
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  const agents = useAiAgents();
  return (
    <Field
      label={label}
      hint={agents.isError ? "The agents could not be loaded; routing still works." : undefined}
    >
      {(props) => (
        <NativeSelect {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Route automatically</option>
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name} (ext. {agent.extension}){agent.status === "active" ? "" : `, ${agent.status}`}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** The workspace's default script (empty) or one script to answer with. */
export function ScriptChoice({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const scripts = useScripts();
  return (
    <Field label="Script">
      {(props) => (
        <NativeSelect {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Default script</option>
          {(scripts.data ?? []).map((script) => (
            <option key={script.id} value={script.id}>
              {script.name}
              {script.isDefault ? " (default)" : ""}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
