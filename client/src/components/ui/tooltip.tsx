import { Tooltip as TooltipPrimitive } from "radix-ui";
import { type ComponentProps, createContext, type ReactNode, useContext } from "react";
import { cn } from "../../lib/cn";

/** A tooltip shows after 700 ms; moving to the next one within 300 ms shows it at once. */
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

const Grouped = createContext(false);

/**
 * Shares the delays among the tooltips inside it (a toolbar, a table), so the 300 ms skip works
 * from one to the next. Kept out of the app-wide providers: Radix Tooltip brings its positioning
 * engine (about 20 KB gzipped), which only the screens that show tooltips should load.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={DELAY_MS} skipDelayDuration={SKIP_DELAY_MS}>
      <Grouped.Provider value={true}>{children}</Grouped.Provider>
    </TooltipPrimitive.Provider>
  );
}

/** A tooltip with the spec's delays, inside a TooltipProvider or on its own. */
export function Tooltip({ children, ...props }: ComponentProps<typeof TooltipPrimitive.Root>) {
  const root = <TooltipPrimitive.Root {...props}>{children}</TooltipPrimitive.Root>;
  return useContext(Grouped) ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 4,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md",
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
