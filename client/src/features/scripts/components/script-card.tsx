import { type Script, TRANSFER_CONDITION_LABELS } from "@common/scripts";
import { Pencil, Star, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { SCRIPT_TYPE_LABELS, TONE_LABELS, VOICE_LABELS } from "../labels";

/** One script: what callers hear first, how it transfers, and Edit, Make default and delete. */
export function ScriptCard({
  script,
  manage,
  onEdit,
  onDelete,
  onMakeDefault,
  makingDefault,
}: {
  script: Script;
  /** Admins and the owner change scripts; agents only read them. */
  manage: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  makingDefault: boolean;
}) {
  const rules = script.transferRules;
  const transfer = [
    rules.keywords.length ? `the caller says ${rules.keywords.map((word) => `"${word}"`).join(", ")}` : null,
    rules.minutes !== null ? `after ${rules.minutes} min` : null,
    ...rules.conditions.map((condition) => TRANSFER_CONDITION_LABELS[condition].toLowerCase()),
  ].filter(Boolean);
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm"
      aria-label={script.name}
      data-testid="script-card"
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold wrap-anywhere">{script.name}</h2>
        <div className="flex flex-wrap gap-1.5">
          {script.isDefault ? (
            <Badge>
              <Star className="mr-1 size-3" aria-hidden /> Default
            </Badge>
          ) : null}
          <Badge variant="secondary">{SCRIPT_TYPE_LABELS[script.scriptType]}</Badge>
          {script.isActive ? null : <Badge variant="outline">Inactive</Badge>}
        </div>
      </div>
      {script.description ? (
        <p className="text-sm text-muted-foreground wrap-anywhere">{script.description}</p>
      ) : null}
      <figure className="grid gap-1 rounded-md bg-muted/60 p-3 text-sm">
        <figcaption className="text-xs font-medium text-muted-foreground">Opening message</figcaption>
        <blockquote className="wrap-anywhere" data-testid="opening-message">
          {script.openingMessage}
        </blockquote>
      </figure>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-muted-foreground">Voice</dt>
        <dd>
          {VOICE_LABELS[script.voiceSettings.voice]}, {script.voiceSettings.speed}× speed,{" "}
          {script.voiceSettings.pitch} pitch
        </dd>
        <dt className="text-muted-foreground">Personality</dt>
        <dd>
          {TONE_LABELS[script.personalityTraits.tone]}, empathy {script.personalityTraits.empathy}, formality{" "}
          {script.personalityTraits.formality}
        </dd>
        <dt className="text-muted-foreground">Transfers</dt>
        <dd className="wrap-anywhere" data-testid="transfer-summary">
          {transfer.length
            ? `To ${rules.transferNumber ?? "the owner's cell"} when: ${transfer.join(" · ")}`
            : "Never"}
        </dd>
        <dt className="text-muted-foreground">Steps and rules</dt>
        <dd>
          {script.conversationFlow.length} flow {script.conversationFlow.length === 1 ? "step" : "steps"},{" "}
          {script.businessRules.length} business {script.businessRules.length === 1 ? "rule" : "rules"}
        </dd>
      </dl>
      {manage ? (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${script.name}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          {script.isDefault ? null : (
            <Button
              variant="outline"
              size="sm"
              onClick={onMakeDefault}
              disabled={makingDefault}
              aria-label={makingDefault ? undefined : `Make default: ${script.name}`}
            >
              <Star aria-hidden /> {makingDefault ? "Saving..." : "Make default"}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            className="text-destructive"
            onClick={onDelete}
            aria-label={`Delete ${script.name}`}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
