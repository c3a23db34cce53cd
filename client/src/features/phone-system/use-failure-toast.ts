import { useEffect } from "react";
import { toast } from "../../lib/toast";

/**
 * Tells a failed read once per failure (title Error, the spec phone system), beside the
 * section's own line: `errorUpdatedAt` changes with each new failure, so a retry that fails
 * again is told again.
 */
export function useFailureToast(failed: boolean, text: string, errorUpdatedAt: number) {
  const failedAt = failed ? errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast({ title: "Error", description: text, variant: "destructive" });
  }, [failedAt, text]);
}
