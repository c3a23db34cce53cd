import { INVITATION_DAYS } from "@common/workspaces";
import { Copy, Link2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../lib/toast";

export type ShownLink = { email: string; url: string; renewed: boolean };

/**
 * An invitation's link, in the one answer that carries it: only its hash is stored, so the page
 * says plainly that it will not be shown again, and offers Copy.
 */
export function InvitationLink({ link, onDone }: { link: ShownLink; onDone: () => void }) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  // The panel appears after a click elsewhere (Create, Renew): bring the keyboard to it.
  useEffect(() => {
    if (link.url) copyButton.current?.focus();
  }, [link.url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast({ title: "Link copied", description: `Send it to ${link.email}.` });
    } catch {
      input.current?.select();
      toast({
        title: "Copy the link",
        description:
          "This browser did not let the page copy: the link is selected, copy it with Ctrl+C or ⌘C.",
      });
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 wrap-anywhere"
      data-testid="invitation-link"
    >
      <h4 id={titleId} className="flex items-center gap-2 text-sm font-semibold">
        <Link2 className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0 wrap-anywhere">
          {link.renewed ? "New invitation link" : "Invitation link"} for {link.email}
        </span>
      </h4>
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`${titleId}-url`} className="sr-only">
          Invitation link
        </label>
        <Input
          ref={input}
          id={`${titleId}-url`}
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 basis-56 font-mono text-xs"
        />
        <Button ref={copyButton} onClick={() => void copy()}>
          <Copy aria-hidden /> Copy link
        </Button>
      </div>
      <p className="text-sm">
        <strong>This link is shown only once.</strong> Copy it now and send it to {link.email}; it works for{" "}
        {INVITATION_DAYS} days.
        {link.renewed ? " The previous link no longer works." : ""} If it gets lost, renew the invitation for
        a new link.
      </p>
      <Button variant="outline" size="sm" onClick={onDone} className="justify-self-start">
        Done
      </Button>
    </section>
  );
}
