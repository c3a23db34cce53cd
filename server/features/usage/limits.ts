import { TZDate } from "@date-fns/tz";
import type { LimitKey } from "../../../common/billing";
import { type PlanDefinition, UNLIMITED } from "../../../common/plans";
import type { UsageCounters } from "./repository";

const USED_BY_LIMIT: Record<LimitKey, keyof UsageCounters> = {
  monthlyMinutes: "callMinutesUsed",
  callScreeningLimit: "callsScreened",
  transcriptionLimit: "transcriptionsUsed",
};

/** The plan's monthly limits this usage has reached (-1 is unlimited and never reached). */
export function limitsReached(plan: PlanDefinition, usage: UsageCounters): LimitKey[] {
  return (Object.keys(USED_BY_LIMIT) as LimitKey[]).filter((key) => {
    const limit = plan.features[key];
    return limit !== UNLIMITED && usage[USED_BY_LIMIT[key]] >= limit;
  });
}

/** Usage months are calendar months in the account's time zone. */
export function usageMonth(at: Date, timeZone: string): { year: number; month: number } {
  const z = new TZDate(at.getTime(), timeZone);
  return { year: z.getFullYear(), month: z.getMonth() + 1 };
}

/** When this month's counters start again: midnight on the first of next month, in the account's zone. */
export function nextMonthStart(at: Date, timeZone: string): Date {
  const z = new TZDate(at.getTime(), timeZone);
  return new Date(new TZDate(z.getFullYear(), z.getMonth() + 1, 1, 0, 0, timeZone).getTime());
}

/** What the assistant and the screens say when a limit stops a call or a transcription. */
export function limitMessage(key: LimitKey, plan: PlanDefinition): string {
  const limit = plan.features[key];
  switch (key) {
    case "monthlyMinutes":
      return `You have used the ${limit} call minutes included in the ${plan.name} plan this month. New calls are not screened until next month, or upgrade your plan to continue.`;
    case "callScreeningLimit":
      return `You have used the ${limit} screened calls included in the ${plan.name} plan this month. New calls are not screened until next month, or upgrade your plan to continue.`;
    case "transcriptionLimit":
      return `You have used the ${limit} transcriptions included in the ${plan.name} plan this month. Type what the caller says, or upgrade your plan for more.`;
  }
}
