import type * as React from "react";
import { Card, CardContent } from "../../../components/ui/card";

/** One figure with its label and a line under it. */
export function StatCard({
  label,
  value,
  hint,
  icon,
}: {
  label: string;
  value: React.ReactNode;
  hint?: string;
  icon?: React.ReactNode;
}) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-4">
        <p className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          {label} {icon}
        </p>
        <div
          className="text-2xl font-bold"
          data-testid={`admin-stat-${label.toLowerCase().replace(/\W+/g, "-")}`}
        >
          {value}
        </div>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}
