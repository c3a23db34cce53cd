import { NUMBER_TYPES } from "@common/phone-system";
import { useEffect, useState } from "react";
import { Link } from "react-router";
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
import { toast, toastError } from "../../../lib/toast";
import { useCarrierNumbers } from "../api/get-carrier-numbers";
import { useAddNumber } from "../api/mutations";
import { capitalise } from "../labels";

/**
 * Add a business number: one of the account's own carrier numbers (its simulator number, or the
 * Twilio number connected under Settings, Phone service), chosen from a list with the first free
 * one already chosen, so a new account adds its simulator number with two clicks.
 */
export function AddNumberDialog({
  open,
  onOpenChange,
  taken,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Numbers that already are business numbers. */
  taken: string[];
  onAdded: (id: string) => void;
}) {
  const carrier = useCarrierNumbers(open);
  const add = useAddNumber();
  const free = (carrier.data?.numbers ?? []).filter((option) => !taken.includes(option.number));
  const [number, setNumber] = useState("");
  const [type, setType] = useState<string>("main");
  const [location, setLocation] = useState("");
  const chosen = free.some((option) => option.number === number) ? number : (free[0]?.number ?? "");

  useEffect(() => {
    if (!open) {
      setNumber("");
      setLocation("");
      setType("main");
    }
  }, [open]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    add.mutate(
      { number: chosen, type: type as (typeof NUMBER_TYPES)[number], location: location.trim() },
      {
        onSuccess: (added) => {
          toast({ title: "Number Added", description: `${added.number} is now a business number.` });
          onOpenChange(false);
          onAdded(added.id);
        },
        onError: (error) => toastError("Add Failed", "Failed to add the number", error),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a business number</DialogTitle>
          <DialogDescription>
            A business number is one of your own phone numbers: your simulator number, or the Twilio number
            connected under Settings, Phone service.
          </DialogDescription>
        </DialogHeader>
        <form id="add-number-form" onSubmit={submit} className="grid gap-4">
          {carrier.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading your numbers...
            </p>
          ) : carrier.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Your phone numbers could not be loaded. Close this and try again.
            </p>
          ) : free.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Every number of your account already is a business number. Connect a Twilio number under{" "}
              <Link className="text-primary underline" to="/settings">
                Settings
              </Link>{" "}
              to add another.
            </p>
          ) : (
            <Field label="Phone number">
              {(props) => (
                <NativeSelect {...props} value={chosen} onChange={(event) => setNumber(event.target.value)}>
                  {free.map((option) => (
                    <option key={option.number} value={option.number}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Type">
              {(props) => (
                <NativeSelect {...props} value={type} onChange={(event) => setType(event.target.value)}>
                  {NUMBER_TYPES.map((option) => (
                    <option key={option} value={option}>
                      {capitalise(option)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Location (optional)">
              {(props) => (
                <Input
                  {...props}
                  value={location}
                  maxLength={120}
                  placeholder="Head office"
                  onChange={(event) => setLocation(event.target.value)}
                />
              )}
            </Field>
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="add-number-form" disabled={!chosen || add.isPending}>
            {add.isPending ? "Adding..." : "Add Number"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
