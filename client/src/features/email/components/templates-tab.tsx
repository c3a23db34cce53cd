import { type EmailTemplate, TEMPLATE_PREVIEW_LIST_CHARS } from "@common/email";
import { Pencil, Plus, Send, Trash2, Wand2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { RoleNote } from "../../../components/forms/role-note";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { toast, toastError } from "../../../lib/toast";
import { useDeleteTemplate, useTemplates } from "../api/templates";
import { enumLabel } from "../labels";
import { previewOf, templateText } from "../preview-text";
import { TemplateDialog } from "./template-dialog";

/** Email Templates: every template with its text previewed to 150 characters. */
export function TemplatesTab({ onUse }: { onUse: (templateId: string) => void }) {
  const templates = useTemplates();
  // Templates and sender details are an admin's to change (the server refuses an agent).
  const manage = useWorkspace().can("admin");
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);

  const openDialog = (template: EmailTemplate | null) => {
    setEditing(template);
    setDialogOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: "Template Deleted", description: `"${deleting.name}" is gone.` });
        setDeleting(null);
      },
      onError: (error) => {
        toastError("Delete Failed", "Unable to delete the template. Please try again.", error);
        setDeleting(null);
      },
    });
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {templates.data ? `${templates.data.length} template${templates.data.length === 1 ? "" : "s"}` : ""}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/email-wizard">
              <Wand2 className="size-4" aria-hidden /> Write with AI
            </Link>
          </Button>
          {manage ? (
            <Button type="button" onClick={() => openDialog(null)}>
              <Plus className="size-4" aria-hidden /> Create Template
            </Button>
          ) : null}
        </div>
      </div>

      {manage ? null : (
        <RoleNote least="admin">
          Only a workspace admin or owner can create, edit or delete templates.
        </RoleNote>
      )}
      {templates.isError ? (
        <p className="text-sm text-destructive">Unable to load the templates.</p>
      ) : templates.data?.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-center text-sm text-muted-foreground">
            No email templates yet. Create one, or let the AI Email Wizard write it.
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Email templates">
          {templates.data?.map((template) => (
            <li key={template.id}>
              <Card className="h-full min-w-0">
                <CardContent className="grid h-full content-between gap-3 p-4">
                  <div className="grid min-w-0 gap-1">
                    <div className="flex items-start justify-between gap-2">
                      <h2 className="min-w-0 break-words font-semibold">{template.name}</h2>
                      <Badge variant="secondary">{enumLabel(template.targetAudience)}</Badge>
                    </div>
                    <p className="break-words text-sm">
                      <span className="font-medium">Subject:</span> {template.subject}
                    </p>
                    <p
                      className="break-words text-sm text-muted-foreground"
                      data-testid="template-list-preview"
                    >
                      {previewOf(templateText(template), TEMPLATE_PREVIEW_LIST_CHARS)}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button type="button" size="sm" onClick={() => onUse(template.id)}>
                      <Send className="size-4" aria-hidden /> Use
                      <span className="sr-only"> {template.name}</span>
                    </Button>
                    {manage ? (
                      <>
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          onClick={() => openDialog(template)}
                        >
                          <Pencil className="size-4" aria-hidden /> Edit
                          <span className="sr-only"> {template.name}</span>
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          onClick={() => setDeleting(template)}
                        >
                          <Trash2 className="size-4" aria-hidden /> Delete
                          <span className="sr-only"> {template.name}</span>
                        </Button>
                      </>
                    ) : null}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <TemplateDialog template={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete this template?"
        description={
          deleting ? `"${deleting.name}" will be deleted. Campaigns already sent keep their copy.` : ""
        }
        keepLabel="Keep"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
