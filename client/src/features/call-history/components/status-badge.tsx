import { Badge } from "../../../components/ui/badge";

type Variant = "default" | "secondary" | "destructive" | "success" | "warning" | "outline";

const VARIANTS: Record<string, Variant> = {
  completed: "success",
  blocked: "destructive",
  in_progress: "default",
  on_hold: "warning",
  missed: "warning",
  no_answer: "warning",
  busy: "warning",
  failed: "destructive",
};

export function statusLabel(status: string): string {
  return status.replaceAll("_", " ");
}

/** A call's status (completed, blocked, missed, ...) as a badge. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={VARIANTS[status] ?? "secondary"} className="capitalize">
      {statusLabel(status)}
    </Badge>
  );
}
