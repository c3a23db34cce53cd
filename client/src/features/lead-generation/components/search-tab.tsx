import {
  DEFAULT_LEAD_LIMIT,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  type LeadResult,
  MISSING_INFORMATION,
  SEARCH_FIELDS_REQUIRED,
} from "@common/lead-generation";
import { Loader2, Search } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast, toastError } from "../../../lib/toast";
import { useSearchLeads } from "../api/search-leads";
import { LeadResults } from "./lead-results";

/** Search Leads: industry, location and max results; the businesses found, to save as leads. */
export function SearchTab() {
  const [industry, setIndustry] = useState("");
  const [location, setLocation] = useState("");
  const [limit, setLimit] = useState<number>(DEFAULT_LEAD_LIMIT);
  const [results, setResults] = useState<{ leads: LeadResult[]; industry: string } | null>(null);
  const search = useSearchLeads();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!industry.trim() || !location.trim()) {
      toast({ title: MISSING_INFORMATION, description: SEARCH_FIELDS_REQUIRED, variant: "destructive" });
      return;
    }
    search.mutate(
      { industry: industry.trim(), location: location.trim(), limit },
      {
        onSuccess: (answer) => setResults({ leads: answer.leads, industry: industry.trim() }),
        onError: (error) => toastError(LEAD_MESSAGES.searchFailedTitle, LEAD_MESSAGES.searchFailed, error),
      },
    );
  };

  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="p-4">
          <form
            onSubmit={submit}
            className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem_auto] lg:items-end"
          >
            <Field label="Industry">
              {(props) => (
                <Input
                  {...props}
                  value={industry}
                  onChange={(e) => setIndustry(e.target.value)}
                  placeholder="plumbers"
                />
              )}
            </Field>
            <Field label="Location">
              {(props) => (
                <Input
                  {...props}
                  value={location}
                  onChange={(e) => setLocation(e.target.value)}
                  placeholder="Tampa, FL"
                />
              )}
            </Field>
            <Field label="Max results">
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
            <Button type="submit" disabled={search.isPending}>
              {search.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
              {search.isPending ? "Searching..." : "Search Leads"}
            </Button>
          </form>
        </CardContent>
      </Card>
      {search.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Searching for businesses...
        </p>
      ) : null}
      {results ? (
        results.leads.length ? (
          <LeadResults leads={results.leads} industry={results.industry} label="Search results" />
        ) : (
          <p className="rounded-lg border py-8 text-center text-sm text-muted-foreground">
            No businesses found. Try a broader industry or a nearby city.
          </p>
        )
      ) : null}
    </div>
  );
}
