import { ScriptListResponse } from "@common/scripts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET and POST /api/ai-scripts (spec 3 §7); every query of this area is keyed under it. */
export const SCRIPTS_URL = "/api/ai-scripts";

/** GET /api/ai-scripts: the workspace's scripts, the default first. */
export const getScripts = () => getParsed(ScriptListResponse, SCRIPTS_URL);

export const scriptsQueryOptions = queryOptions({ queryKey: [SCRIPTS_URL], queryFn: getScripts });

export const useScripts = () => useQuery(scriptsQueryOptions);
