import { INVITABLE_ROLES, InvitationCreate, ROLE_DESCRIPTIONS, ROLE_LABELS } from "@common/workspaces";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { ApiError } from "../../../lib/api";
import { serverMessage, toast } from "../../../lib/toast";
import { useCreateInvitation } from "../api/create-invitation";
import type { ShownLink } from "./invitation-link";

type Role = (typeof INVITABLE_ROLES)[number];

/** The owner invites by email address and role; the answer's link is handed up to be shown once. */
export function InviteForm({ onInvited }: { onInvited: (link: ShownLink) => void }) {
  const create = useCreateInvitation();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("agent");
  const [emailError, setEmailError] = useState<string>();
  // The server's refusal (seats full, already a member or invited), kept beside the form to read.
  const [refusal, setRefusal] = useState<{ message: string; seats: boolean }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = InvitationCreate.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    setRefusal(undefined);
    create.mutate(parsed.data, {
      onSuccess: ({ invitation, url }) => {
        setEmail("");
        setRole("agent");
        toast({
          title: "Invitation created",
          description: `${invitation.email} is invited as ${ROLE_LABELS[invitation.role].toLowerCase()}.`,
        });
        onInvited({ email: invitation.email, url, renewed: false });
      },
      onError: (failure) =>
        setRefusal({
          message: serverMessage(failure) ?? "Could not create the invitation. Please try again.",
          seats: failure instanceof ApiError && failure.status === 402,
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a colleague" className="grid gap-3">
      <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field
          label="Email address"
          error={emailError}
          hint="They get a link to sign up or sign in and join."
        >
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="off"
              placeholder="colleague@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field label="Role" hint={ROLE_DESCRIPTIONS[role]}>
          {(props) => (
            <NativeSelect
              {...props}
              value={role}
              onChange={(event) => setRole(event.target.value === "admin" ? "admin" : "agent")}
            >
              {INVITABLE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      {refusal ? (
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <p className="text-destructive">{refusal.message}</p>
          {refusal.seats ? (
            <Link to="/subscription" className="text-primary underline">
              Compare plans
            </Link>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        <UserPlus aria-hidden />
        {create.isPending ? "Creating invitation..." : "Create invitation link"}
      </Button>
    </form>
  );
}
