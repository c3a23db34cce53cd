import { planFor, UNLIMITED } from "../../../common/plans";

/**
 * What a call costs its workspace ("System call" cost): its minutes, rounded up, at the
 * plan's per-minute rate. The plans have no separate price per minute: a plan's rate is its
 * monthly price spread over the minutes it includes (Personal: $29.00 / 500 = 5.8¢). A plan
 * without a price (free) or without a minute limit (unlimited) charges nothing by the minute, as
 * its monthly usage is 0 % on the users list.
 */
export function perMinuteRateCents(planType: string): number {
  const plan = planFor(planType);
  const minutes = plan.features.monthlyMinutes;
  if (plan.priceCents <= 0 || minutes === UNLIMITED || minutes <= 0) return 0;
  return plan.priceCents / minutes;
}

/** Dollars, to the cent. */
export function callCost(planType: string, durationSeconds: number): number {
  const minutes = Math.ceil(Math.max(0, durationSeconds) / 60);
  return Math.round(minutes * perMinuteRateCents(planType)) / 100;
}
