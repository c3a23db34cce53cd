import { AUTOMATION_LIMIT, type AutomationAction, MAX_AUTOMATION_RULES } from "../../../common/ai-studio";
import { ContactUpdate } from "../../../common/contacts";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, NotFound, notFound } from "../../domain/errors";
import type { CallService } from "../calls/service";
import { conditionHolds, type FinishedCall } from "./automation";
import type { AiStudioContext } from "./context";
import {
  type AutomationRuleRow,
  aiStudioRepository,
  type NewAutomationRule,
  type RuleRun,
} from "./repository";

/**
 * Automation rules: CRUD for the Smart Automation tab, and the run after a
 * call ends. Ending a call queues an `automation.call-ended` job inside the call's transaction
 * (only when the workspace has an active rule), so the job exists exactly when the ended call
 * does and runs after it is stored; a rule that fails is logged and recorded on the rule, never
 * on the call.
 */

type RuleFields = Pick<NewAutomationRule, "name" | "condition" | "action" | "isActive">;

export function listRules(ctx: AiStudioContext, account: Account): Promise<AutomationRuleRow[]> {
  return ctx.repo.listRules(account.id);
}

export async function createRule(ctx: AiStudioContext, account: Account, fields: RuleFields) {
  const row = await ctx.repo.insertRuleWithin(account.id, MAX_AUTOMATION_RULES, fields);
  if (!row) throw new Conflict(AUTOMATION_LIMIT);
  ctx.changed(account.id);
  return row;
}

export async function updateRule(
  ctx: AiStudioContext,
  account: Account,
  id: string,
  change: Partial<RuleFields>,
): Promise<AutomationRuleRow> {
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  const row = await ctx.repo.updateRule(account.id, id, defined);
  if (!row) throw notFound("That automation rule");
  ctx.changed(account.id);
  return row;
}

/** Pause or resume: flips isActive. */
export async function toggleRule(ctx: AiStudioContext, account: Account, id: string) {
  const current = await ctx.repo.getRule(account.id, id);
  if (!current) throw notFound("That automation rule");
  return updateRule(ctx, account, id, { isActive: !current.isActive });
}

export async function deleteRule(ctx: AiStudioContext, account: Account, id: string): Promise<void> {
  if (!(await ctx.repo.deleteRule(account.id, id))) throw notFound("That automation rule");
  ctx.changed(account.id);
}

/**
 * The port the calls area's finalize step calls, inside the ending call's transaction `tx`:
 * queues the rules' run for after the commit when the workspace has an active rule. Test calls
 * (nobody real on the line) are left alone. It never throws: the work runs in a savepoint, and a
 * failure is logged and rolled back to it, so the call ends all the same. With the workspace's
 * rules in memory and none active, it asks the database nothing.
 */
export async function callEnded(
  ctx: AiStudioContext,
  tx: Db,
  account: Account,
  call: { id: string; isTest: boolean },
): Promise<void> {
  if (call.isTest) return;
  const known = ctx.cached(account.id);
  if (known && !known.hasActiveRules) return;
  try {
    await tx.transaction(async (savepoint) => {
      const { hasActiveRules } = await ctx.live(savepoint, account.id);
      if (hasActiveRules) await ctx.queueAutomation(savepoint, account.id, call.id);
    });
  } catch (error) {
    ctx.log.error({ err: error, callId: call.id }, "could not queue the automation rules for an ended call");
  }
}

type CallRow = Awaited<ReturnType<CallService["get"]>>;

function finished(row: CallRow): FinishedCall {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    callerName: row.callerName,
    classification: row.classification,
    importance: row.importance,
    duration: row.duration,
    sentiment: row.sentiment,
    inContacts: row.engineState?.facts.inContacts ?? false,
  };
}

/** Does what the rule says for this call; answers what it did, in words. Throws when it could not. */
async function act(
  ctx: AiStudioContext,
  account: Account,
  action: AutomationAction,
  call: FinishedCall,
): Promise<string> {
  const who = call.callerName ? `${call.callerName} (${call.phoneNumber})` : call.phoneNumber;
  switch (action.type) {
    case "follow_up":
      await ctx.calls.flag(account, call.id, { followUp: true });
      return `Flagged the call from ${who} for follow-up`;
    case "mark_important":
      await ctx.calls.flag(account, call.id, { important: true });
      return `Marked the call from ${who} important`;
    case "do_not_call": {
      const { created } = await ctx.doNotCall.add(account, call.phoneNumber);
      return created
        ? `Added ${call.phoneNumber} to the do-not-call list`
        : `${call.phoneNumber} was already on the do-not-call list`;
    }
    case "tag_contact": {
      const { e164 } = ctx.contacts.normalize(account, call.phoneNumber);
      if (!e164) return `No contact to tag: ${call.phoneNumber} is not a phone number`;
      const { rows } = await ctx.contacts.list(account, {
        search: e164,
        sort: "updated",
        page: 1,
        limit: 20,
      });
      const matching = rows.filter((contact) => contact.phoneE164 === e164);
      if (matching.length === 0) return `No contact has ${e164}, so nothing was tagged`;
      for (const contact of matching) {
        if (contact.tags.some((tag) => tag.toLowerCase() === action.tag.toLowerCase())) continue;
        // Through the contacts contract, so the tag rules (length, 50 at most) hold here too.
        await ctx.contacts.update(
          account,
          contact.id,
          ContactUpdate.parse({ tags: [...contact.tags, action.tag] }),
        );
      }
      const names = matching.map((contact) => contact.name).join(", ");
      return `Tagged ${names} "${action.tag}"`;
    }
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The `automation.call-ended` job: the workspace's active rules against the stored call; each
 * rule whose condition holds acts, and every run (done or failed) is counted on its rule in one
 * transaction with the job's completion (`complete`), so a retried job never counts twice.
 */
export async function runForCall(
  ctx: AiStudioContext,
  workspaceId: string,
  callId: string,
  complete: (effect: (tx: Db) => Promise<void>) => Promise<void>,
): Promise<{ ran: number; failed: number }> {
  const account = await ctx.accounts.load(workspaceId);
  if (!account) return { ran: 0, failed: 0 };
  const rules = await ctx.repo.activeRules(workspaceId);
  if (rules.length === 0) return { ran: 0, failed: 0 };
  let row: CallRow;
  try {
    row = await ctx.calls.get(account, callId);
  } catch (error) {
    if (error instanceof NotFound) return { ran: 0, failed: 0 };
    throw error;
  }
  if (row.isActive) return { ran: 0, failed: 0 };
  const call = finished(row);
  const runs: RuleRun[] = [];
  for (const rule of rules) {
    if (!conditionHolds(rule.condition, call)) continue;
    try {
      runs.push({
        ruleId: rule.id,
        at: ctx.now(),
        outcome: await act(ctx, account, rule.action, call),
        failed: false,
      });
    } catch (error) {
      ctx.log.warn({ err: error, ruleId: rule.id, callId }, "an automation rule failed");
      runs.push({ ruleId: rule.id, at: ctx.now(), outcome: `Failed: ${reason(error)}`, failed: true });
    }
  }
  if (runs.length) await complete((tx) => aiStudioRepository(tx).recordRuns(workspaceId, runs));
  return { ran: runs.length, failed: runs.filter((run) => run.failed).length };
}
