import { LEAD_MESSAGES, type LeadResult } from "@common/lead-generation";
import { Globe, MapPin, Phone, Save, Star } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { toast, toastError } from "../../../lib/toast";
import { useBulkSaveLeads } from "../api/bulk-save";
import { useSaveLead } from "../api/save-lead";
import { leadKey, leadToSave } from "../lead-input";

/**
 * Search results as cards: Save for a lead with a phone number (as the Lead Manager),
 * and Save All for every lead with one; saved leads say so instead of offering Save again.
 */
export function LeadResults({
  leads,
  industry,
  label,
}: {
  leads: LeadResult[];
  industry: string;
  label: string;
}) {
  const save = useSaveLead();
  const bulk = useBulkSaveLeads();
  const [saved, setSaved] = useState<Set<string>>(new Set());
  const withPhone = leads.filter((lead) => lead.phone);

  const saveOne = (lead: LeadResult) =>
    save.mutate(leadToSave(lead, industry), {
      onSuccess: () => {
        setSaved((current) => new Set(current).add(leadKey(lead)));
        toast({ title: LEAD_MESSAGES.saved, description: `${lead.name} was added to your contacts.` });
      },
      onError: (error) => toastError(LEAD_MESSAGES.saveFailedTitle, LEAD_MESSAGES.saveFailed, error),
    });

  const saveAll = () =>
    bulk.mutate(
      withPhone.map((lead) => leadToSave(lead, industry)),
      {
        onSuccess: (result) => {
          setSaved(new Set(withPhone.map(leadKey)));
          const parts = [`Saved ${result.saved} leads, skipped ${result.skipped} duplicates.`];
          if (result.overLimit)
            parts.push(`${result.overLimit} not saved: ${result.message ?? "the plan's limit"}`);
          toast({ title: LEAD_MESSAGES.bulkSaved, description: parts.join(" ") });
        },
        onError: (error) =>
          toastError(LEAD_MESSAGES.bulkSaveFailedTitle, LEAD_MESSAGES.bulkSaveFailed, error),
      },
    );

  return (
    <section aria-label={label} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {leads.length} businesses found, {withPhone.length} with a phone number
        </p>
        <Button onClick={saveAll} disabled={bulk.isPending || withPhone.length === 0}>
          <Save aria-hidden />
          {bulk.isPending ? "Saving..." : `Save All (${withPhone.length})`}
        </Button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {leads.map((lead) => {
          const key = leadKey(lead);
          return (
            <li key={key} className="flex min-w-0" aria-label={lead.name}>
              <Card className="flex w-full min-w-0 flex-col">
                <CardContent className="grid flex-1 gap-2 p-4 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold wrap-anywhere">{lead.name}</p>
                    {lead.category ? <Badge variant="secondary">{lead.category}</Badge> : null}
                  </div>
                  {lead.address ? (
                    <p className="flex gap-1.5 text-muted-foreground wrap-anywhere">
                      <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden /> {lead.address}
                    </p>
                  ) : null}
                  {lead.phone ? (
                    <p className="flex gap-1.5">
                      <Phone className="mt-0.5 size-4 shrink-0" aria-hidden /> {lead.phone}
                    </p>
                  ) : (
                    <p className="text-muted-foreground">No phone number available</p>
                  )}
                  {lead.website ? (
                    <a
                      href={lead.website}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="flex gap-1.5 text-primary underline-offset-2 hover:underline wrap-anywhere"
                    >
                      <Globe className="mt-0.5 size-4 shrink-0" aria-hidden /> {lead.website}
                    </a>
                  ) : null}
                  {lead.rating !== null ? (
                    <p className="flex gap-1.5">
                      <Star className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden /> {lead.rating}
                      {lead.reviewCount !== null ? ` (${lead.reviewCount} reviews)` : ""}
                    </p>
                  ) : null}
                </CardContent>
                {lead.phone ? (
                  <div className="border-t p-3">
                    {saved.has(key) ? (
                      <p className="text-sm font-medium text-green-700">Saved to contacts</p>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => saveOne(lead)}
                        disabled={save.isPending && save.variables?.name === lead.name}
                        aria-label={`Save ${lead.name}`}
                      >
                        <Save aria-hidden /> Save
                      </Button>
                    )}
                  </div>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
