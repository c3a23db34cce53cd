import { type FromTemplateRequest, FromTemplateResponse } from "@common/scripts";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { requestParsed } from "../../../lib/api";
import { SCRIPTS_URL } from "../../../lib/shared-api/get-ai-scripts";
import { useRefreshScripts } from "./refresh-scripts";

/** POST /api/ai-scripts/from-template/:id: a new script from the template (its usage counts up). */
export function createScriptFromTemplate({
  templateId,
  body,
}: {
  templateId: string;
  body?: FromTemplateRequest;
}): Promise<z.output<typeof FromTemplateResponse>> {
  return requestParsed(
    FromTemplateResponse,
    "POST",
    `${SCRIPTS_URL}/from-template/${encodeURIComponent(templateId)}`,
    body ?? {},
  );
}

export function useCreateScriptFromTemplate() {
  const refresh = useRefreshScripts();
  return useMutation({ mutationFn: createScriptFromTemplate, onSuccess: refresh });
}
