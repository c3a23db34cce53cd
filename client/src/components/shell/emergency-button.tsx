import { useState } from "react";
import { followTelLink } from "../../lib/tel-link";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";

export const EMERGENCY_NUMBER = "911";

/** Dials 911 only after an explicit confirmation: a mis-tap must never call emergency services. */
export function EmergencyButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setOpen(true)} aria-label="Call 911">
        {EMERGENCY_NUMBER}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Call ${EMERGENCY_NUMBER}?`}
        description="This calls emergency services from your phone. Only continue if you have an emergency."
        keepLabel="Cancel"
        confirmLabel={`Call ${EMERGENCY_NUMBER} now`}
        onConfirm={() => {
          setOpen(false);
          followTelLink(`tel:${EMERGENCY_NUMBER}`);
        }}
      />
    </>
  );
}
