import { TemplateListResponse } from "@common/scripts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const TEMPLATES_URL = "/api/script-templates";

/** GET /api/script-templates: the catalogue, with how often each was used. */
export const getScriptTemplates = () => getParsed(TemplateListResponse, TEMPLATES_URL);

export const scriptTemplatesQueryOptions = queryOptions({
  queryKey: [TEMPLATES_URL],
  queryFn: getScriptTemplates,
});

export const useScriptTemplates = () => useQuery(scriptTemplatesQueryOptions);
