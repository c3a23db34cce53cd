import type { Segment, SegmentFilterInput } from "@common/segments";
import { Filter, ListPlus, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { useSegments } from "../../../lib/shared-api/segments";
import { toast, toastError } from "../../../lib/toast";
import { useDeleteSegment } from "../api/segments";
import { SegmentDialog } from "./segment-dialog";

const contactsWord = (n: number) => `${n.toLocaleString()} ${n === 1 ? "contact" : "contacts"}`;

/**
 * The workspace's saved segments with their live counts: show one's contacts in the list (to
 * select and act on them), change or delete it, or make a new one (from the list's filters).
 */
export function SegmentsPanel({
  current,
  onShow,
  fromFilters,
}: {
  /** The segment the list shows now, if any. */
  current: string | undefined;
  onShow: (segmentId: string | undefined) => void;
  /** The list's filters, as a new segment's start. */
  fromFilters: Partial<SegmentFilterInput>;
}) {
  const { can } = useWorkspace();
  const segments = useSegments();
  const remove = useDeleteSegment();
  const [editing, setEditing] = useState<{
    open: boolean;
    segment: Segment | null;
    initial?: Partial<SegmentFilterInput>;
  }>({
    open: false,
    segment: null,
  });
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const list = segments.data ?? [];

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <Filter className="size-5 text-primary" aria-hidden />
            Saved segments
          </CardTitle>
          <CardDescription>
            Named filters, counted live, and email audiences built from selections. Use one as a dialer
            campaign's leads or an email campaign's audience.
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEditing({ open: true, segment: null, initial: fromFilters })}
          >
            <ListPlus aria-hidden />
            Save filters as segment
          </Button>
          <Button size="sm" onClick={() => setEditing({ open: true, segment: null })}>
            New segment
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {segments.isPending ? (
          <p className="text-sm text-muted-foreground">Loading segments...</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No segments yet. Filter the list below and save the filters, or make one from scratch.
          </p>
        ) : (
          <ul aria-label="Saved segments" className="divide-y">
            {list.map((segment) => (
              <li key={segment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="grid min-w-0 gap-0.5">
                  <p className="font-medium wrap-anywhere">
                    {segment.name}{" "}
                    {segment.kind === "list" ? <Badge variant="secondary">Email audience</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground" data-testid="segment-count">
                    {contactsWord(segment.count)} · {segment.withPhone.toLocaleString()} with a phone ·{" "}
                    {segment.withEmail.toLocaleString()} with an email
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant={current === segment.id ? "default" : "outline"}
                    size="sm"
                    aria-pressed={current === segment.id}
                    onClick={() => onShow(current === segment.id ? undefined : segment.id)}
                    aria-label={`${current === segment.id ? "Stop showing" : "Show"} ${segment.name}`}
                  >
                    {current === segment.id ? "Showing" : "Show"}
                  </Button>
                  {segment.kind === "filter" ? (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit ${segment.name}`}
                      onClick={() => setEditing({ open: true, segment })}
                    >
                      <Pencil aria-hidden />
                      Edit
                    </Button>
                  ) : null}
                  {can("admin") ? (
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive"
                      aria-label={`Delete ${segment.name}`}
                      onClick={() => setDeleting(segment)}
                    >
                      <Trash2 aria-hidden />
                      Delete
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <SegmentDialog
        open={editing.open}
        segment={editing.segment}
        {...(editing.initial ? { initial: editing.initial } : {})}
        onOpenChange={(open) => setEditing((state) => ({ ...state, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open || remove.isPending ? undefined : setDeleting(null))}
        title="Delete this segment?"
        description={
          deleting
            ? `${deleting.name} is removed. Its contacts stay; campaigns already started keep their leads and recipients.`
            : null
        }
        keepLabel="Keep Segment"
        confirmLabel="Delete Segment"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: "Segment deleted", description: `${deleting.name} was deleted.` });
              if (current === deleting.id) onShow(undefined);
              setDeleting(null);
            },
            onError: (error) => {
              toastError("Delete Failed", "The segment could not be deleted", error);
              setDeleting(null);
            },
          })
        }
      />
    </Card>
  );
}
