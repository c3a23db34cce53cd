import type { SupervisorView } from "../../../common/dialer";
import type { Account } from "../../http/account";
import { listAgents } from "./agent-console";
import type { DialerContext } from "./context";

const leadName = (lead: { firstName: string | null; lastName: string | null; phoneNumber: string }) =>
  [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.phoneNumber;

/** The last lines of a call a supervisor sees beside each rep. */
const LINES_SHOWN = 6;

/**
 * GET /api/autodialer/supervisor (admins and the owner): every rep's state and, for a rep on a
 * call, the call (campaign, callee, the last lines said) and whether a supervisor can join it
 * (a call carried through a Twilio conference).
 */
export async function supervisorView(ctx: DialerContext, account: Account): Promise<SupervisorView> {
  const agents = await listAgents(ctx, account);
  const campaigns = new Map((await ctx.repo.listCampaigns(account.id)).map((c) => [c.id, c.name]));
  return {
    agents: await Promise.all(
      agents.map(async (agent) => {
        const attempt =
          agent.status === "offline" ? undefined : await ctx.repo.openAttemptFor(account.id, agent.id);
        if (!attempt || attempt.disposition) return { agent, call: null };
        const [lead] = await ctx.repo.leadsByIds([attempt.leadId]);
        const words =
          attempt.callId && ctx.callWords ? await ctx.callWords.read(account, attempt.callId) : null;
        return {
          agent,
          call: {
            attemptId: attempt.id,
            campaignName: campaigns.get(attempt.campaignId) ?? "",
            leadName: lead ? leadName(lead) : "",
            phoneNumber: lead?.phoneNumber ?? "",
            state: attempt.state as NonNullable<SupervisorView["agents"][number]["call"]>["state"],
            connectedAt: attempt.connectedAt?.toISOString() ?? null,
            transcript: (words?.lines ?? []).slice(-LINES_SHOWN),
            monitorable: attempt.softphone !== null && attempt.endedAt === null,
          },
        };
      }),
    ),
  };
}
