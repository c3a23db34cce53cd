import type { DialerAgent } from "@common/dialer";
import { PhoneForwarded } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { NativeSelect } from "../../../components/ui/native-select";
import { useHandOver } from "../api/desktop";
import { AGENT_STATUS_LABELS, toastFailure, toastSuccess } from "../labels";

/**
 * A cold transfer on the simulator: the call goes to another rep's console at once (they must be
 * available) and this rep goes to wrap-up.
 */
export function HandOverForm({ attemptId, agents }: { attemptId: string; agents: DialerAgent[] }) {
  const handOver = useHandOver();
  const [agentId, setAgentId] = useState("");
  const selectId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const to = agents.find((agent) => agent.id === agentId);
    if (!to) return;
    // The call leaves this console as soon as the server moves it, which can unmount this form
    // before the answer arrives: the toast hangs on the request itself, not on the component.
    handOver.mutateAsync({ attemptId, agentId }).then(
      () => toastSuccess(`Call transferred to ${to.name}`),
      (error: unknown) => toastFailure("Failed to transfer the call", error),
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Transfer the call"
      className="flex flex-wrap items-end gap-2 rounded-md border p-3"
    >
      <div className="grid min-w-48 flex-1 gap-1 text-sm">
        <label htmlFor={selectId} className="font-medium">
          Transfer to a rep
        </label>
        <NativeSelect id={selectId} value={agentId} onChange={(event) => setAgentId(event.target.value)}>
          <option value="">Choose a rep...</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id} disabled={agent.status !== "available"}>
              {agent.name} (ext. {agent.extension}):{" "}
              {agent.wrapUpUntil ? "Wrap-up" : AGENT_STATUS_LABELS[agent.status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" disabled={!agentId || handOver.isPending}>
        <PhoneForwarded aria-hidden /> Transfer now
      </Button>
    </form>
  );
}
