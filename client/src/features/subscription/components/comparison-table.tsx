import type { PlanOut, PlansResponse } from "@common/billing";
import { Check, Minus } from "lucide-react";

const limit = (value: number) => (value === -1 ? "Unlimited" : value.toLocaleString("en-US"));

const ROWS: { label: string; cell: (plan: PlanOut) => string | boolean }[] = [
  {
    label: "Price a month",
    cell: (p) => (p.priceCents === 0 ? "Free" : `$${p.price.toFixed(2).replace(/\.00$/, "")}`),
  },
  { label: "Call minutes a month", cell: (p) => limit(p.features.monthlyMinutes) },
  { label: "Screened calls a month", cell: (p) => limit(p.features.callScreeningLimit) },
  { label: "Transcriptions a month", cell: (p) => limit(p.features.transcriptionLimit) },
  { label: "Contacts", cell: (p) => limit(p.contactLimit) },
  { label: "No ads", cell: (p) => !p.features.hasAds },
  { label: "Voice cloning", cell: (p) => p.access.voiceCloning },
  { label: "CSV import and bulk calling", cell: (p) => p.access.businessFeatures },
  { label: "Advanced analytics", cell: (p) => p.features.hasAdvancedAnalytics },
  { label: "Priority support", cell: (p) => p.features.hasPrioritySupport },
];

/** Spec 2 §2: the feature comparison table, every figure from the server's plan definitions. */
export function ComparisonTable({ plans, ids }: { plans: PlansResponse; ids: readonly string[] }) {
  const columns = ids.map((id) => plans[id as keyof PlansResponse]).filter((p): p is PlanOut => Boolean(p));
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] text-sm">
        <caption className="sr-only">Features of each plan</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 pr-4 text-left font-medium">
              Feature
            </th>
            {columns.map((plan) => (
              <th key={plan.id} scope="col" className="px-2 py-2 text-center font-semibold">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.label} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-4 text-left font-normal text-muted-foreground">
                {row.label}
              </th>
              {columns.map((plan) => {
                const value = row.cell(plan);
                return (
                  <td key={plan.id} className="px-2 py-2 text-center">
                    {value === true ? (
                      <>
                        <Check className="mx-auto size-4 text-green-700" aria-hidden />
                        <span className="sr-only">Included</span>
                      </>
                    ) : value === false ? (
                      <>
                        <Minus className="mx-auto size-4 text-slate-500" aria-hidden />
                        <span className="sr-only">Not included</span>
                      </>
                    ) : (
                      value
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
