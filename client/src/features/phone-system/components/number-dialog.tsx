import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { formatDateTime } from "../../../lib/format";
import { toast, toastError } from "../../../lib/toast";
import { useNumber } from "../api/get-numbers";
import { useDeleteNumber } from "../api/mutations";
import { capitalise } from "../labels";
import { ExtensionsPanel } from "./extensions-panel";
import { HoursForm } from "./hours-form";
import { NumberSettingsForm } from "./number-settings-form";

/**
 * One business number: its settings, business hours and extensions, in tabs. Workspace admins
 * change them and remove the number (after a confirmation); agents read them.
 */
export function NumberDialog({
  numberId,
  onClose,
  canManage,
  timeZone,
}: {
  numberId: string | null;
  onClose: () => void;
  canManage: boolean;
  timeZone: string;
}) {
  const number = useNumber(numberId);
  const remove = useDeleteNumber();
  const [confirming, setConfirming] = useState(false);
  const detail = numberId && number.data?.id === numberId ? number.data : undefined;

  const removeNumber = () => {
    if (!detail) return;
    remove.mutate(detail.id, {
      onSuccess: () => {
        toast({ title: "Number Removed", description: `${detail.number} is no longer a business number.` });
        setConfirming(false);
        onClose();
      },
      onError: (error) => toastError("Delete Failed", "Failed to remove the number", error),
    });
  };

  return (
    <Dialog open={numberId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{detail ? detail.number : "Business number"}</DialogTitle>
          <DialogDescription>
            {detail
              ? `${capitalise(detail.type)} number on ${detail.provider === "twilio" ? "Twilio" : "the simulator"}. ${
                  detail.routingAppliedAt
                    ? `Routing applied ${formatDateTime(detail.routingAppliedAt, timeZone)}.`
                    : "Routing not set up yet: use Setup Call Routing."
                }`
              : "Loading the number..."}
          </DialogDescription>
        </DialogHeader>
        {number.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The number could not be loaded. Close this and try again.
          </p>
        ) : !detail ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : (
          <Tabs defaultValue="settings" className="min-w-0">
            <TabsList className="grid w-full grid-cols-3">
              <TabsTrigger value="settings">Settings</TabsTrigger>
              <TabsTrigger value="hours">Hours</TabsTrigger>
              <TabsTrigger value="extensions">Extensions</TabsTrigger>
            </TabsList>
            {/* Keyed by the saved state, so a form starts again from what the server holds. */}
            <TabsContent value="settings">
              <NumberSettingsForm key={JSON.stringify(detail)} number={detail} canManage={canManage} />
            </TabsContent>
            <TabsContent value="hours">
              <HoursForm key={JSON.stringify(detail.hours)} number={detail} canManage={canManage} />
            </TabsContent>
            <TabsContent value="extensions">
              <ExtensionsPanel number={detail} canManage={canManage} />
            </TabsContent>
          </Tabs>
        )}
        {canManage && detail ? (
          <div className="border-t pt-4">
            <Button variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden /> Remove Number
            </Button>
          </div>
        ) : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Remove ${detail?.number ?? "this number"}?`}
          description="Its greeting, hours and extensions are deleted. The phone number itself stays on your account, and its voicemails stay listed."
          keepLabel="Keep"
          confirmLabel="Remove"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onConfirm={removeNumber}
        />
      </DialogContent>
    </Dialog>
  );
}
