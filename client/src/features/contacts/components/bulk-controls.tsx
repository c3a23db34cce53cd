import { type BulkAction, type BulkActionType, INLINE_BULK_LIMIT } from "@common/contacts-bulk";
import { Download, ListChecks, Mail, PhoneOff, Tag, Tags, Trash2, UserRoundPlus, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Label } from "../../../components/ui/label";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { saveFile } from "../../../lib/download";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useExportSelection, useStartBulk } from "../api/bulk";
import type { ContactSelectionControls } from "../selection";
import { BulkActionDialog } from "./bulk-action-dialog";
import { BulkStatus } from "./bulk-status";

const n = (value: number) => value.toLocaleString();
const contactsWord = (value: number) => `${n(value)} ${value === 1 ? "contact" : "contacts"}`;

/** The actions offered on a selection, in the order shown; `admin` ones only to admins and the owner. */
const ACTIONS: { type: BulkActionType; label: string; icon: typeof Tag; admin?: boolean }[] = [
  { type: "tag", label: "Tag", icon: Tag },
  { type: "untag", label: "Remove tag", icon: Tags },
  { type: "status", label: "Set status", icon: ListChecks },
  { type: "doNotCall", label: "Do not call", icon: PhoneOff },
  { type: "addToCampaign", label: "Add to campaign", icon: UserRoundPlus, admin: true },
  { type: "addToList", label: "Add to email audience", icon: Mail },
  { type: "delete", label: "Delete", icon: Trash2, admin: true },
];

/**
 * The bulk side of a contacts list: the "select all shown" box, and once something is selected,
 * how much (with "select all N matching" for the whole filtered list), the actions and export.
 * Above them, the workspace's last bulk action: its progress while it runs, then what it did
 * with Undo.
 */
export function BulkControls({
  selection,
  shown,
  total,
  estimated,
}: {
  selection: ContactSelectionControls;
  /** Rows on screen now. */
  shown: number;
  /** Contacts matching the filters (an estimate when `estimated`). */
  total: number;
  estimated: boolean;
}) {
  const id = useId();
  const { can } = useWorkspace();
  const [asking, setAsking] = useState<BulkActionType | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const start = useStartBulk();
  const exporter = useExportSelection();
  const count = selection.state.all ? total : selection.state.ids.size;
  const countText = selection.state.all
    ? `all ${estimated ? "about " : ""}${contactsWord(total)} matching`
    : contactsWord(count);

  const run = (action: BulkAction) => {
    setProblem(undefined);
    start.mutate(
      { selection: selection.toRequest(), action },
      {
        onSuccess: (result) => {
          setAsking(null);
          selection.clear();
          if (result.status === "completed") toast({ title: "Done", description: result.message });
          else
            toast({
              title: "Working on it",
              description: `${result.label}: ${contactsWord(result.total)}. The progress shows above the list.`,
            });
        },
        onError: (error) => setProblem(serverMessage(error) ?? "The bulk action failed"),
      },
    );
  };

  const exportCsv = () =>
    exporter.mutate(selection.toRequest(), {
      onSuccess: ({ blob, filename }) => {
        saveFile(blob, filename);
        toast({ title: "Export Complete", description: `${capitalize(countText)} saved to ${filename}.` });
      },
      onError: (error) => toastError("Export Failed", "Failed to export contacts", error),
    });

  return (
    <div className="grid gap-3">
      <BulkStatus />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-shown`}
            checked={selection.shown === "all" ? true : selection.shown === "some" ? "indeterminate" : false}
            onCheckedChange={(checked) => selection.setShown(checked === true)}
            disabled={shown === 0}
          />
          <Label htmlFor={`${id}-shown`} className="font-normal">
            Select all shown
          </Label>
        </div>
        {selection.any ? (
          <p className="text-sm font-medium" aria-live="polite" data-testid="selected-count">
            {selection.state.all
              ? `All ${estimated ? "about " : ""}${contactsWord(total)} matching are selected.`
              : `${contactsWord(count)} selected.`}
          </p>
        ) : null}
        {selection.any && !selection.state.all && total > count ? (
          <Button variant="link" className="h-auto p-0" onClick={selection.selectAll}>
            Select all {estimated ? "about " : ""}
            {contactsWord(total)} matching
          </Button>
        ) : null}
        {selection.any ? (
          <Button variant="ghost" size="sm" onClick={selection.clear}>
            <X aria-hidden />
            Clear selection
          </Button>
        ) : null}
      </div>
      {selection.any ? (
        <section aria-label="Bulk actions" className="flex flex-wrap gap-2 rounded-md border bg-muted/40 p-2">
          {ACTIONS.filter((action) => !action.admin || can("admin")).map(({ type, label, icon: Icon }) => (
            <Button
              key={type}
              variant={type === "delete" ? "outline" : "secondary"}
              size="sm"
              className={type === "delete" ? "text-destructive" : undefined}
              onClick={() => {
                setProblem(undefined);
                setAsking(type);
              }}
              disabled={start.isPending}
            >
              <Icon aria-hidden />
              {label}
            </Button>
          ))}
          <Button variant="secondary" size="sm" onClick={exportCsv} disabled={exporter.isPending}>
            <Download aria-hidden />
            {exporter.isPending ? "Exporting..." : "Export CSV"}
          </Button>
          {count > INLINE_BULK_LIMIT ? (
            <p className="basis-full text-xs text-muted-foreground">
              More than {n(INLINE_BULK_LIMIT)} contacts: the action runs in the background, with its progress
              shown here.
            </p>
          ) : null}
        </section>
      ) : null}
      <BulkActionDialog
        type={asking}
        count={countText}
        pending={start.isPending}
        error={problem}
        onClose={() => setAsking(null)}
        onConfirm={run}
      />
    </div>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
