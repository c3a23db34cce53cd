import { Bot } from "lucide-react";
import { Checkbox } from "../../../components/ui/checkbox";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { useAiAgents } from "../../../lib/shared-api/get-ai-agents";

/**
 * The AI agents staffing a campaign, each with the calls it takes at once.
 * A campaign they staff dials only leads with recorded consent for AI-voice calls.
 */
export function AiStaffingField({
  value,
  onChange,
  error,
}: {
  value: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  error: string | undefined;
}) {
  const agents = useAiAgents();
  const toggle = (id: string, on: boolean) => {
    const next = { ...value };
    if (on) next[id] = next[id] ?? "1";
    else delete next[id];
    onChange(next);
  };
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-3" aria-describedby="ai-staffing-hint">
      <legend className="flex items-center gap-1.5 px-1 text-sm font-semibold">
        <Bot className="size-4" aria-hidden /> AI agents
      </legend>
      <p id="ai-staffing-hint" className="text-xs text-muted-foreground">
        AI agents answer connected calls beside your people and say they are an AI. A campaign they staff
        calls only leads who consented to AI-voice calls.
      </p>
      {agents.isPending ? (
        <p className="text-sm text-muted-foreground">Loading AI agents...</p>
      ) : agents.isError ? (
        <p className="text-sm text-destructive">The AI agents could not be loaded.</p>
      ) : agents.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No AI agents yet: create one on AI Agents.</p>
      ) : (
        <ul className="grid gap-2">
          {agents.data.map((agent) => {
            const chosen = agent.id in value;
            const boxId = `ai-staff-${agent.id}`;
            return (
              <li key={agent.id} className="grid grid-cols-[auto_minmax(0,1fr)_6rem] items-center gap-2">
                <Checkbox
                  id={boxId}
                  checked={chosen}
                  onCheckedChange={(on) => toggle(agent.id, on === true)}
                />
                <Label htmlFor={boxId} className="min-w-0 wrap-anywhere">
                  {agent.name} <span className="text-muted-foreground">· ext. {agent.extension}</span>
                </Label>
                {chosen ? (
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={100}
                    step={1}
                    value={value[agent.id]}
                    aria-label={`Calls ${agent.name} takes at once`}
                    onChange={(event) => onChange({ ...value, [agent.id]: event.target.value })}
                  />
                ) : (
                  <span />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error ? <p className="text-xs text-destructive">{error}</p> : null}
    </fieldset>
  );
}
