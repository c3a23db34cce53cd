import type { SubscriptionResponse } from "@common/billing";
import { AlertTriangle } from "lucide-react";
import { formatDateTime } from "../../../lib/format";
import { LIMIT_LABELS } from "./usage-bars";

/** Says what a reached limit means for callers and for the user, and when it lifts. */
export function LimitAlert({ data, timeZone }: { data: SubscriptionResponse; timeZone: string }) {
  if (data.limitsReached.length === 0) return null;
  const calls = data.limitsReached.some((key) => key !== "transcriptionLimit");
  const transcriptions = data.limitsReached.includes("transcriptionLimit");
  const names = data.limitsReached.map((key) => LIMIT_LABELS[key]).join(" and ");
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">
          You have used all the {names} in the {data.subscription.planName} plan this month.
        </p>
        {calls ? (
          <p>
            New calls are not screened: callers hear that you can't take calls right now and are asked to try
            again later. They are listed in your call history.
          </p>
        ) : null}
        {transcriptions ? <p>Recorded speech is not transcribed; typed text still works.</p> : null}
        <p>
          Limits start again on {formatDateTime(data.usage.resetsAt, timeZone, "MMMM d")}, or upgrade below to
          continue now.
        </p>
      </div>
    </div>
  );
}
