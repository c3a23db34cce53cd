import { ROLE_DESCRIPTIONS, ROLE_LABELS, type TeamOut, WORKSPACE_ROLES } from "@common/workspaces";
import { LogOut, Users } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useUser } from "../../../lib/auth/use-user";
import { toast, toastError } from "../../../lib/toast";
import { useTeam } from "../api/get-team";
import { useLeaveWorkspace } from "../api/leave-workspace";
import { InvitationLink, type ShownLink } from "./invitation-link";
import { InviteForm } from "./invite-form";
import { MemberList } from "./member-list";
import { PendingInvitations } from "./pending-invitations";
import { WorkspaceNameForm } from "./workspace-name-form";

/**
 * Settings → Team: the workspace, its seats, members and pending invitations. What a person may
 * change follows their role in the team's own answer (fresher than the account's): admins rename
 * the workspace; the owner invites, changes roles, removes and hands over the ownership; anyone
 * but the owner may leave. Nothing is offered that the server would refuse for the role.
 */
export function TeamSection() {
  const titleId = useId();
  const team = useTeam();
  const { user } = useUser();
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="team-section">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Users className="size-5" aria-hidden />
          Team
        </CardTitle>
        <CardDescription>Who works in this workspace, and what each person may do.</CardDescription>
      </CardHeader>
      {/* Names and addresses are the person's own: one long word must wrap, not widen the page. */}
      <CardContent className="grid gap-6 wrap-anywhere">
        {team.isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your team...
          </p>
        ) : team.isError || !team.data || !user ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your team. Please reload the page.
          </p>
        ) : (
          <TeamBody team={team.data} timeZone={user.timezone} />
        )}
      </CardContent>
    </Card>
  );
}

function TeamBody({ team, timeZone }: { team: TeamOut; timeZone: string }) {
  const [shownLink, setShownLink] = useState<ShownLink | null>(null);
  const myRole = team.members.find((member) => member.isYou)?.role ?? "agent";
  const isOwner = myRole === "owner";
  const canRename = myRole !== "agent";
  const { workspace, seats, members, invitations } = team;
  const full = seats.limit !== -1 && seats.used >= seats.limit;

  return (
    <>
      <div className="grid gap-3">
        {canRename ? (
          <WorkspaceNameForm name={workspace.name} />
        ) : (
          <div>
            <p className="text-sm font-medium">Workspace</p>
            <p className="wrap-anywhere" data-testid="workspace-name">
              {workspace.name}
            </p>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="seats">
          <span>
            {seats.limit === -1 ? (
              <>
                <strong>{seats.used}</strong> seats used: the {workspace.planName} plan has no limit
              </>
            ) : (
              <>
                <strong>
                  {seats.used} of {seats.limit}
                </strong>{" "}
                seats used on the {workspace.planName} plan
              </>
            )}
            <span className="text-muted-foreground"> (members and pending invitations)</span>
          </span>
          {full ? (
            <>
              <Badge variant="warning">Full</Badge>
              {isOwner ? (
                <Link to="/subscription" className="font-medium text-primary underline">
                  Upgrade to add people
                </Link>
              ) : (
                <span className="text-muted-foreground">The owner can upgrade the plan to add people.</span>
              )}
            </>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="team-members" className="grid gap-2">
        <h3 id="team-members" className="font-semibold">
          Members ({members.length})
        </h3>
        <MemberList members={members} workspaceName={workspace.name} isOwner={isOwner} timeZone={timeZone} />
        <dl className="grid gap-1 text-xs text-muted-foreground sm:grid-cols-3">
          {WORKSPACE_ROLES.map((role) => (
            <div key={role}>
              <dt className="inline font-semibold text-foreground">{ROLE_LABELS[role]}: </dt>
              <dd className="inline">{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
      </section>

      {isOwner ? (
        <section aria-labelledby="team-invite" className="grid gap-3">
          <h3 id="team-invite" className="font-semibold">
            Invite a colleague
          </h3>
          <InviteForm onInvited={setShownLink} />
          {shownLink ? <InvitationLink link={shownLink} onDone={() => setShownLink(null)} /> : null}
        </section>
      ) : null}

      {invitations.length > 0 ? (
        <section aria-labelledby="team-invitations" className="grid gap-2">
          <h3 id="team-invitations" className="font-semibold">
            Pending invitations ({invitations.length})
          </h3>
          <PendingInvitations
            invitations={invitations}
            isOwner={isOwner}
            timeZone={timeZone}
            onRenewed={setShownLink}
          />
        </section>
      ) : null}

      {isOwner ? (
        <p className="text-sm text-muted-foreground">
          As the owner you cannot leave {workspace.name}; make someone else the owner first.
        </p>
      ) : (
        <LeaveWorkspace workspaceName={workspace.name} />
      )}
    </>
  );
}

function LeaveWorkspace({ workspaceName }: { workspaceName: string }) {
  const leave = useLeaveWorkspace();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        <LogOut aria-hidden /> Leave workspace
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Leave ${workspaceName}?`}
        description="You lose access to its calls, contacts and settings at once, and this browser is signed out. To come back you need a new invitation."
        keepLabel="Stay"
        confirmLabel="Leave workspace"
        pendingLabel="Leaving..."
        pending={leave.isPending}
        onConfirm={async () => {
          // Awaited, not `mutate`'s callbacks: leaving signs this browser out, which takes this
          // section (and them) away before the answer is handled.
          try {
            await leave.mutateAsync();
            toast({
              title: `You left ${workspaceName}`,
              description: "Sign in again to work in your own workspace.",
            });
            navigate("/");
          } catch (failure) {
            toastError("Could Not Leave", "Could not leave the workspace", failure);
          }
        }}
      />
    </div>
  );
}
