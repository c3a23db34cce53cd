import { Megaphone, Plus, Satellite, Search } from "lucide-react";
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useUser } from "../../lib/auth/use-user";
import { useLeadStats } from "./api/get-lead-stats";
import { CampaignsTab } from "./components/campaigns-tab";
import { CreateCampaignTab } from "./components/create-campaign-tab";
import { DealersTab } from "./components/dealers-tab";
import { LeadStatsCards } from "./components/lead-stats-cards";
import { SearchTab } from "./components/search-tab";

const TABS = [
  { value: "search", label: "Search Leads", icon: Search },
  { value: "dealers", label: "Viasat Dealers", icon: Satellite },
  { value: "campaigns", label: "Campaigns", icon: Megaphone },
  { value: "create", label: "Create Campaign", icon: Plus },
] as const;
type Tab = (typeof TABS)[number]["value"];

/**
 * Lead Generation (/leads): the stats cards and four tabs. Searches find real
 * businesses through the server's provider (OpenStreetMap or SerpAPI); saved leads are contacts.
 */
export function LeadGenerationPage() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const stats = useLeadStats();
  const [tab, setTab] = useState<Tab>("search");

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Lead Generation</h1>
        <p className="text-muted-foreground">
          Find businesses, save them as leads, and let campaigns bring in new ones
        </p>
      </div>
      <LeadStatsCards stats={stats.data} failed={stats.isError} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList
          aria-label="Lead generation sections"
          className="grid h-auto w-full grid-cols-2 gap-1 md:grid-cols-4"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="gap-1.5 px-2">
              <Icon className="size-4" aria-hidden /> {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="search">
          <SearchTab />
        </TabsContent>
        <TabsContent value="dealers">
          <DealersTab />
        </TabsContent>
        <TabsContent value="campaigns">
          <CampaignsTab timeZone={timeZone} onCreate={() => setTab("create")} />
        </TabsContent>
        <TabsContent value="create">
          <CreateCampaignTab onCreated={() => setTab("campaigns")} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
