import { SCRIPT_MESSAGES, type Script, type ScriptTemplate } from "@common/scripts";
import { FileText, LayoutTemplate, Plus, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useScripts } from "../../lib/shared-api/get-ai-scripts";
import { toast, toastError } from "../../lib/toast";
import { useCreateScriptFromTemplate } from "./api/create-script-from-template";
import { useScriptTemplates } from "./api/get-script-templates";
import { useUpdateScript } from "./api/update-script";
import { DeleteScriptDialog } from "./components/delete-script-dialog";
import { ScriptCard } from "./components/script-card";
import { ScriptDialog } from "./components/script-dialog";
import { TemplateCard } from "./components/template-card";

type Tab = "scripts" | "templates";

/**
 * AI Agent Scripts: tabs My Scripts and Templates, Create Script, Edit, delete and
 * Make default on each script, Use Template on each template. The default script is the one
 * the assistant uses on calls (its opening message, transfer rules, rules and voice).
 */
export function AiScriptsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get("tab") === "templates" ? "templates" : "scripts";
  const chooseTab = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "templates") next.set("tab", "templates");
        else next.delete("tab");
        return next;
      },
      { replace: true },
    );
  const scripts = useScripts();
  const { can } = useWorkspace();
  const manage = can("admin");
  const [dialog, setDialog] = useState<{ open: boolean; script: Script | null }>({
    open: false,
    script: null,
  });
  const [deleting, setDeleting] = useState<Script | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">AI Agent Scripts</h1>
          <p className="text-muted-foreground">What your assistant says on calls, and when it hands over</p>
        </div>
        {manage ? (
          <Button onClick={() => setDialog({ open: true, script: null })}>
            <Plus aria-hidden />
            Create Script
          </Button>
        ) : null}
      </div>
      {manage ? null : (
        <p className="text-sm text-muted-foreground">Only admins and the owner can change scripts.</p>
      )}

      <Tabs value={tab} onValueChange={chooseTab}>
        <TabsList className="grid h-auto w-full max-w-96 grid-cols-2" aria-label="Scripts and templates">
          <TabsTrigger value="scripts" className="gap-1.5">
            <FileText className="size-4" aria-hidden /> My Scripts
            {scripts.data ? (
              <span className="rounded bg-muted-foreground/15 px-1.5 text-xs tabular-nums">
                {scripts.data.length}
              </span>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="templates" className="gap-1.5">
            <LayoutTemplate className="size-4" aria-hidden /> Templates
          </TabsTrigger>
        </TabsList>
        <TabsContent value="scripts">
          <MyScripts
            manage={manage}
            onCreate={() => setDialog({ open: true, script: null })}
            onBrowse={() => chooseTab("templates")}
            onEdit={(script) => setDialog({ open: true, script })}
            onDelete={setDeleting}
          />
        </TabsContent>
        <TabsContent value="templates">
          <Templates manage={manage} onUsed={() => chooseTab("scripts")} />
        </TabsContent>
      </Tabs>

      <ScriptDialog
        open={dialog.open}
        script={dialog.script}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <DeleteScriptDialog script={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function MyScripts({
  manage,
  onCreate,
  onBrowse,
  onEdit,
  onDelete,
}: {
  manage: boolean;
  onCreate: () => void;
  onBrowse: () => void;
  onEdit: (script: Script) => void;
  onDelete: (script: Script) => void;
}) {
  const scripts = useScripts();
  const update = useUpdateScript();
  const makeDefault = (script: Script) =>
    update.mutate(
      { id: script.id, change: { isDefault: true } },
      {
        onSuccess: () =>
          toast({ title: "Default script", description: `${script.name} now greets your callers.` }),
        onError: (error) => toastError("Error", SCRIPT_MESSAGES.updateFailed, error),
      },
    );

  if (scripts.isPending) return <LoadingCards label="Loading scripts" />;
  if (scripts.isError)
    return <LoadFailed what="Your scripts could not be loaded." onRetry={() => scripts.refetch()} />;
  if (scripts.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-12 text-center">
        <FileText className="size-10 text-muted-foreground" aria-hidden />
        <p className="font-semibold">No scripts yet</p>
        <p className="max-w-md px-4 text-sm text-muted-foreground">
          Until you make a script the default, callers hear your assistant's greeting from Settings. Start
          from a template or write your own.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={onBrowse}>
            <LayoutTemplate aria-hidden /> Browse Templates
          </Button>
          {manage ? (
            <Button onClick={onCreate}>
              <Plus aria-hidden /> Create Script
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  const hasDefault = scripts.data.some((script) => script.isDefault);
  return (
    <div className="grid gap-3">
      {hasDefault ? null : (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          No script is the default, so calls use your assistant's greeting from Settings. Choose Make default
          on the script your calls should use.
        </p>
      )}
      <ul aria-label="My scripts" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {scripts.data.map((script) => (
          <ScriptCard
            key={script.id}
            script={script}
            manage={manage}
            onEdit={() => onEdit(script)}
            onDelete={() => onDelete(script)}
            onMakeDefault={() => makeDefault(script)}
            makingDefault={update.isPending && update.variables?.id === script.id}
          />
        ))}
      </ul>
    </div>
  );
}

function Templates({ manage, onUsed }: { manage: boolean; onUsed: () => void }) {
  const templates = useScriptTemplates();
  const fromTemplate = useCreateScriptFromTemplate();
  const use = (template: ScriptTemplate) =>
    fromTemplate.mutate(
      { templateId: template.id },
      {
        onSuccess: (script) => {
          toast({
            title: "Success",
            description:
              script.testCasesAdded > 0
                ? `${SCRIPT_MESSAGES.fromTemplate}. ${script.testCasesAdded} test ${script.testCasesAdded === 1 ? "case was" : "cases were"} added to your agent tests.`
                : SCRIPT_MESSAGES.fromTemplate,
          });
          onUsed();
        },
        onError: (error) => toastError("Error", SCRIPT_MESSAGES.fromTemplateFailed, error),
      },
    );

  if (templates.isPending) return <LoadingCards label="Loading templates" />;
  if (templates.isError)
    return <LoadFailed what="The templates could not be loaded." onRetry={() => templates.refetch()} />;
  if (templates.data.length === 0)
    return (
      <p className="rounded-lg border border-dashed py-12 text-center text-muted-foreground">
        No templates are available.
      </p>
    );
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        A template makes a new script you can change. <Badge variant="outline">{templates.data.length}</Badge>{" "}
        templates for common small-business calls.
      </p>
      <ul aria-label="Script templates" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {templates.data.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            manage={manage}
            onUse={() => use(template)}
            using={fromTemplate.isPending && fromTemplate.variables?.templateId === template.id}
          />
        ))}
      </ul>
    </div>
  );
}

function LoadingCards({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-56 animate-pulse rounded-lg bg-muted" />
      ))}
      <span className="sr-only">{label}...</span>
    </div>
  );
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border py-10 text-center">
      <p className="font-semibold">{what}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}
