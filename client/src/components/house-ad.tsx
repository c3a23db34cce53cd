import type { AdPlace } from "@common/house-ads";
import { Lightbulb, Sparkles } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useHouseAd, useHouseAdViewed } from "../lib/shared-api/house-ads";
import { Button } from "./ui/button";

/**
 * The Free plan's ad: one of the app's own upgrade offers or tips, never anyone else's. Counted
 * once per showing, when at least half of it has been on screen; a paid plan gets no ad (the
 * server answers null), so nothing renders.
 */
export function HouseAd({ place }: { place: AdPlace }) {
  const { data } = useHouseAd(place);
  const viewed = useHouseAdViewed();
  const box = useRef<HTMLElement>(null);
  const counted = useRef<string | null>(null);
  const ad = data?.ad ?? null;
  const record = viewed.mutate;

  useEffect(() => {
    const element = box.current;
    if (!ad || !element || counted.current === ad.id) return;
    const count = () => {
      if (counted.current === ad.id) return;
      counted.current = ad.id;
      record({ adId: ad.id, place });
    };
    if (typeof IntersectionObserver === "undefined") {
      count();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          count();
          observer.disconnect();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ad, place, record]);

  if (!ad) return null;
  const Icon = ad.kind === "upgrade" ? Sparkles : Lightbulb;
  return (
    <aside
      ref={box}
      aria-label="Ad from AI Platform"
      data-testid="house-ad"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed bg-muted/40 p-4 text-sm"
    >
      <Icon className="size-5 shrink-0 text-primary" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-semibold">
          <span className="mr-2 rounded bg-secondary px-1.5 py-0.5 text-xs font-medium text-secondary-foreground">
            {ad.kind === "upgrade" ? "Ad" : "Tip"}
          </span>
          {ad.title}
        </p>
        <p className="text-muted-foreground">{ad.body}</p>
      </div>
      <Button asChild size="sm" variant={ad.kind === "upgrade" ? "default" : "outline"}>
        <Link to={ad.action.to}>{ad.action.label}</Link>
      </Button>
    </aside>
  );
}
