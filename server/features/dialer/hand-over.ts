import { type AgentConsole, CALL_NOT_CONNECTED, NOT_YOUR_CALL } from "../../../common/dialer";
import { roleAtLeast } from "../../../common/workspaces";
import type { Account } from "../../domain/account";
import { Conflict, Invalid, NotAllowed, notFound } from "../../domain/errors";
import { agentConsole } from "./agent-console";
import type { DialerContext } from "./context";
import type { AttemptRow } from "./repository";

const TO_SOMEONE_ELSE = "Transfer to someone else than yourself";

/** The member a call is handed to: the workspace's, someone other than the rep on the call. */
export async function receivingRep(
  ctx: DialerContext,
  account: Account,
  attempt: AttemptRow,
  agentId: string,
): Promise<{ userId: string; name: string }> {
  const member = (await ctx.members(account)).find((m) => m.userId === agentId);
  if (!member) throw notFound("That agent");
  if (member.userId === attempt.agentUserId) throw new Invalid(TO_SOMEONE_ELSE);
  return member;
}

export const notAvailable = (name: string) =>
  new Conflict(`${name} is not available to take the call: they must be Available on the console`);

/** Whether the member is available now (a cold transfer's receiving rep must be). */
export async function isAvailable(ctx: DialerContext, account: Account, userId: string): Promise<boolean> {
  return (await ctx.repo.session(account.id, userId))?.status === "available";
}

/**
 * A live call moves to another rep (a cold transfer): the attempt becomes theirs and they go
 * on_call holding it, so it shows on their console; the rep who handed it over goes to the
 * campaign's wrap-up (busy) as after a disposition, their console free of the call. The words
 * say who took over. Answers false when the receiving rep was no longer available.
 */
export async function moveCall(
  ctx: DialerContext,
  account: Account,
  attempt: AttemptRow,
  to: { userId: string; name: string },
): Promise<boolean> {
  const now = ctx.now();
  const from = attempt.agentUserId;
  const moved = await ctx.inTransaction(async (repo) => {
    const locked = await repo.lockAttempt(attempt.id);
    if (!locked || locked.agentUserId !== from || locked.endedAt || locked.disposition) return false;
    if (!(await repo.handAttemptTo(account.id, to.userId, attempt.id, attempt.campaignId, now))) return false;
    if (from) {
      const session = await repo.session(account.id, from);
      const campaign = await repo.getCampaign(account.id, attempt.campaignId);
      const wrapUpSeconds = campaign?.wrapUpSeconds ?? 0;
      if (session?.currentAttemptId === attempt.id)
        await repo.setSession(
          account.id,
          from,
          {
            status: wrapUpSeconds > 0 ? "busy" : "available",
            campaignId: session.campaignId,
            currentAttemptId: null,
            wrapUpUntil: wrapUpSeconds > 0 ? new Date(now.getTime() + wrapUpSeconds * 1000) : null,
          },
          now,
        );
    }
    return true;
  });
  if (!moved) return false;
  if (attempt.callId) {
    const names = new Map((await ctx.members(account)).map((m) => [m.userId, m.name]));
    const line = `System: ${names.get(from ?? "") ?? "The rep"} transferred the call to ${to.name}`;
    await ctx.callWords?.append(account, attempt.callId, [line]);
    ctx.events?.publish(account.id, { type: "call.updated", callId: attempt.callId, lines: [line] });
  }
  return true;
}

/**
 * POST /api/autodialer/console/calls/:attemptId/hand-over: a cold transfer of a call on the
 * carrier simulator to another rep, who must be available. The call, its words and its
 * disposition become theirs; the rep handing over (or an admin for them) sees their wrap-up.
 * A call on the Twilio softphone is transferred through its conference instead.
 */
export async function handOver(
  ctx: DialerContext,
  account: Account,
  attemptId: string,
  agentId: string,
): Promise<AgentConsole> {
  const attempt = await ctx.repo.getAttempt(account.id, attemptId);
  if (!attempt) throw notFound("That call");
  const mine = attempt.agentUserId !== null && attempt.agentUserId === account.actor?.id;
  if (!mine && !roleAtLeast(account.role, "admin")) throw new NotAllowed(NOT_YOUR_CALL);
  if (attempt.state !== "connected" || attempt.endedAt || attempt.disposition)
    throw new Conflict(CALL_NOT_CONNECTED);
  if (attempt.softphone)
    throw new Conflict("This call is on the softphone: transfer it with the softphone's Transfer");
  const to = await receivingRep(ctx, account, attempt, agentId);
  if (!(await moveCall(ctx, account, attempt, to))) {
    const now = await ctx.repo.getAttempt(account.id, attemptId);
    if (now?.state !== "connected" || now.endedAt || now.disposition) throw new Conflict(CALL_NOT_CONNECTED);
    throw notAvailable(to.name);
  }
  return agentConsole(ctx, account);
}
