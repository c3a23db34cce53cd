import type { AdPlace, HouseAd } from "../../../common/house-ads";
import { formatDollars, PLANS, SUBSCRIPTION_PLAN_IDS, UNLIMITED } from "../../../common/plans";

const minutes = (amount: number) =>
  amount === UNLIMITED ? "unlimited minutes" : `${amount.toLocaleString("en-US")} minutes a month`;

/** The paid plans without ads, cheapest first: each is an offer, its figures read from the plan. */
function upgradeOffers(): HouseAd[] {
  return SUBSCRIPTION_PLAN_IDS.map((id) => PLANS[id])
    .filter((plan) => plan.priceCents > 0 && !plan.features.hasAds)
    .sort((a, b) => a.priceCents - b.priceCents)
    .map((plan) => ({
      id: `upgrade-${plan.id}`,
      kind: "upgrade" as const,
      title: `Go ad-free with ${plan.name}`,
      body: `${minutes(plan.features.monthlyMinutes)} and no ads, for ${formatDollars(plan.priceCents)} a month.`,
      action: { label: `See ${plan.name}`, to: "/subscription" },
    }));
}

/** Things the app does that a new workspace often has not found yet, each with where to do it. */
const TIPS: HouseAd[] = [
  {
    id: "tip-block-caller",
    kind: "tip",
    title: "Stop a caller for good",
    body: "Open a call in Call History and block the number: the assistant ends their calls from then on.",
    action: { label: "Open Call History", to: "/call-history" },
  },
  {
    id: "tip-business-hours",
    kind: "tip",
    title: "Tell the assistant your hours",
    body: "With your business hours set, callers after hours hear when you open and can leave a message.",
    action: { label: "Open Settings", to: "/settings" },
  },
  {
    id: "tip-contacts",
    kind: "tip",
    title: "Known callers get through",
    body: "Add the people you know to Contacts: the assistant greets them by name and never screens them as spam.",
    action: { label: "Open Contacts", to: "/contacts" },
  },
  {
    id: "tip-appointments",
    kind: "tip",
    title: "Let callers book themselves",
    body: "The assistant books appointments in your free times and lists them in Appointments.",
    action: { label: "Open Appointments", to: "/appointments" },
  },
];

/** Offers and tips taking turns, the same list for every place. */
export const HOUSE_ADS: readonly HouseAd[] = (() => {
  const offers = upgradeOffers();
  const turns = Math.max(offers.length, TIPS.length);
  return Array.from({ length: turns }, (_, index) => [offers[index], TIPS[index]])
    .flat()
    .filter((ad): ad is HouseAd => ad !== undefined);
})();

/**
 * The ad to show next: the workspace's views this month choose it, so each showing moves on to
 * the next one; the two places start apart, so the dashboard and Call History differ.
 */
export function houseAdFor(viewsThisMonth: number, place: AdPlace): HouseAd {
  const offset = place === "dashboard" ? 0 : Math.floor(HOUSE_ADS.length / 2);
  const ad = HOUSE_ADS[(viewsThisMonth + offset) % HOUSE_ADS.length];
  if (!ad) throw new Error("the house ad catalogue is empty");
  return ad;
}

export const isHouseAd = (id: string) => HOUSE_ADS.some((ad) => ad.id === id);
