import { CalendarDays } from "lucide-react";
import { useSeasonalCampaigns } from "../api/get-seasonal-campaigns";

/** "Seasonal idea": six campaign ideas for the coming dates, from the server. */
export function SeasonalIdeas() {
  const ideas = useSeasonalCampaigns(true);
  return (
    <section aria-labelledby="seasonal-ideas" className="grid gap-3">
      <h3 id="seasonal-ideas" className="font-semibold">
        Seasonal campaign ideas
      </h3>
      {ideas.isPending ? <p className="text-sm text-muted-foreground">Loading ideas...</p> : null}
      {ideas.isError ? <p className="text-sm text-destructive">Could not load seasonal ideas.</p> : null}
      {ideas.data ? (
        <ul className="grid gap-2 sm:grid-cols-2">
          {ideas.data.ideas.map((idea) => (
            <li key={`${idea.theme}-${idea.targetDate}`} className="rounded-md border p-3">
              <p className="font-medium">{idea.theme}</p>
              <p className="text-sm">{idea.subject}</p>
              <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
                <CalendarDays className="size-3" aria-hidden />
                {new Date(`${idea.targetDate}T12:00:00Z`).toLocaleDateString(undefined, {
                  month: "long",
                  day: "numeric",
                  year: "numeric",
                  timeZone: "UTC",
                })}{" "}
                · {idea.season}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
