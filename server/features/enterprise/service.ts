import type {
  AnalyticsRange,
  EnquiryStatus,
  EnterpriseCallStats,
  EnterpriseCampaignType,
} from "../../../common/enterprise";
import type { Account } from "../../domain/account";
import { type EnterpriseDeps, enterpriseContext } from "./context";
import { type EnquiryInput, listEnquiries, sendEnquiry } from "./enquiries";
import { analytics, averageCallSeconds, campaignStats, liveCalls } from "./monitoring";
import { presentLiveCall } from "./presenter";

export type { EnterpriseDeps } from "./context";

/**
 * The enterprise area, assembled: the contact-sales enquiries (enquiries.ts),
 * the dashboard's live calls, campaign figures and analytics (monitoring.ts), campaigns started
 * from contacts through the dialer (campaigns.ts), and the bulk call with a purpose through the
 * business area's calls.bulk job.
 */
export function enterpriseService(deps: EnterpriseDeps) {
  const ctx = enterpriseContext(deps);

  return {
    sendEnquiry: (account: Account, input: EnquiryInput) => sendEnquiry(ctx, account, input),
    listEnquiries: (page: number, limit: number, status?: EnquiryStatus) =>
      listEnquiries(ctx, page, limit, status),
    /** An enquiry's status, set by the platform administrator (the admin area audits it). */
    setEnquiryStatus: (id: string, status: EnquiryStatus, by: string, at: Date) =>
      ctx.repo.setStatus(id, status, by, at),

    /** GET /api/enterprise/call-stats: polled every 5 s while the dashboard is Live. */
    async callStats(account: Account): Promise<EnterpriseCallStats> {
      const [live, averageCallDuration, leads] = await Promise.all([
        liveCalls(ctx, account),
        averageCallSeconds(ctx, account),
        ctx.campaigns.leadFigures(account),
      ]);
      return {
        realTime: {
          activeCalls: live.activeCalls,
          timestamp: live.timestamp.toISOString(),
          callDetails: live.rows.map(presentLiveCall),
        },
        campaign: campaignStats(leads, averageCallDuration),
      };
    },

    analytics: (account: Account, range: AnalyticsRange) => analytics(ctx, account, range),

    /** POST /api/enterprise/start-campaign: a dialer campaign for the chosen contacts, started. */
    startCampaign: (
      account: Account,
      input: { campaignType: EnterpriseCampaignType; contactIds: string[] },
    ) => ctx.campaigns.startForContacts(account, input),

    /**
     * Call Controls' bulk call: the calls.bulk job dials each number with the purpose the
     * assistant states; its result is { results: { successful, failed }, calls }. The same
     * idempotency key (a retried request) answers the same job.
     */
    startBulkCall(
      account: Account,
      input: { phoneNumbers: string[]; callPurpose: string },
      idempotencyKey: string,
    ): Promise<string> {
      return ctx.business.startBulkCall(account, input, `enterprise-bulk:${idempotencyKey}`);
    },
  };
}

export type EnterpriseService = ReturnType<typeof enterpriseService>;
