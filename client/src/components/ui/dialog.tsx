import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "../../lib/cn";
import { controlSignature, focusOwner, focusPageHeading, focusSameControl } from "./focus";

/** Closes the dialog it is rendered in (as the dialog's own Escape would). */
const CloseDialog = React.createContext<() => void>(() => {});

/**
 * The open dialogs, innermost last, each with what its Escape does: a toast shown above a dialog
 * is a layer of its own, and hands Escape down to the dialog instead of taking it.
 */
const openDialogs: ((event: KeyboardEvent) => void)[] = [];

/** Escape for the innermost open dialog; false when none is open. */
export function escapeTopDialog(event: KeyboardEvent): boolean {
  const top = openDialogs.at(-1);
  if (!top) return false;
  top(event);
  return true;
}

/**
 * Radix's Dialog.Root, controlled here (or by the caller) so that the content can close it when
 * Escape reaches it through a toast.
 */
export function Dialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Root>) {
  const [ownOpen, setOwnOpen] = React.useState(defaultOpen);
  const controlled = openProp !== undefined;
  const open = controlled ? openProp : ownOpen;
  const change = React.useRef(onOpenChange);
  change.current = onOpenChange;
  const setOpen = React.useCallback(
    (next: boolean) => {
      if (!controlled) setOwnOpen(next);
      change.current?.(next);
    },
    [controlled],
  );
  const close = React.useCallback(() => setOpen(false), [setOpen]);
  return (
    <CloseDialog.Provider value={close}>
      <DialogPrimitive.Root open={open} onOpenChange={setOpen} {...props} />
    </CloseDialog.Provider>
  );
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type Opener = { element: HTMLElement | null; signature: string };

/**
 * Mounted with the open dialog's content. Its first render runs before anything inside the
 * dialog takes focus (an autoFocus field, Radix's first tabbable), so the focused element then is
 * what opened the dialog: a plain button more often than the dialog's own trigger, which is all
 * Radix gives focus back to.
 */
function RememberOpener({
  opener,
  onEscape,
}: {
  opener: React.RefObject<Opener | null>;
  onEscape: (event: KeyboardEvent) => void;
}) {
  React.useState(() => {
    const element = focusOwner(document.activeElement);
    opener.current = { element, signature: element ? controlSignature(element) : "" };
    return null;
  });
  const handler = React.useRef(onEscape);
  handler.current = onEscape;
  React.useEffect(() => {
    const entry = (event: KeyboardEvent) => handler.current(event);
    openDialogs.push(entry);
    return () => {
      const at = openDialogs.indexOf(entry);
      if (at >= 0) openDialogs.splice(at, 1);
    };
  }, []);
  return null;
}

export function DialogContent({
  className,
  children,
  hideClose = false,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { hideClose?: boolean }) {
  const opener = React.useRef<Opener | null>(null);
  const close = React.useContext(CloseDialog);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg",
          className,
        )}
        onEscapeKeyDown={onEscapeKeyDown}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // Back to what opened the dialog (or the same control drawn again); when that is gone
          // (the sign-in button once signed in), to the screen's heading rather than the page body.
          event.preventDefault();
          const from = opener.current;
          if (!focusSameControl(from?.element ?? null, from?.signature)) focusPageHeading();
        }}
        {...props}
      >
        <RememberOpener
          opener={opener}
          onEscape={(event) => {
            onEscapeKeyDown?.(event);
            if (!event.defaultPrevented) close();
          }}
        />
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100">
            <XIcon className="size-4" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 text-left", className)} {...props} />;
}
export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold leading-none", className)} {...props} />;
}
export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}
