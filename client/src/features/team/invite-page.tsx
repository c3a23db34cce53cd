import { displayName } from "@common/user";
import {
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_OTHER_EMAIL,
  INVITATION_REVOKED,
  INVITATION_USED,
  type InvitationPreview,
  type InvitationStatus,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
} from "@common/workspaces";
import { Loader2, MailOpen, TriangleAlert } from "lucide-react";
import { type ComponentType, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { useLogout } from "../../lib/auth/logout";
import { useUser } from "../../lib/auth/use-user";
import { formatDateTime } from "../../lib/format";
import { serverMessage, toast } from "../../lib/toast";
import { useAcceptInvitation } from "./api/accept-invitation";
import { useInvitation } from "./api/get-invitation";

/** The sign-up form for an invited address (the auth feature's; the route table hands it in). */
export type InviteSignUpProps = {
  email: string;
  invitationToken: string;
  workspaceName: string;
  onDone: () => void;
  onSignInInstead: () => void;
};
/** The sign-in form, with the invited address filled in. */
export type InviteSignInProps = { defaultLogin: string; onDone: () => void };

/** What an invitation that cannot be used any more says, in the server's words. */
const CLOSED: Record<Exclude<InvitationStatus, "pending">, { title: string; message: string }> = {
  expired: { title: "This invitation has expired", message: INVITATION_EXPIRED },
  accepted: { title: "This invitation has been used", message: INVITATION_USED },
  revoked: { title: "This invitation was withdrawn", message: INVITATION_REVOKED },
};

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const withArticle = (role: "agent" | "admin") => (role === "admin" ? "an admin" : "an agent");

/**
 * /invite/:token, open to everyone: who invites whom to which workspace, as which role, until
 * when; then the way in. Signed out: sign up with the invited address (the account joins the
 * workspace) or sign in and join. Signed in: join, or, as another address, the reason and a way
 * to sign out. A link that no longer works says why and what to do.
 */
export function InvitePage({
  SignUpForm,
  SignInForm,
}: {
  SignUpForm: ComponentType<InviteSignUpProps>;
  SignInForm: ComponentType<InviteSignInProps>;
}) {
  const { token = "" } = useParams();
  const { user, isLoading: userLoading } = useUser();
  const invitation = useInvitation(token);
  const navigate = useNavigate();
  // Set from the moment the person is joining: the link is spent and the page moves to the
  // dashboard, so what the page would read meanwhile ("already used") must not show.
  const [joining, setJoining] = useState<string | null>(null);
  // Here, not in the part that asks: signing in swaps the signed-out part for the signed-in one
  // while the join is on its way, and the answer must still find its way back.
  const joinState = useJoin(token, setJoining);

  if (joining) {
    return (
      <Centered>
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Opening {joining}...
        </p>
      </Centered>
    );
  }
  if (invitation.isLoading || userLoading) {
    return (
      <Centered>
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your invitation...
        </p>
      </Centered>
    );
  }
  if (invitation.isError || !invitation.data) {
    const error = invitation.error;
    const unknown = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <ClosedInvitation
        title={unknown ? "This invitation link is not valid" : "Could not open this invitation"}
        message={
          unknown
            ? (serverMessage(error) ?? INVITATION_NOT_FOUND)
            : "Something went wrong while loading it. Please reload the page."
        }
        signedIn={Boolean(user)}
        SignInForm={SignInForm}
        onSignedIn={() => navigate("/")}
      />
    );
  }

  const preview = invitation.data;
  if (preview.status !== "pending") {
    const closed = CLOSED[preview.status];
    return (
      <ClosedInvitation
        title={closed.title}
        message={closed.message}
        signedIn={Boolean(user)}
        workspaceName={preview.status === "accepted" ? preview.workspaceName : undefined}
        SignInForm={SignInForm}
        onSignedIn={() => navigate("/")}
      />
    );
  }

  const timeZone = user?.timezone ?? browserTimeZone();
  return (
    <Centered>
      <Card>
        <CardHeader>
          <MailOpen className="size-8 text-primary" aria-hidden />
          <h1 className="text-2xl font-bold wrap-anywhere">Join {preview.workspaceName}</h1>
          <CardDescription className="text-base text-foreground">
            <strong className="wrap-anywhere">{preview.invitedBy}</strong> invited{" "}
            <strong className="wrap-anywhere">{preview.email}</strong> to join{" "}
            <strong className="wrap-anywhere">{preview.workspaceName}</strong> as {withArticle(preview.role)}.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <dl className="grid gap-2 rounded-md border bg-muted/50 p-3 text-sm">
            <div>
              <dt className="inline font-medium">{ROLE_LABELS[preview.role]}: </dt>
              <dd className="inline text-muted-foreground">{ROLE_DESCRIPTIONS[preview.role]}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Expires: </dt>
              <dd className="inline text-muted-foreground" data-testid="invitation-expiry">
                {formatDateTime(preview.expiresAt, timeZone, "MMMM d, yyyy 'at' h:mm a")}
              </dd>
            </div>
          </dl>
          {user ? (
            <SignedInJoin
              preview={preview}
              signedInAs={{ name: displayName(user), email: user.email }}
              {...joinState}
            />
          ) : (
            <SignedOutJoin
              token={token}
              preview={preview}
              SignUpForm={SignUpForm}
              SignInForm={SignInForm}
              onJoining={setJoining}
              join={joinState.join}
            />
          )}
        </CardContent>
      </Card>
    </Centered>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto grid w-full max-w-lg gap-6 py-4 md:py-10">{children}</div>;
}

/** Accepting, shared by the Join button and sign-in: lands on the workspace's dashboard. */
type JoinState = {
  join: (workspaceName: string) => void;
  pending: boolean;
  refusal: { message: string; otherAccount: boolean } | null;
};

function useJoin(token: string, onJoining: (name: string | null) => void): JoinState {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<{ message: string; otherAccount: boolean } | null>(null);
  const join = (workspaceName: string) => {
    setRefusal(null);
    onJoining(workspaceName);
    accept.mutate(token, {
      onSuccess: ({ workspace }) => {
        toast({
          title: `You joined ${workspace.name}`,
          description: `You are working in ${workspace.name} as ${withArticle(workspace.role === "admin" ? "admin" : "agent")}.`,
        });
        navigate("/");
      },
      onError: (error) => {
        onJoining(null);
        setRefusal({
          message: serverMessage(error) ?? "Could not join the workspace. Please try again.",
          otherAccount: error instanceof ApiError && error.status === 403,
        });
      },
    });
  };
  return { join, pending: accept.isPending, refusal };
}

function SignedInJoin({
  preview,
  signedInAs,
  join,
  pending,
  refusal,
}: {
  preview: InvitationPreview;
  signedInAs: { name: string; email: string };
} & JoinState) {
  const otherAccount = signedInAs.email.toLowerCase() !== preview.email.toLowerCase();
  const logout = useLogout();
  const signOut = (
    <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
      Sign out
    </Button>
  );

  if (otherAccount || refusal?.otherAccount) {
    return (
      <div className="grid gap-3">
        <div
          role="alert"
          className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <div className="grid min-w-0 gap-1">
            <p>{refusal?.message ?? INVITATION_OTHER_EMAIL}</p>
            <p className="wrap-anywhere text-muted-foreground">
              You are signed in as {signedInAs.name} ({signedInAs.email}).
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {signOut}
          <Button variant="ghost" asChild>
            <Link to="/">Go to your dashboard</Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm wrap-anywhere text-muted-foreground">
        You are signed in as {signedInAs.name} ({signedInAs.email}).
      </p>
      {refusal ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {refusal.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => join(preview.workspaceName)}
          disabled={pending}
          className="h-auto min-h-9 whitespace-normal"
        >
          {pending ? "Joining..." : `Join ${preview.workspaceName}`}
        </Button>
        <Button variant="ghost" asChild>
          <Link to="/">Not now</Link>
        </Button>
      </div>
    </div>
  );
}

function SignedOutJoin({
  token,
  preview,
  SignUpForm,
  SignInForm,
  onJoining,
  join,
}: {
  token: string;
  preview: InvitationPreview;
  SignUpForm: ComponentType<InviteSignUpProps>;
  SignInForm: ComponentType<InviteSignInProps>;
  onJoining: (name: string | null) => void;
  join: (workspaceName: string) => void;
}) {
  const navigate = useNavigate();
  // Someone whose address already has an account is offered signing in first.
  const [mode, setMode] = useState<"signup" | "signin">(preview.hasAccount ? "signin" : "signup");

  return (
    <section aria-labelledby="invite-way-in" className="grid gap-4">
      <h2 id="invite-way-in" className="text-lg font-semibold">
        {mode === "signup" ? "Sign up to join" : "Sign in to join"}
      </h2>
      {mode === "signup" ? (
        <SignUpForm
          email={preview.email}
          invitationToken={token}
          workspaceName={preview.workspaceName}
          onDone={() => {
            onJoining(preview.workspaceName);
            navigate("/");
          }}
          onSignInInstead={() => setMode("signin")}
        />
      ) : (
        // Signing in here is on the way to joining: the join follows on its own.
        <SignInForm defaultLogin={preview.email} onDone={() => join(preview.workspaceName)} />
      )}
      <p className="text-center text-sm text-muted-foreground">
        {mode === "signup" ? (
          <Button variant="link" className="h-auto p-0 whitespace-normal" onClick={() => setMode("signin")}>
            I already have an account — sign in
          </Button>
        ) : (
          <Button variant="link" className="h-auto p-0 whitespace-normal" onClick={() => setMode("signup")}>
            New here? Sign up to join
          </Button>
        )}
      </p>
    </section>
  );
}

/** An invitation that cannot be used: why, what to do, and the way on from here. */
function ClosedInvitation({
  title,
  message,
  signedIn,
  workspaceName,
  SignInForm,
  onSignedIn,
}: {
  title: string;
  message: string;
  signedIn: boolean;
  /** For a used invitation: where signing in leads. */
  workspaceName?: string | undefined;
  SignInForm: ComponentType<InviteSignInProps>;
  onSignedIn: () => void;
}) {
  return (
    <Centered>
      <Card>
        <CardHeader>
          <TriangleAlert className="size-8 text-warning" aria-hidden />
          <h1 className="text-2xl font-bold">{title}</h1>
          <p role="alert" className="text-base">
            {message}
          </p>
        </CardHeader>
        <CardContent className="grid gap-4">
          {signedIn ? (
            <Button asChild className="justify-self-start">
              <Link to="/">Go to your dashboard</Link>
            </Button>
          ) : (
            <section aria-labelledby="closed-sign-in" className="grid gap-3">
              <h2 id="closed-sign-in" className="font-semibold">
                {workspaceName
                  ? `Already joined? Sign in to work in ${workspaceName}`
                  : "Have an account? Sign in"}
              </h2>
              <SignInForm defaultLogin="" onDone={onSignedIn} />
            </section>
          )}
        </CardContent>
      </Card>
    </Centered>
  );
}
