import type { Campaign } from "@common/dialer";
import { Headset, ListPlus, PhoneForwarded, Plus, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { useUser } from "../../lib/auth/use-user";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useCampaignStats } from "./api/get-campaign-stats";
import { useCampaigns } from "./api/get-campaigns";
import { useDialerEvents } from "./api/use-dialer-events";
import { AddLeadsDialog } from "./components/add-leads-dialog";
import { AgentsPanel } from "./components/agents-panel";
import { CampaignCard } from "./components/campaign-card";
import { CampaignDialog } from "./components/campaign-dialog";
import { CampaignDoNotCall } from "./components/campaign-do-not-call";
import { CampaignLeads } from "./components/campaign-leads";
import { DispositionCounts } from "./components/disposition-counts";
import { DialerStatsCards } from "./components/stats-cards";
import { plural } from "./labels";

/** The route of the agent console (the console is this feature's second screen). */
export const AGENT_CONSOLE_PATH = "/autodialer/console";

/**
 * Autodialer: the chosen campaign's stats, the campaigns with Start/Pause and their
 * abandonment rates, the agents, and the create-campaign and add-leads dialogs. Admins and the
 * owner run campaigns; every member sees them and works calls on the Agent Console.
 */
export function AutodialerPage() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const canManage = useWorkspace().can("admin");
  const campaigns = useCampaigns();
  const list = campaigns.data ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selected =
    list.find((campaign) => campaign.id === chosenId) ??
    list.find((campaign) => campaign.status === "active") ??
    list[0] ??
    null;
  const stats = useCampaignStats(selected?.id ?? null, selected?.status === "active");
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Campaign | null>(null);
  const [addingTo, setAddingTo] = useState<string | null | false>(false);
  useDialerEvents();

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <PhoneForwarded className="size-6 text-primary" aria-hidden /> Autodialer
          </h1>
          <p className="text-sm text-muted-foreground">
            Predictive dialing campaigns that keep your agents talking, within calling hours and the
            abandonment limit.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={AGENT_CONSOLE_PATH}>
              <Headset aria-hidden /> Agent Console
            </Link>
          </Button>
          {canManage ? (
            <>
              <Button
                variant="outline"
                onClick={() => setAddingTo(selected?.id ?? null)}
                disabled={!list.length}
              >
                <ListPlus aria-hidden /> Add Leads
              </Button>
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden /> Create Campaign
              </Button>
            </>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="dialer-stats-title" className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="dialer-stats-title" className="text-lg font-semibold">
            {selected ? `Today on ${selected.name}` : "Campaign stats"}
          </h2>
          {list.length > 1 ? (
            <Field label="Campaign" className="w-64 max-w-full">
              {(props) => (
                <NativeSelect
                  {...props}
                  value={selected?.id ?? ""}
                  onChange={(event) => setChosenId(event.target.value)}
                >
                  {list.map((campaign) => (
                    <option key={campaign.id} value={campaign.id}>
                      {campaign.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          ) : null}
        </div>
        <DialerStatsCards stats={stats.data} failed={stats.isError} campaignName={selected?.name ?? null} />
        <DispositionCounts stats={stats.data} campaignName={selected?.name ?? null} />
      </section>

      <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="campaigns-title" className="grid min-w-0 content-start gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="campaigns-title" className="text-lg font-semibold">
              Campaigns
            </h2>
            {campaigns.data ? (
              <span className="text-sm text-muted-foreground">
                {plural(campaigns.data.length, "campaign")}
              </span>
            ) : null}
          </div>
          {campaigns.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading campaigns...
            </p>
          ) : campaigns.isError && !campaigns.data ? (
            <div role="alert" className="grid justify-items-start gap-2 rounded-md border p-4 text-sm">
              <p className="font-semibold">The campaigns could not be loaded.</p>
              <Button variant="outline" size="sm" onClick={() => campaigns.refetch()}>
                <RefreshCw aria-hidden /> Try again
              </Button>
            </div>
          ) : list.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-8 text-center">
              <PhoneForwarded className="size-10 text-muted-foreground" aria-hidden />
              <p className="font-semibold">No campaigns yet</p>
              <p className="text-sm text-muted-foreground">
                {canManage
                  ? "Create a campaign, add leads, then press Start."
                  : "An admin of your workspace creates campaigns; you take their calls on the Agent Console."}
              </p>
            </div>
          ) : (
            <div className="grid gap-3">
              {list.map((campaign) => (
                <CampaignCard
                  key={campaign.id}
                  campaign={campaign}
                  selected={campaign.id === selected?.id}
                  canManage={canManage}
                  onSelect={() => setChosenId(campaign.id)}
                  onAddLeads={() => setAddingTo(campaign.id)}
                  onEdit={() => setEditing(campaign)}
                />
              ))}
            </div>
          )}
        </section>
        <AgentsPanel />
      </div>

      {selected ? <CampaignLeads key={selected.id} campaign={selected} timeZone={timeZone} /> : null}
      {selected ? (
        <CampaignDoNotCall key={`dnc-${selected.id}`} campaign={selected} canManage={canManage} />
      ) : null}

      <CampaignDialog
        open={creating || editing !== null}
        campaign={editing}
        onOpenChange={(open) => {
          if (open) return;
          setCreating(false);
          setEditing(null);
        }}
        onCreated={(created) => setChosenId(created.id)}
      />
      <AddLeadsDialog
        open={addingTo !== false}
        onOpenChange={(open) => (open ? undefined : setAddingTo(false))}
        campaigns={list}
        campaignId={addingTo || null}
      />
    </div>
  );
}
