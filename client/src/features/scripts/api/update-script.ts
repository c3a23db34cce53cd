import { type Script, ScriptOut, type ScriptUpdate } from "@common/scripts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { SCRIPTS_URL } from "../../../lib/shared-api/get-ai-scripts";
import { useRefreshScripts } from "./refresh-scripts";

/** PUT /api/ai-scripts/:id: Edit sends the whole form; Make default sends { isDefault: true }. */
export function updateScript({ id, change }: { id: string; change: ScriptUpdate }): Promise<Script> {
  return requestParsed(ScriptOut, "PUT", `${SCRIPTS_URL}/${id}`, change);
}

export function useUpdateScript() {
  const refresh = useRefreshScripts();
  return useMutation({ mutationFn: updateScript, onSuccess: refresh });
}
