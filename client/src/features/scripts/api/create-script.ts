import { type Script, type ScriptCreate, ScriptOut } from "@common/scripts";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { SCRIPTS_URL } from "../../../lib/shared-api/get-ai-scripts";
import { useRefreshScripts } from "./refresh-scripts";

/** POST /api/ai-scripts: the new script. */
export function createScript(body: ScriptCreate): Promise<Script> {
  return requestParsed(ScriptOut, "POST", SCRIPTS_URL, body);
}

export function useCreateScript() {
  const refresh = useRefreshScripts();
  return useMutation({ mutationFn: createScript, onSuccess: refresh });
}
