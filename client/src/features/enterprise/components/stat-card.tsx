import { Card, CardContent } from "../../../components/ui/card";

/** One figure with its label, as the dashboard's tabs show them. */
export function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-4">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold" data-testid={`stat-${label.toLowerCase().replace(/\W+/g, "-")}`}>
          {value}
        </p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}
