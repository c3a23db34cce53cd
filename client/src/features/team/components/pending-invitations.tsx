import type { Invitation } from "@common/workspaces";
import { RefreshCw, X } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { toast, toastError } from "../../../lib/toast";
import { useRenewInvitation } from "../api/renew-invitation";
import { useWithdrawInvitation } from "../api/withdraw-invitation";
import type { ShownLink } from "./invitation-link";
import { RoleBadge } from "./role-badge";

/** Invitations not yet accepted, with their expiry; the owner renews a link or withdraws it. */
export function PendingInvitations({
  invitations,
  isOwner,
  timeZone,
  onRenewed,
}: {
  invitations: Invitation[];
  isOwner: boolean;
  timeZone: string;
  onRenewed: (link: ShownLink) => void;
}) {
  const renew = useRenewInvitation();
  const withdraw = useWithdrawInvitation();
  return (
    <ul className="divide-y rounded-md border" aria-label="Pending invitations">
      {invitations.map((invitation) => (
        <li
          key={invitation.id}
          className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3"
          data-testid="invitation-row"
        >
          <div className="min-w-0 flex-1 basis-48">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="min-w-0 wrap-anywhere">{invitation.email}</span>
              <RoleBadge role={invitation.role} />
            </p>
            <p className="text-xs text-muted-foreground">
              Invited by {invitation.invitedBy} · expires{" "}
              {formatDateTime(invitation.expiresAt, timeZone, "MMM d, yyyy h:mm a")}
            </p>
          </div>
          {isOwner ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={renew.isPending}
                aria-label={`Renew link for ${invitation.email}`}
                onClick={() =>
                  renew.mutate(invitation.id, {
                    onSuccess: ({ url }) => {
                      toast({
                        title: "New link ready",
                        description: "Copy it now: the previous link no longer works.",
                      });
                      onRenewed({ email: invitation.email, url, renewed: true });
                    },
                    onError: (failure) =>
                      toastError("Not Renewed", "Could not renew the invitation", failure),
                  })
                }
              >
                <RefreshCw aria-hidden /> Renew link
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive"
                disabled={withdraw.isPending}
                aria-label={`Withdraw invitation for ${invitation.email}`}
                onClick={async () => {
                  // Awaited, not `mutate`'s callbacks: withdrawing the last invitation removes this list.
                  try {
                    await withdraw.mutateAsync(invitation.id);
                    toast({
                      title: "Invitation withdrawn",
                      description: `The link sent to ${invitation.email} no longer works.`,
                    });
                  } catch (failure) {
                    toastError("Not Withdrawn", "Could not withdraw the invitation", failure);
                  }
                }}
              >
                <X aria-hidden /> Withdraw
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
