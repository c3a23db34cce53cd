import { AGENT_LANGUAGES, type Agent } from "@common/agents";
import { FileText, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonVariants } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useScripts } from "../../../lib/shared-api/get-ai-scripts";
import { SPECIALIZATION_LABELS, STATUS_LABELS } from "../labels";
import { RoutingCard } from "./routing-card";

/**
 * AI Agents, Scripts & Settings: the workspace's scripts (edited on AI Agent Scripts),
 * the extension table, the routing rules and conversation flows, and which languages the agents speak.
 */
export function ScriptsSettingsTab({ agents, manage }: { agents: Agent[]; manage: boolean }) {
  const byExtension = [...agents].sort((a, b) => Number(a.extension) - Number(b.extension));
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <ScriptList />
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Extensions</CardTitle>
            <CardDescription>Callers who dial or say an extension reach its agent.</CardDescription>
          </CardHeader>
          <CardContent>
            {byExtension.length === 0 ? (
              <p className="text-sm text-muted-foreground">No agents yet, so no extensions.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">Agent extensions</caption>
                  <thead className="text-left text-muted-foreground">
                    <tr className="border-b">
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Ext.
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Agent
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        Status
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {byExtension.map((agent) => (
                      <tr key={agent.id} className="border-b last:border-0">
                        <td className="py-2 pr-3 font-mono tabular-nums">{agent.extension}</td>
                        <th scope="row" className="py-2 pr-3 text-left font-medium">
                          <span className="wrap-anywhere">{agent.name}</span>
                          <span className="block text-xs font-normal text-muted-foreground">
                            {SPECIALIZATION_LABELS[agent.specialization]}
                          </span>
                        </th>
                        <td className="py-2">{STATUS_LABELS[agent.status]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
      <RoutingCard agents={agents} manage={manage} />
      <LanguageOverview agents={agents} />
    </div>
  );
}

function ScriptList() {
  const scripts = useScripts();
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Scripts</CardTitle>
        <CardDescription>The default script greets callers before an agent takes over.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {scripts.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading scripts...
          </p>
        ) : scripts.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>The scripts could not be loaded.</span>
            <Button size="sm" variant="outline" onClick={() => scripts.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : scripts.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No scripts yet.</p>
        ) : (
          <ul aria-label="Scripts" className="divide-y">
            {scripts.data.map((script) => (
              <li key={script.id} className="flex min-w-0 items-center justify-between gap-2 py-2">
                <span className="flex min-w-0 items-center gap-2">
                  <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="min-w-0 text-sm wrap-anywhere">{script.name}</span>
                </span>
                <span className="flex shrink-0 gap-1.5">
                  {script.isDefault ? <Badge>Default</Badge> : null}
                  {script.isActive ? null : <Badge variant="outline">Inactive</Badge>}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link
          to="/ai-scripts"
          className={buttonVariants({ variant: "outline", size: "sm", className: "w-fit" })}
        >
          Manage scripts
        </Link>
      </CardContent>
    </Card>
  );
}

function LanguageOverview({ agents }: { agents: Agent[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Languages</CardTitle>
        <CardDescription>How many agents speak each supported language.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Languages" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {AGENT_LANGUAGES.map((language) => {
            const speaking = agents.filter((agent) => agent.languages.includes(language)).length;
            const primary = agents.filter((agent) => agent.primaryLanguage === language).length;
            return (
              <li key={language} className="grid gap-0.5 rounded-md border p-3">
                <span className="text-sm font-medium">{language}</span>
                <span className="text-xl font-bold tabular-nums">{speaking}</span>
                <span className="text-xs text-muted-foreground">
                  {speaking === 1 ? "agent" : "agents"}
                  {primary ? `, ${primary} primary` : ""}
                </span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
