import { RefreshCw } from "lucide-react";
import type * as React from "react";
import { Button } from "../../../components/ui/button";

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-1 gap-3">
      {[0, 1].map((i) => (
        <div key={i} className="h-28 animate-pulse rounded-lg bg-muted" />
      ))}
      <span className="sr-only">{label}...</span>
    </div>
  );
}

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border py-10 text-center">
      <p className="font-semibold">{what}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}

export function Empty({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center">
      {icon}
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  );
}
