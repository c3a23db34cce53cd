import { Ellipsis } from "lucide-react";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { NavSection } from "../../app/navigation";
import { cn } from "../../lib/cn";
import { useOpenedOnce } from "../../lib/use-opened-once";

// The sheet (a Radix dialog) loads when first opened; the tab itself is part of the first load.
const MoreSheetDialog = lazy(() =>
  import("./more-sheet-dialog").then((m) => ({ default: m.MoreSheetDialog })),
);

/**
 * The bottom bars' last tab. The spec gives the phone layouts six or four tabs and no header
 * (no way to Settings, Subscription or Sign Out in a narrow window), so "More" opens a
 * sheet with the signed-in account, every other screen of the layout and Sign Out.
 */
export function MoreSheet({ sections }: { sections: NavSection[] }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const { pathname } = useLocation();
  const here = sections.some((section) => section.items.some((item) => item.to === pathname));
  return (
    <>
      {/* What a Radix Dialog.Trigger renders, without loading the dialog before it is wanted. */}
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={contentId}
        data-state={open ? "open" : "closed"}
        onClick={() => setOpen(true)}
        className={cn(
          "flex w-full cursor-pointer flex-col items-center gap-0.5 py-2 text-[11px] font-medium",
          here ? "text-primary" : "text-muted-foreground",
        )}
      >
        <Ellipsis className="size-5" aria-hidden />
        More
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <MoreSheetDialog
            open={open}
            onOpenChange={setOpen}
            sections={sections}
            contentId={contentId}
            returnFocusTo={trigger}
          />
        </Suspense>
      ) : null}
    </>
  );
}
