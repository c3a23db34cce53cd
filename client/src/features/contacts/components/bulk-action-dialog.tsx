import { CONTACT_STATUSES, type ContactStatus } from "@common/contacts";
import type { BulkAction, BulkActionType } from "@common/contacts-bulk";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { useSegments } from "../../../lib/shared-api/segments";
import { useCampaignChoices } from "../api/get-campaign-choices";
import { STATUS_LABELS } from "../labels";

/** The actions that ask something first (the rest run at once): their titles and buttons. */
export const ACTION_TEXT: Record<BulkActionType, { title: string; button: string }> = {
  tag: { title: "Tag contacts", button: "Add tags" },
  untag: { title: "Remove a tag", button: "Remove tags" },
  status: { title: "Set status", button: "Set status" },
  doNotCall: { title: "Mark do not call", button: "Mark do not call" },
  addToCampaign: { title: "Add to a dialer campaign", button: "Add as leads" },
  addToList: { title: "Add to an email audience", button: "Add to audience" },
  delete: { title: "Delete contacts", button: "Delete contacts" },
};

const NEW_LIST = "new";
const tagsOf = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

/**
 * What a bulk action needs before it runs (tags, a status, a campaign, an audience) or a
 * confirmation (do-not-call, delete), saying how many contacts it will change.
 */
export function BulkActionDialog({
  type,
  count,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  type: BulkActionType | null;
  /** "12 contacts", "all 1,204 contacts matching". */
  count: string;
  pending: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  error: string | undefined;
  onClose: () => void;
  onConfirm: (action: BulkAction) => void;
}) {
  return (
    <Dialog open={type !== null} onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        {type ? (
          <ActionForm
            key={type}
            type={type}
            count={count}
            pending={pending}
            error={error}
            onConfirm={onConfirm}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ActionForm({
  type,
  count,
  pending,
  error,
  onConfirm,
}: {
  type: BulkActionType;
  count: string;
  pending: boolean;
  error: string | undefined;
  onConfirm: (action: BulkAction) => void;
}) {
  const [tags, setTags] = useState("");
  const [status, setStatus] = useState<ContactStatus>("contacted");
  const [campaignId, setCampaignId] = useState("");
  const [listId, setListId] = useState("");
  const [listName, setListName] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const campaigns = useCampaignChoices(type === "addToCampaign");
  const segments = useSegments({ enabled: type === "addToList" });
  const lists = (segments.data ?? []).filter((segment) => segment.kind === "list");
  const text = ACTION_TEXT[type];
  const shown = problem ?? error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    switch (type) {
      case "tag":
      case "untag": {
        const list = tagsOf(tags);
        if (list.length === 0) return setProblem("Enter at least one tag");
        return onConfirm({ type, tags: list });
      }
      case "status":
        return onConfirm({ type, status });
      case "addToCampaign":
        if (!campaignId) return setProblem("Choose the dialer campaign to add the contacts to");
        return onConfirm({ type, campaignId });
      case "addToList": {
        const creating = listId === NEW_LIST || lists.length === 0;
        if (creating && !listName.trim()) return setProblem("Please name the new audience");
        if (!creating && !listId) return setProblem("Choose an email audience, or name a new one");
        return onConfirm(creating ? { type, newListName: listName.trim() } : { type, listId });
      }
      default:
        return onConfirm({ type });
    }
  };

  const creatingList =
    listId === NEW_LIST || (type === "addToList" && segments.isSuccess && lists.length === 0);

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>{explain(type, count)}</DialogDescription>
      </DialogHeader>

      {type === "tag" || type === "untag" ? (
        <Field label="Tags" error={shown} hint="Separate tags with commas.">
          {(props) => (
            <Input
              {...props}
              value={tags}
              onChange={(event) => {
                setTags(event.target.value);
                setProblem(undefined);
              }}
              placeholder="spring-promo, follow-up"
              autoFocus
            />
          )}
        </Field>
      ) : null}

      {type === "status" ? (
        <Field label="New status" error={shown}>
          {(props) => (
            <NativeSelect
              {...props}
              value={status}
              onChange={(event) => setStatus(event.target.value as ContactStatus)}
            >
              {CONTACT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ) : null}

      {type === "addToCampaign" ? (
        <Field
          label="Campaign"
          error={shown}
          hint={
            campaigns.isSuccess && campaigns.data.length === 0
              ? "There is no campaign yet: create one on the Autodialer screen first."
              : "Contacts without a phone number, or already in the campaign, are skipped."
          }
        >
          {(props) => (
            <NativeSelect
              {...props}
              value={campaignId}
              onChange={(event) => {
                setCampaignId(event.target.value);
                setProblem(undefined);
              }}
            >
              <option value="">{campaigns.isPending ? "Loading campaigns..." : "Choose a campaign"}</option>
              {(campaigns.data ?? []).map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ) : null}

      {type === "addToList" ? (
        <>
          {lists.length > 0 ? (
            <Field label="Email audience" error={creatingList ? undefined : shown}>
              {(props) => (
                <NativeSelect
                  {...props}
                  value={listId}
                  onChange={(event) => {
                    setListId(event.target.value);
                    setProblem(undefined);
                  }}
                >
                  <option value="">Choose an audience</option>
                  {lists.map((list) => (
                    <option key={list.id} value={list.id}>
                      {list.name} ({list.count.toLocaleString()})
                    </option>
                  ))}
                  <option value={NEW_LIST}>A new audience...</option>
                </NativeSelect>
              )}
            </Field>
          ) : null}
          {creatingList ? (
            <Field
              label="New audience name"
              error={shown}
              hint="Email marketing can send a campaign to it; contacts without an email are left out there."
            >
              {(props) => (
                <Input
                  {...props}
                  value={listName}
                  onChange={(event) => {
                    setListName(event.target.value);
                    setProblem(undefined);
                  }}
                  placeholder="Trade show visitors"
                />
              )}
            </Field>
          ) : null}
        </>
      ) : null}

      {(type === "doNotCall" || type === "delete") && shown ? (
        <p role="alert" className="text-sm text-destructive">
          {shown}
        </p>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant={type === "delete" ? "destructive" : "default"} disabled={pending}>
          {pending ? "Working..." : text.button}
        </Button>
      </DialogFooter>
    </form>
  );
}

function explain(type: BulkActionType, count: string): string {
  switch (type) {
    case "tag":
      return `The tags are added to ${count}.`;
    case "untag":
      return `The tags are taken off ${count}.`;
    case "status":
      return `${capitalize(count)} get this status.`;
    case "doNotCall":
      return `${capitalize(count)} are marked do not call and their numbers listed: no campaign, bulk call or dial reaches them.`;
    case "addToCampaign":
      return `${capitalize(count)} become leads of the campaign.`;
    case "addToList":
      return `${capitalize(count)} join the audience.`;
    case "delete":
      return `${capitalize(count)} are deleted. Until the next bulk action you can undo this, and they come back as they were.`;
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
