import { Star } from "lucide-react";
import { cn } from "../../../lib/cn";

const SCALE = 5;

/** Satisfaction on a scale of 5; 0 (or none recorded) fills no star. */
export function SatisfactionStars({ value, className }: { value: number | null; className?: string }) {
  const filled = Math.max(0, Math.min(SCALE, Math.round(value ?? 0)));
  const label = `${filled} out of ${SCALE} stars`;
  return (
    <span role="img" aria-label={label} title={label} className={cn("inline-flex gap-0.5", className)}>
      {Array.from({ length: SCALE }, (_, i) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of five stars
          key={i}
          aria-hidden
          className={cn("size-4", i < filled ? "fill-amber-400 text-amber-500" : "text-muted-foreground/40")}
        />
      ))}
    </span>
  );
}
