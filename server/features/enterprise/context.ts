import type { EnterpriseCampaignType, StartCampaignResponse } from "../../../common/enterprise";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import type { AppointmentService } from "../appointments/service";
import type { BusinessService } from "../business/service";
import type { CallService } from "../calls/service";
import { enterpriseRepository } from "./repository";

/**
 * What the enterprise area uses: its own table (contact-sales enquiries), and
 * other areas through their services: the calls (live calls, figures), appointments (booked in
 * a range), business (the calls.bulk job) and the dialer (campaigns from contacts).
 */
/** Lead counts over the workspace's dialer campaigns. */
export type LeadFigures = {
  total: number;
  /** Dialled at least once. */
  contacted: number;
  /** Answered by a person (a human-answered disposition). */
  qualified: number;
  /** Interested, a sale or a callback they asked for. */
  interested: number;
  sales: number;
};

/**
 * What the enterprise dashboard asks of the dialer (server/features/dialer): its campaigns' lead
 * figures, and a new campaign for chosen contacts, started. Built in the composition root from
 * the dialer's service.
 */
export type CampaignPort = {
  leadFigures(account: Account): Promise<LeadFigures>;
  startForContacts(
    account: Account,
    input: { campaignType: EnterpriseCampaignType; contactIds: string[] },
  ): Promise<StartCampaignResponse>;
};

export type EnterpriseDeps = {
  db: Db;
  calls: Pick<CallService, "list" | "figuresSince">;
  appointments: Pick<AppointmentService, "countCreatedSince">;
  business: Pick<BusinessService, "startBulkCall">;
  campaigns: CampaignPort;
  now?: () => Date;
};

export function enterpriseContext(deps: EnterpriseDeps) {
  return {
    ...deps,
    repo: enterpriseRepository(deps.db),
    now: deps.now ?? (() => new Date()),
  };
}

export type EnterpriseContext = ReturnType<typeof enterpriseContext>;
