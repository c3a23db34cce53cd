import { ScriptListResponse } from "@common/scripts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../api";

/**
 * GET /api/ai-scripts: the workspace's scripts, the default first. AI Agent Scripts edits them;
 * AI Agents lists them and the conversation tests choose which one answers. Every query about
 * scripts is keyed under this address, so one invalidation refreshes them all.
 */
export const SCRIPTS_URL = "/api/ai-scripts";

export const getScripts = () => getParsed(ScriptListResponse, SCRIPTS_URL);

export const scriptsQueryOptions = queryOptions({ queryKey: [SCRIPTS_URL], queryFn: getScripts });

export const useScripts = () => useQuery(scriptsQueryOptions);
