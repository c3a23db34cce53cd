import type { ListenView, SupervisorView } from "../../../common/dialer";
import type { Account } from "../../domain/account";
import { Conflict, notFound } from "../../domain/errors";
import { listAgents } from "./agent-console";
import type { DialerContext } from "./context";

const leadName = (lead: { firstName: string | null; lastName: string | null; phoneNumber: string }) =>
  [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.phoneNumber;

/** The last lines of a call a supervisor sees beside each rep. */
const LINES_SHOWN = 6;

/**
 * GET /api/autodialer/supervisor (admins and the owner): every rep's state and, for a rep on a
 * call, the call (campaign, callee, the last lines said) and how a supervisor can listen: joining
 * it (a call carried through a Twilio conference), or following its words (a simulated call).
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
            followable: followable(attempt, words),
          },
        };
      }),
    ),
  };
}

type ListenedAttempt = {
  softphone: unknown;
  callId: string | null;
  endedAt: Date | null;
  disposition: string | null;
};

/** A simulated call still going on, not on the softphone: its words can be followed. */
function followable(
  attempt: ListenedAttempt,
  words: { isActive: boolean; simulated?: boolean } | null | undefined,
): boolean {
  return (
    attempt.softphone === null &&
    attempt.callId !== null &&
    attempt.endedAt === null &&
    attempt.disposition === null &&
    words?.simulated === true &&
    words.isActive
  );
}

/**
 * GET /api/autodialer/supervisor/calls/:attemptId/listen (admins and the owner): a simulated
 * call's words so far, to follow read-only; the live events (/api/events) bring each new line,
 * and the supervisor's browser speaks the callee's as the rep's does. A call on the Twilio
 * softphone is joined there instead (monitor); a call of another workspace is a 404.
 */
export async function listenIn(ctx: DialerContext, account: Account, attemptId: string): Promise<ListenView> {
  const attempt = await ctx.repo.getAttempt(account.id, attemptId);
  if (!attempt) throw notFound("That call");
  if (attempt.softphone)
    throw new Conflict("This call is on the Twilio softphone: listen in from your softphone");
  const words = attempt.callId && ctx.callWords ? await ctx.callWords.read(account, attempt.callId) : null;
  if (!words?.simulated) throw new Conflict("Only a call on the simulator can be followed in words");
  const [[lead], members] = await Promise.all([ctx.repo.leadsByIds([attempt.leadId]), ctx.members(account)]);
  return {
    attemptId: attempt.id,
    callId: attempt.callId,
    agentName: members.find((member) => member.userId === attempt.agentUserId)?.name ?? "",
    leadName: lead ? leadName(lead) : "",
    transcript: words.lines,
    live: followable(attempt, words),
  };
}
