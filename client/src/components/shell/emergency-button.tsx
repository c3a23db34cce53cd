import { lazy, Suspense, useState } from "react";
import { followTelLink } from "../../lib/tel-link";
import { useOpenedOnce } from "../../lib/use-opened-once";
import { Button } from "../ui/button";

// The confirmation (a Radix dialog) loads when first asked for, not with the app's first bundle.
const ConfirmDialog = lazy(() => import("../ui/confirm-dialog").then((m) => ({ default: m.ConfirmDialog })));

export const EMERGENCY_NUMBER = "911";

/** Dials 911 only after an explicit confirmation: a mis-tap must never call emergency services. */
export function EmergencyButton() {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setOpen(true)} aria-label="Call 911">
        {EMERGENCY_NUMBER}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </>
  );
}
