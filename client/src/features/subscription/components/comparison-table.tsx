import type { PlanOut, PlansResponse } from "@common/billing";
import { formatDollars, PLAN_ALLOWANCES, PLAN_INCLUSIONS } from "@common/plans";
import { Check, Minus } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";

const limit = (value: number) => (value === -1 ? "Unlimited" : value.toLocaleString("en-US"));

/**
 * The rows: the price, then what a plan includes, read from the same lists that prove the
 * ladder is monotonic (common/plans.ts), so the table cannot show something the check missed.
 */
const ROWS: { label: string; cell: (plan: PlanOut) => string | boolean }[] = [
  { label: "Price a month", cell: (p) => (p.priceCents === 0 ? "Free" : formatDollars(p.priceCents)) },
  ...PLAN_ALLOWANCES.map(({ label, amount }) => ({ label, cell: (p: PlanOut) => limit(amount(p)) })),
  ...PLAN_INCLUSIONS.map(({ label, has }) => ({ label, cell: (p: PlanOut) => has(p) })),
];

/**
 * The feature comparison table, every figure from the server's plan definitions,
 * the plans in ladder order with the account's own marked.
 */
export function ComparisonTable({
  plans,
  ids,
  currentPlan,
}: {
  plans: PlansResponse;
  ids: readonly string[];
  currentPlan: string | undefined;
}) {
  const columns = ids.map((id) => plans[id as keyof PlansResponse]).filter((p): p is PlanOut => Boolean(p));
  const highlight = (plan: PlanOut) => (plan.id === currentPlan ? "bg-green-50" : undefined);
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. `relative`: the
    // cells' screen-reader-only text is positioned, and must scroll with the table, not widen the page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <section className="relative overflow-x-auto" aria-label="Plan comparison" tabIndex={0}>
      <table className="w-full min-w-[760px] text-sm">
        <caption className="sr-only">Features of each plan, from least to most</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2 pr-4 text-left font-medium">
              Feature
            </th>
            {columns.map((plan) => (
              <th
                key={plan.id}
                scope="col"
                className={cn("px-2 py-2 text-center align-bottom font-semibold", highlight(plan))}
                aria-current={plan.id === currentPlan ? "true" : undefined}
              >
                {plan.id === currentPlan ? (
                  <Badge variant="success" className="mb-1">
                    Your plan
                  </Badge>
                ) : null}
                <span className="block">{plan.name}</span>
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
                  <td key={plan.id} className={cn("px-2 py-2 text-center", highlight(plan))}>
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
    </section>
  );
}
