import { WorkspaceName } from "@common/workspaces";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { toast, toastError } from "../../../lib/toast";
import { useRenameWorkspace } from "../api/rename-workspace";

/** The workspace's name, for an admin or the owner to change; everyone sees it in the header. */
export function WorkspaceNameForm({ name }: { name: string }) {
  const rename = useRenameWorkspace();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  useEffect(() => setValue(name), [name]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WorkspaceName.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    rename.mutate(parsed.data, {
      onSuccess: (workspace) =>
        toast({ title: "Workspace renamed", description: `Your team now works in “${workspace.name}”.` }),
      onError: (failure) => toastError("Rename Failed", "Could not rename the workspace", failure),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field label="Workspace name" error={error} hint="Everyone in the team sees it in the header.">
        {(props) => (
          <div className="flex flex-wrap gap-2">
            <Input
              {...props}
              value={value}
              maxLength={80}
              autoComplete="organization"
              className="min-w-0 flex-1 basis-48"
              onChange={(event) => setValue(event.target.value)}
            />
            <Button type="submit" disabled={value.trim() === name || rename.isPending}>
              {rename.isPending ? "Saving..." : "Save name"}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
