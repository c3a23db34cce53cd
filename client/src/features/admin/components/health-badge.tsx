import type { SystemHealth } from "@common/admin";
import { Badge } from "../../../components/ui/badge";

const VARIANT = { healthy: "success", warning: "warning", critical: "destructive" } as const;
const LABEL = { healthy: "Healthy", warning: "Warning", critical: "Critical" } as const;

/** healthy, warning or critical, as a coloured word. */
export function HealthBadge({ health }: { health: SystemHealth }) {
  return <Badge variant={VARIANT[health]}>{LABEL[health]}</Badge>;
}
