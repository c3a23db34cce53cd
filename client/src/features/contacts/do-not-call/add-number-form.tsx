import { INVALID_PHONE } from "@common/contacts";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useAddDoNotCall } from "./api/add-do-not-call";

/** Adds one number; the server reads it (in the workspace's country) and says when it cannot. */
export function AddNumberForm() {
  const [phoneNumber, setPhoneNumber] = useState("");
  const [error, setError] = useState<string | undefined>();
  const add = useAddDoNotCall();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = phoneNumber.trim();
    if (!typed) {
      setError(INVALID_PHONE);
      return;
    }
    setError(undefined);
    add.mutate(typed, {
      onSuccess: ({ entry, created }) => {
        setPhoneNumber("");
        toast(
          created
            ? { title: "Number Added", description: `${entry.phoneNumber} is on the do-not-call list.` }
            : {
                title: "Already Listed",
                description: `${typed} is already on the do-not-call list as ${entry.phoneNumber}.`,
              },
        );
      },
      onError: (failure) => {
        const message = serverMessage(failure);
        if (message) setError(message);
        toastError("Could Not Add Number", "The number could not be added", failure);
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
    >
      <Field label="Phone number to add" error={error} hint="Any format: (555) 201-4400, +44 20 7946 0018...">
        {(props) => (
          <Input
            {...props}
            type="tel"
            autoComplete="off"
            maxLength={40}
            placeholder="(555) 201-4400"
            value={phoneNumber}
            onChange={(event) => {
              setPhoneNumber(event.target.value);
              if (error) setError(undefined);
            }}
          />
        )}
      </Field>
      <Button type="submit" className="sm:mt-5" disabled={add.isPending}>
        <Plus aria-hidden />
        {add.isPending ? "Adding..." : "Add Number"}
      </Button>
    </form>
  );
}
