import type { Abandonment } from "@common/dialer";

/**
 * How the campaign stands against the abandonment limit: the worse of the 30-day and campaign
 * rates (the ones the law and the pacing read), and whether the screen warns (nearing the
 * ceiling, the server's `nearCeiling`) or says the ceiling is reached.
 */
export function abandonmentLevel(abandonment: Abandonment): {
  worstPercent: number;
  level: "ok" | "near" | "over";
} {
  const worstPercent = Math.max(abandonment.last30Days.ratePercent, abandonment.campaign.ratePercent);
  if (worstPercent >= abandonment.ceilingPercent) return { worstPercent, level: "over" };
  return { worstPercent, level: abandonment.nearCeiling ? "near" : "ok" };
}
