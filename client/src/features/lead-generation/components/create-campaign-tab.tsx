import {
  CAMPAIGN_FIELDS_REQUIRED,
  type CampaignSchedule,
  DEFAULT_LEAD_LIMIT,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  MISSING_INFORMATION,
} from "@common/lead-generation";
import { Loader2, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast, toastError } from "../../../lib/toast";
import { useCreateCampaign } from "../api/create-campaign";

const EMPTY = { name: "", industry: "", location: "", businessType: "" };

/** Create Campaign: name, industry and location required, how often, and start now. */
export function CreateCampaignTab({ onCreated }: { onCreated: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [limit, setLimit] = useState<number>(DEFAULT_LEAD_LIMIT);
  const [schedule, setSchedule] = useState<CampaignSchedule>("weekly");
  const [autoStart, setAutoStart] = useState(true);
  const create = useCreateCampaign();
  const set = (key: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.industry.trim() || !form.location.trim()) {
      toast({ title: MISSING_INFORMATION, description: CAMPAIGN_FIELDS_REQUIRED, variant: "destructive" });
      return;
    }
    create.mutate(
      {
        name: form.name,
        searchCriteria: {
          industry: form.industry,
          location: form.location,
          businessType: form.businessType || null,
        },
        limit,
        schedule,
        autoStart,
      },
      {
        onSuccess: (campaign) => {
          toast({
            title: LEAD_MESSAGES.campaignCreated,
            description: autoStart
              ? `${campaign.name} is starting its first search.`
              : `${campaign.name} is saved, paused.`,
          });
          setForm(EMPTY);
          onCreated();
        },
        onError: (error) =>
          toastError(LEAD_MESSAGES.campaignFailedTitle, LEAD_MESSAGES.campaignFailed, error),
      },
    );
  };

  return (
    <Card>
      <CardContent className="p-4">
        <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
          <Field label="Campaign name">
            {(props) => (
              <Input {...props} value={form.name} onChange={set("name")} placeholder="Tampa plumbers" />
            )}
          </Field>
          <Field label="Business type (optional)">
            {(props) => (
              <Input
                {...props}
                value={form.businessType}
                onChange={set("businessType")}
                placeholder="Plumbing"
              />
            )}
          </Field>
          <Field label="Campaign industry">
            {(props) => (
              <Input {...props} value={form.industry} onChange={set("industry")} placeholder="plumbers" />
            )}
          </Field>
          <Field label="Campaign location">
            {(props) => (
              <Input {...props} value={form.location} onChange={set("location")} placeholder="Tampa, FL" />
            )}
          </Field>
          <Field label="Results per run">
            {(props) => (
              <NativeSelect {...props} value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
                {LEAD_LIMITS.map((n) => (
                  <option key={n} value={n}>
                    {n} results
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Repeat">
            {(props) => (
              <NativeSelect
                {...props}
                value={schedule}
                onChange={(e) => setSchedule(e.target.value as CampaignSchedule)}
              >
                <option value="once">Once</option>
                <option value="daily">Every day</option>
                <option value="weekly">Every week</option>
              </NativeSelect>
            )}
          </Field>
          <Label className="flex items-center gap-2 font-normal md:col-span-2">
            <Checkbox checked={autoStart} onCheckedChange={(on) => setAutoStart(on === true)} />
            Start now (the first search runs at once, then on its schedule)
          </Label>
          <div className="md:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
              {create.isPending ? "Creating..." : "Create Campaign"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
