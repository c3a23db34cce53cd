import { DeleteScriptResponse } from "@common/scripts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { SCRIPTS_URL } from "../../../lib/shared-api/get-ai-scripts";
import { useRefreshScripts } from "./refresh-scripts";

/** DELETE /api/ai-scripts/:id. */
export function deleteScript(id: string) {
  return requestParsed(DeleteScriptResponse, "DELETE", `${SCRIPTS_URL}/${id}`);
}

export function useDeleteScript() {
  const refresh = useRefreshScripts();
  return useMutation({ mutationFn: deleteScript, onSuccess: refresh });
}
