import { BarChart3, FileText, Inbox, Send, Wand2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useEmailStats } from "./api/audience";
import { useCampaignJob } from "./api/use-campaign-job";
import { AnalyticsTab } from "./components/analytics-tab";
import { AudienceStatsCards } from "./components/audience-stats-cards";
import { type CampaignForm, EMPTY_CAMPAIGN_FORM } from "./components/campaign-form";
import { CampaignProgress } from "./components/campaign-progress";
import { CreateCampaignTab } from "./components/create-campaign-tab";
import { TemplatesTab } from "./components/templates-tab";

const TABS = [
  { value: "create", label: "Create Campaign", icon: Send },
  { value: "templates", label: "Email Templates", icon: FileText },
  { value: "analytics", label: "Analytics", icon: BarChart3 },
] as const;
type Tab = (typeof TABS)[number]["value"];

/**
 * Email Marketing (/email-marketing): the audience's figures and the tabs Create
 * Campaign, Email Templates and Analytics, with a link to the wizard (and to the outbox, where
 * every message the server wrote can be opened as a mail program shows it).
 */
export function EmailMarketingPage() {
  const stats = useEmailStats();
  const [tab, setTab] = useState<Tab>("create");
  const [form, setForm] = useState<CampaignForm>(EMPTY_CAMPAIGN_FORM);
  // The campaign started here, followed through its job (and told once when it ends) on every tab.
  const [started, setStarted] = useState<{ campaignId: string; jobId: string | null; total: number } | null>(
    null,
  );
  const { job, running } = useCampaignJob(started?.campaignId ?? null, started?.jobId ?? null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Email Marketing</h1>
          <p className="text-muted-foreground">Send personal emails to your contacts, and see how they did</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/email-marketing/outbox">
              <Inbox className="size-4" aria-hidden /> Outbox
            </Link>
          </Button>
          <Button asChild>
            <Link to="/email-wizard">
              <Wand2 className="size-4" aria-hidden /> AI Email Wizard
            </Link>
          </Button>
        </div>
      </div>
      <AudienceStatsCards stats={stats.data} failed={stats.isError} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Email marketing sections" className="grid h-auto w-full grid-cols-3 gap-1">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="gap-1.5 px-2">
              <Icon className="size-4 shrink-0" aria-hidden /> {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="create">
          <CreateCampaignTab
            stats={stats.data}
            form={form}
            onChange={setForm}
            onCampaignStarted={(result) =>
              setStarted({
                campaignId: result.campaignId,
                jobId: result.jobId,
                total: result.totalRecipients,
              })
            }
            sendingCampaign={
              started ? (
                <CampaignProgress
                  key={started.campaignId}
                  campaignId={started.campaignId}
                  total={started.total}
                  job={job}
                  running={running}
                />
              ) : null
            }
            onShowTemplates={() => setTab("templates")}
          />
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesTab
            onUse={(id) => {
              setForm((current) => ({ ...current, templateId: id }));
              setTab("create");
            }}
          />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab stats={stats.data} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
