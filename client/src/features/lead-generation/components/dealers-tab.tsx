import {
  DEALER_SEARCH_SPACING_MS,
  DEFAULT_DEALER_CITIES,
  type FloridaCity,
  LEAD_MESSAGES,
  type LeadResult,
} from "@common/lead-generation";
import { Download, Loader2, Satellite } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { Label } from "../../../components/ui/label";
import { toast, toastError } from "../../../lib/toast";
import { useFloridaLocations } from "../api/get-florida-locations";
import { useSearchDealers } from "../api/search-dealers";
import { LeadResults } from "./lead-results";

/**
 * Viasat Dealers: satellite internet and TV dealers in the chosen Florida cities (Miami, Orlando
 * and Tampa when none is chosen), searched one city every 3 seconds; Export CSV opens the file.
 */
export function DealersTab() {
  const locations = useFloridaLocations();
  const dealers = useSearchDealers();
  const [chosen, setChosen] = useState<string[]>([]);
  const [exportCsv, setExportCsv] = useState(false);
  const [results, setResults] = useState<LeadResult[] | null>(null);
  const cities = chosen.length ? chosen : [...DEFAULT_DEALER_CITIES];
  const seconds = Math.round(((cities.length - 1) * DEALER_SEARCH_SPACING_MS) / 1000);

  const toggle = (city: string, on: boolean) =>
    setChosen((current) => (on ? [...current, city] : current.filter((c) => c !== city)));

  const run = () =>
    dealers.mutate(
      { locations: chosen as FloridaCity[], exportCSV: exportCsv },
      {
        onSuccess: (answer) => {
          setResults(answer.leads);
          toast({
            title: "Dealer Search Complete",
            description: `${answer.count} dealers found in ${answer.cities.join(", ")}.`,
          });
          if (answer.csvPath) window.open(answer.csvPath, "_blank", "noopener");
        },
        onError: (error) => toastError(LEAD_MESSAGES.dealersFailedTitle, LEAD_MESSAGES.dealersFailed, error),
      },
    );

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Satellite className="size-5 text-primary" aria-hidden /> Satellite internet dealers in Florida
          </CardTitle>
          <CardDescription>
            Cities are searched one at a time, 3 seconds apart. None chosen searches Miami, Orlando and Tampa.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Cities</legend>
            {locations.isError ? (
              <p role="alert" className="text-sm text-destructive">
                The cities could not be loaded.
              </p>
            ) : (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
                {(locations.data?.locations ?? []).map(({ city }) => (
                  <Label key={city} className="flex items-center gap-2 font-normal">
                    <Checkbox
                      checked={chosen.includes(city)}
                      onCheckedChange={(on) => toggle(city, on === true)}
                    />
                    {city}
                  </Label>
                ))}
              </div>
            )}
          </fieldset>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Label className="flex items-center gap-2 font-normal">
              <Checkbox checked={exportCsv} onCheckedChange={(on) => setExportCsv(on === true)} />
              <Download className="size-4" aria-hidden /> Export CSV
            </Label>
            <Button onClick={run} disabled={dealers.isPending}>
              {dealers.isPending ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <Satellite aria-hidden />
              )}
              {dealers.isPending ? "Searching dealers..." : "Search Viasat Dealers"}
            </Button>
          </div>
        </CardContent>
      </Card>
      {dealers.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Searching {cities.join(", ")}
          {seconds ? ` (about ${seconds} s or more)` : ""}...
        </p>
      ) : null}
      {results ? (
        results.length ? (
          <LeadResults leads={results} industry="Satellite internet dealer" label="Dealers found" />
        ) : (
          <p className="rounded-lg border py-8 text-center text-sm text-muted-foreground">
            No dealers found in these cities.
          </p>
        )
      ) : null}
    </div>
  );
}
