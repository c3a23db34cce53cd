import type { ScriptTemplate } from "@common/scripts";
import { FilePlus2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { SCRIPT_TYPE_LABELS } from "../labels";

/** One catalogue template: what it is for, how it opens, and Use Template. */
export function TemplateCard({
  template,
  manage,
  onUse,
  using,
}: {
  template: ScriptTemplate;
  manage: boolean;
  onUse: () => void;
  using: boolean;
}) {
  const data = template.templateData;
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm"
      aria-label={template.name}
      data-testid="template-card"
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold wrap-anywhere">{template.name}</h2>
        <Badge variant="secondary">{template.category}</Badge>
      </div>
      <p className="text-sm text-muted-foreground wrap-anywhere">{template.description}</p>
      <figure className="grid gap-1 rounded-md bg-muted/60 p-3 text-sm">
        <figcaption className="text-xs font-medium text-muted-foreground">Opening message</figcaption>
        <blockquote className="wrap-anywhere">{data.openingMessage}</blockquote>
      </figure>
      <p className="text-xs text-muted-foreground">
        {SCRIPT_TYPE_LABELS[data.scriptType]} · {template.industry} · {data.conversationFlow.length} steps ·{" "}
        {data.businessRules.length} rules
        {template.testCases.length ? ` · ${template.testCases.length} test cases` : ""} · used{" "}
        {template.usageCount.toLocaleString()} {template.usageCount === 1 ? "time" : "times"}
      </p>
      {manage ? (
        <Button
          className="mt-auto w-fit"
          size="sm"
          onClick={onUse}
          disabled={using}
          aria-label={using ? undefined : `Use Template ${template.name}`}
        >
          <FilePlus2 aria-hidden /> {using ? "Creating..." : "Use Template"}
        </Button>
      ) : null}
    </li>
  );
}
