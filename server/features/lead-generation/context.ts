import type { LeadSearchProvider } from "../../providers/lead-search";
import type { ContactService } from "../contacts/service";
import type { LeadGenerationRepository } from "./repository";

/** What the area's modules share, built once by the service. */
export type LeadContext = {
  repo: LeadGenerationRepository;
  provider: LeadSearchProvider;
  /** Leads become contacts through the contacts area's own rules (plan limit, do-not-call). */
  contacts: Pick<ContactService, "create" | "nameForNumber" | "normalize" | "callFigures">;
  now: () => Date;
  /** Queues a campaign's run as a job (server/jobs/kinds/lead-campaigns.ts). */
  queueRun: (workspaceId: string, campaignId: string, dueAt: Date) => Promise<void>;
  dealerSpacingMs: number;
  sleep: (ms: number) => Promise<void>;
};
