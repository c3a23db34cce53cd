import { AddUserRequest, type AddUserResponse } from "@common/admin";
import { Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { useUser } from "../../../lib/auth/use-user";
import { fieldErrors, serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { toast } from "../../../lib/toast";
import { useAddUser } from "../api/admin-actions";
import { formatWhen } from "../format";
import { failureText } from "../messages";

/** Not a spec text: the spec's Add User form sent nothing. */
export const ADD_USER_FAILED = "Failed to add user";

type Form = { username: string; email: string; fullName: string; role: "user" | "admin" };

/**
 * Add User: creates an account and shows the one-time sign-in link to hand to the person (it
 * works once, until it expires); the link is shown only here, once.
 */
export function AddUserDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: () => void;
}) {
  const [added, setAdded] = useState<AddUserResponse | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setAdded(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{added ? "User Added" : "Add User"}</DialogTitle>
          <DialogDescription>
            {added
              ? "Hand this sign-in link to the person. It works once, and is not shown again."
              : "Create an account. You get a one-time sign-in link to hand over; the person sets a password after signing in."}
          </DialogDescription>
        </DialogHeader>
        {!open ? null : added ? (
          <SignInLink added={added} onDone={() => close(false)} />
        ) : (
          <AddUserForm
            onCancel={() => close(false)}
            onAdded={(answer) => {
              setAdded(answer);
              onAdded();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SignInLink({ added, onDone }: { added: AddUserResponse; onDone: () => void }) {
  const { user } = useUser();
  const link = added.signInLink.startsWith("/")
    ? `${window.location.origin}${added.signInLink}`
    : added.signInLink;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: "Link Copied", description: "The sign-in link is on your clipboard." });
    } catch {
      toast({
        title: "Error",
        description: "Copy the link by hand: the clipboard is not available.",
        variant: "destructive",
      });
    }
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        <span className="font-medium">{added.user.username}</span> ({added.user.email}) can now sign in with:
      </p>
      <div className="flex gap-2">
        <Input
          readOnly
          aria-label="One-time sign-in link"
          value={link}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Expires {formatWhen(added.expiresAt, user?.timezone ?? "UTC")}.
      </p>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}

function AddUserForm({
  onCancel,
  onAdded,
}: {
  onCancel: () => void;
  onAdded: (answer: AddUserResponse) => void;
}) {
  const { form, errors, setErrors, text } = useFieldForm<Form>(() => ({
    username: "",
    email: "",
    fullName: "",
    role: "user",
  }));
  const add = useAddUser();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = AddUserRequest.safeParse({ ...form, fullName: form.fullName.trim() || undefined });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast({ title: "User Added", description: `${answer.user.username} was created.` });
        onAdded(answer);
      },
      onError: (error) => {
        const byField = serverFieldErrors(error);
        if (Object.keys(byField).length) setErrors(byField);
        toast({ title: "Error", description: failureText(ADD_USER_FAILED, error), variant: "destructive" });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-label="Add user">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Username" error={errors.username}>
          {(props) => (
            <Input {...props} autoComplete="off" value={form.username} onChange={text("username")} />
          )}
        </Field>
        <Field label="Email" error={errors.email}>
          {(props) => (
            <Input {...props} type="email" autoComplete="off" value={form.email} onChange={text("email")} />
          )}
        </Field>
        <Field label="Full name (optional)" error={errors.fullName}>
          {(props) => (
            <Input {...props} autoComplete="off" value={form.fullName} onChange={text("fullName")} />
          )}
        </Field>
        <Field label="Role" error={errors.role}>
          {(props) => (
            <NativeSelect {...props} value={form.role} onChange={text("role")}>
              <option value="user">User</option>
              <option value="admin">Platform administrator</option>
            </NativeSelect>
          )}
        </Field>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add User"}
        </Button>
      </DialogFooter>
    </form>
  );
}
