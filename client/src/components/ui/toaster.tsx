import { XIcon } from "lucide-react";
import { Toast } from "radix-ui";
import { cn } from "../../lib/cn";
import { dismissToast, TOAST_DURATION_MS, useToasts } from "../../lib/toast";
import { escapeTopDialog } from "./dialog";

/**
 * Radix Toast: swipe right past 50 px to dismiss, F8 focuses the notifications region. A toast is
 * a layer above whatever was open when it appeared; Escape still closes the open dialog first
 * (the toast stays until its own time, its close button or the next Escape).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          onEscapeKeyDown={(event) => {
            if (escapeTopDialog(event)) event.preventDefault();
          }}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-md border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
            item.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "bg-background text-foreground",
          )}
        >
          {/* A long unbroken word (an email address) wraps rather than widening the page. */}
          <div className="grid min-w-0 gap-1 wrap-anywhere">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
            aria-label="Close"
          >
            <XIcon className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]" />
    </Toast.Provider>
  );
}
