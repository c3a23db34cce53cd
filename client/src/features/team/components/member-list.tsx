import { type Member, ROLE_LABELS } from "@common/workspaces";
import { Crown, UserMinus } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { NativeSelect } from "../../../components/ui/native-select";
import { formatDateTime } from "../../../lib/format";
import { toast, toastError } from "../../../lib/toast";
import { useChangeMemberRole } from "../api/change-member-role";
import { useRemoveMember } from "../api/remove-member";
import { useTransferOwnership } from "../api/transfer-ownership";
import { RoleBadge } from "./role-badge";

const nameOf = (member: Member) => member.fullName?.trim() || member.username;

/**
 * The members, each with their role. The owner changes another member's role (agent or admin),
 * removes them, or hands them the ownership; everyone else sees the list as it is.
 */
export function MemberList({
  members,
  workspaceName,
  isOwner,
  timeZone,
}: {
  members: Member[];
  workspaceName: string;
  isOwner: boolean;
  timeZone: string;
}) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [handingOver, setHandingOver] = useState<Member | null>(null);

  return (
    <>
      <ul className="divide-y rounded-md border" aria-label="Members">
        {members.map((member) => {
          const name = nameOf(member);
          const manageable = isOwner && !member.isYou && member.role !== "owner";
          return (
            <li
              key={member.userId}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3"
              data-testid="member-row"
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="min-w-0 wrap-anywhere">{name}</span>
                  {member.isYou ? <Badge variant="success">You</Badge> : null}
                </p>
                <p className="text-sm wrap-anywhere text-muted-foreground">{member.email}</p>
                <p className="text-xs text-muted-foreground">
                  Joined {formatDateTime(member.joinedAt, timeZone, "MMM d, yyyy")}
                </p>
              </div>
              {manageable ? (
                <div className="flex flex-wrap items-center gap-2">
                  <label htmlFor={`role-${member.userId}`} className="sr-only">
                    Role of {name}
                  </label>
                  <NativeSelect
                    id={`role-${member.userId}`}
                    value={member.role}
                    disabled={changeRole.isPending}
                    className="w-28"
                    onChange={(event) => {
                      const role = event.target.value === "admin" ? "admin" : "agent";
                      changeRole.mutate(
                        { userId: member.userId, role },
                        {
                          onSuccess: (changed) =>
                            toast({
                              title: "Role changed",
                              description: `${name} is now ${changed.role === "admin" ? "an admin" : "an agent"}.`,
                            }),
                          onError: (failure) =>
                            toastError("Role Not Changed", "Could not change the role", failure),
                        },
                      );
                    }}
                  >
                    <option value="agent">{ROLE_LABELS.agent}</option>
                    <option value="admin">{ROLE_LABELS.admin}</option>
                  </NativeSelect>
                  <Button variant="outline" size="sm" onClick={() => setHandingOver(member)}>
                    <Crown aria-hidden /> Make owner
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive"
                    onClick={() => setRemoving(member)}
                  >
                    <UserMinus aria-hidden /> Remove
                  </Button>
                </div>
              ) : (
                <RoleBadge role={member.role} />
              )}
            </li>
          );
        })}
      </ul>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={removing ? `Remove ${nameOf(removing)}?` : "Remove"}
        description={
          removing
            ? `${nameOf(removing)} loses access to ${workspaceName} at once: they are signed out of it everywhere. Their own account stays. To bring them back, invite them again.`
            : ""
        }
        keepLabel="Keep"
        confirmLabel="Remove from team"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          const name = nameOf(removing);
          remove.mutate(removing.userId, {
            onSuccess: () => {
              setRemoving(null);
              toast({
                title: "Member removed",
                description: `${name} no longer has access to ${workspaceName}.`,
              });
            },
            onError: (failure) => toastError("Not Removed", "Could not remove the member", failure),
          });
        }}
      />

      <ConfirmDialog
        open={handingOver !== null}
        onOpenChange={(open) => (open ? undefined : setHandingOver(null))}
        title={handingOver ? `Make ${nameOf(handingOver)} the owner?` : "Transfer ownership"}
        description={
          handingOver
            ? `${nameOf(handingOver)} becomes the owner of ${workspaceName}: billing, invitations, roles and removals. You become an admin, and only the new owner can hand the ownership back.`
            : ""
        }
        keepLabel="Keep ownership"
        confirmLabel="Transfer ownership"
        pendingLabel="Transferring..."
        pending={transfer.isPending}
        onConfirm={() => {
          if (!handingOver) return;
          const name = nameOf(handingOver);
          transfer.mutate(handingOver.userId, {
            onSuccess: () => {
              setHandingOver(null);
              toast({
                title: "Ownership transferred",
                description: `${name} is now the owner. You are an admin.`,
              });
            },
            onError: (failure) => toastError("Not Transferred", "Could not transfer the ownership", failure),
          });
        }}
      />
    </>
  );
}
