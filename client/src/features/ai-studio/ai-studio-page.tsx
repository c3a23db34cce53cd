import { Activity, Bot, Brain, GraduationCap, MessageSquare, Mic, Zap } from "lucide-react";
import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { AutomationTab } from "./components/automation-tab";
import { FlowsTab } from "./components/flows-tab";
import { IntelligenceTab } from "./components/intelligence-tab";
import { PerformanceTab } from "./components/performance-tab";
import { TrainingTab } from "./components/training-tab";
import { VoiceTab } from "./components/voice-tab";

const TABS = [
  { value: "conversations", label: "AI Conversations", icon: MessageSquare },
  { value: "voice", label: "Voice Engine", icon: Mic },
  { value: "intelligence", label: "AI Intelligence", icon: Brain },
  { value: "automation", label: "Smart Automation", icon: Zap },
  { value: "training", label: "Agent Training", icon: GraduationCap },
  { value: "performance", label: "Performance", icon: Activity },
] as const;
type Tab = (typeof TABS)[number]["value"];

/**
 * AI Studio, six tabs. Every control here changes what the
 * assistant does on the next call or reads what it did: flows answer callers, rules act when a
 * call ends, the active voice speaks, the analysis is the engine's own. Changing needs an admin.
 */
export function AiStudioPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("tab");
  const tab: Tab = TABS.some((t) => t.value === asked) ? (asked as Tab) : "conversations";
  const chooseTab = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "conversations") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  const { can } = useWorkspace();
  const manage = can("admin");

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Bot className="size-8 text-primary" aria-hidden />
        <div>
          <h1 className="text-2xl font-bold">AI Studio</h1>
          <p className="text-muted-foreground">
            Flows, voices, automation and figures for the assistant that answers your calls
          </p>
        </div>
      </div>
      {manage ? null : (
        <p className="text-sm text-muted-foreground">
          You can try flows, voices and the analysis here; only admins and the owner can change them.
        </p>
      )}
      <Tabs value={tab} onValueChange={chooseTab}>
        <TabsList
          aria-label="AI Studio sections"
          className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-3 xl:grid-cols-6"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="gap-1.5 px-2">
              <Icon className="size-4" aria-hidden /> {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="conversations">
          <FlowsTab manage={manage} />
        </TabsContent>
        <TabsContent value="voice">
          <VoiceTab manage={manage} />
        </TabsContent>
        <TabsContent value="intelligence">
          <IntelligenceTab />
        </TabsContent>
        <TabsContent value="automation">
          <AutomationTab manage={manage} />
        </TabsContent>
        <TabsContent value="training">
          <TrainingTab />
        </TabsContent>
        <TabsContent value="performance">
          <PerformanceTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
