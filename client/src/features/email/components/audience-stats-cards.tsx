import type { EmailStats } from "@common/email";
import { AtSign, Building2, User, Users } from "lucide-react";
import type * as React from "react";
import { Card, CardContent } from "../../../components/ui/card";

type Figure = "totalContacts" | "businessContacts" | "individualContacts" | "contactsWithEmails";
const FIGURES: { key: Figure; label: string; icon: React.ElementType }[] = [
  { key: "totalContacts", label: "Total Contacts", icon: Users },
  { key: "businessContacts", label: "Business Contacts", icon: Building2 },
  { key: "individualContacts", label: "Individual Contacts", icon: User },
  { key: "contactsWithEmails", label: "With Email", icon: AtSign },
];

/** "Email stats": the workspace's contacts as an email audience. */
export function AudienceStatsCards({ stats, failed }: { stats: EmailStats | undefined; failed: boolean }) {
  return (
    <section aria-label="Email audience" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {FIGURES.map((figure) => (
        <Card key={figure.key} className="min-w-0">
          <CardContent className="flex items-start justify-between gap-2 p-4">
            <div className="min-w-0">
              <p className="text-xs font-medium text-muted-foreground">{figure.label}</p>
              <p className="text-2xl font-bold tabular-nums" data-testid={`stat-${figure.key}`}>
                {stats ? stats[figure.key].toLocaleString() : failed ? "–" : "..."}
              </p>
            </div>
            <figure.icon className="size-5 shrink-0 text-primary" aria-hidden />
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
