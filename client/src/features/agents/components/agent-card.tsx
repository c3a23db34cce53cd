import type { Agent } from "@common/agents";
import { Pause, Pencil, Play, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { CARD_KEYWORDS } from "../agent-form";
import { percent, SPECIALIZATION_LABELS, STATUS_LABELS } from "../labels";

const STATUS_VARIANT = { active: "success", paused: "warning", inactive: "outline" } as const;

/** One agent: extension, specialization, status, at most three keywords, its figures, and its actions. */
export function AgentCard({
  agent,
  manage,
  onToggle,
  toggling,
  onEdit,
  onDelete,
}: {
  agent: Agent;
  /** Admins and the owner change agents; agents only see them. */
  manage: boolean;
  onToggle: () => void;
  toggling: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const shown = agent.keywords.slice(0, CARD_KEYWORDS);
  const more = agent.keywords.length - shown.length;
  const active = agent.status === "active";
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm"
      aria-label={agent.name}
      data-testid="agent-card"
    >
      <div className="flex min-w-0 items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h2 className="font-semibold wrap-anywhere">{agent.name}</h2>
          <p className="text-sm text-muted-foreground">
            Ext. {agent.extension} · {SPECIALIZATION_LABELS[agent.specialization]}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[agent.status]} data-testid="agent-status">
          {STATUS_LABELS[agent.status]}
        </Badge>
      </div>
      {agent.purpose ? <p className="text-sm wrap-anywhere">{agent.purpose}</p> : null}
      {shown.length ? (
        <ul aria-label="Keywords" className="flex flex-wrap gap-1.5">
          {shown.map((keyword) => (
            <li key={keyword}>
              <Badge variant="secondary" className="max-w-48 truncate">
                {keyword}
              </Badge>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Badge variant="outline">+{more} more</Badge>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No keywords: calls reach it by extension only.</p>
      )}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Calls handled</dt>
          <dd className="font-semibold tabular-nums">{agent.callsHandled.toLocaleString()}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Success rate</dt>
          <dd className="font-semibold tabular-nums">
            {agent.callsHandled ? percent(agent.successRate) : "—"}
          </dd>
        </div>
      </dl>
      {manage ? (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={active ? "outline" : "default"}
            onClick={onToggle}
            disabled={toggling}
            aria-label={`${active ? "Pause" : "Activate"} ${agent.name}`}
          >
            {active ? <Pause aria-hidden /> : <Play aria-hidden />}
            {active ? "Pause" : "Activate"}
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${agent.name}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive"
            onClick={onDelete}
            aria-label={`Delete ${agent.name}`}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
