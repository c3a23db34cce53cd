import { listNames, plansWith } from "@common/plans";
import { useState } from "react";
import { UpgradeRequired } from "../../components/upgrade-required";
import { useSubscription } from "../../lib/shared-api/get-subscription";
import { BulkCalling } from "./components/bulk-calling";
import { CsvImport } from "./components/csv-import";

/** The plans with CSV import and bulk calling, by name: "Pro, Premium and Business". */
const INCLUDED_IN = listNames(
  plansWith("businessFeatures").map((plan) => plan.name),
  "and",
);

/**
 * /business-plan: CSV import and bulk calling, for pro and the plans above it. Others
 * see "Business Plan Required" with an upgrade button (or, on a server that cannot take
 * payments, a notice saying so); so does anyone the server refuses (402).
 */
export function BusinessPlanPage() {
  const access = useSubscription();
  const [refusal, setRefusal] = useState<unknown>(null);

  if (access.isLoading) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (access.isError || !access.data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Your plan could not be loaded. Please try again.
      </p>
    );
  }
  if (!access.data.access.businessFeatures || refusal) {
    return (
      <div className="mx-auto grid w-full max-w-2xl gap-4 py-6">
        <UpgradeRequired
          headingLevel={1}
          title="Business Plan Required"
          description={`CSV import and bulk calling are part of the ${INCLUDED_IN} plans. You are on the ${access.data.subscription.planName} plan.`}
          error={refusal ?? undefined}
          paymentsUnavailable={access.data.checkout.unavailable}
        />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Business Features</h1>
        <p className="text-muted-foreground">
          Import your contacts from a spreadsheet and let your assistant call a list of numbers.
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <CsvImport onRefused={setRefusal} />
        <BulkCalling onRefused={setRefusal} />
      </div>
    </div>
  );
}
