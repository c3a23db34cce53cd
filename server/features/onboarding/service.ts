import {
  CHECKLIST_NOT_DONE,
  ONBOARDING_STEP_IDS,
  type OnboardingStep,
  type OnboardingStepId,
} from "../../../common/onboarding";
import { seatsFor } from "../../../common/workspaces";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict } from "../../domain/errors";
import type { AgentService } from "../agents/service";
import type { ContactService } from "../contacts/service";
import type { DialerService } from "../dialer/service";
import type { ScriptService } from "../scripts/service";
import type { TelephonyService } from "../telephony/service";
import type { WorkspaceService } from "../workspaces/service";
import { type Checklist, presentChecklist } from "./presenter";
import { onboardingRepository } from "./repository";

export type OnboardingDeps = {
  db: Db;
  telephony: Pick<TelephonyService, "state">;
  agents: Pick<AgentService, "listAgents">;
  scripts: Pick<ScriptService, "list">;
  contacts: Pick<ContactService, "stats">;
  dialer: Pick<DialerService, "list">;
  workspaces: Pick<WorkspaceService, "team">;
  now?: () => Date;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The dashboard's setup checklist. Every step is read from what the workspace has done, through
 * the areas that own those rows, so a step is ticked the moment the work exists (and unticked if
 * it is undone): a Twilio number or the simulator chosen, an AI agent or a script made from a
 * template, contacts, a dialer campaign that was started, a second member or a pending invitation.
 * This area keeps only the simulator choice and the owner's dismissal.
 */
export function onboardingService(deps: OnboardingDeps) {
  const repo = onboardingRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  async function steps(account: Account): Promise<{
    steps: OnboardingStep[];
    simulatorChosen: boolean;
    dismissed: boolean;
    teamOptional: boolean;
  }> {
    const [saved, phone, agents, scripts, contacts, campaigns, team] = await Promise.all([
      repo.checklist(account.id),
      deps.telephony.state(account),
      deps.agents.listAgents(account),
      deps.scripts.list(account),
      deps.contacts.stats(account),
      deps.dialer.list(account),
      deps.workspaces.team(account),
    ]);
    const simulatorChosen = Boolean(saved?.simulatorChosenAt);
    const twilioNumber = phone.twilio?.phoneNumber ?? null;
    const fromTemplate = scripts.filter((script) => script.templateId !== null).length;
    const started = campaigns.rows.filter((campaign) => campaign.startedAt !== null).length;
    const others = team.members.length - 1;
    const invited = team.invitations.filter((invitation) => invitation.status === "pending").length;
    const seats = seatsFor(account.planType);

    const found: Record<OnboardingStepId, { done: boolean; detail: string | null }> = {
      phone: twilioNumber
        ? { done: true, detail: `Twilio number ${twilioNumber}` }
        : simulatorChosen
          ? { done: true, detail: `Using the built-in simulator (${phone.simulatorNumber})` }
          : {
              done: false,
              detail: phone.twilio ? "Twilio is connected: choose the number calls use." : null,
            },
      agent:
        agents.rows.length > 0 || fromTemplate > 0
          ? {
              done: true,
              detail: [
                agents.rows.length > 0 ? plural(agents.rows.length, "AI agent", "AI agents") : null,
                fromTemplate > 0
                  ? plural(fromTemplate, "script from a template", "scripts from templates")
                  : null,
              ]
                .filter(Boolean)
                .join(", "),
            }
          : { done: false, detail: null },
      contacts:
        contacts.totalContacts > 0
          ? { done: true, detail: plural(contacts.totalContacts, "contact", "contacts") }
          : { done: false, detail: null },
      campaign:
        started > 0
          ? { done: true, detail: plural(started, "campaign started", "campaigns started") }
          : campaigns.rows.length > 0
            ? { done: false, detail: "Your campaign is created: start it to tick this step." }
            : { done: false, detail: null },
      team:
        others > 0 || invited > 0
          ? {
              done: true,
              detail: [
                others > 0 ? plural(others, "teammate", "teammates") : null,
                invited > 0 ? plural(invited, "invitation pending", "invitations pending") : null,
              ]
                .filter(Boolean)
                .join(", "),
            }
          : seats === 1
            ? { done: false, detail: "Your plan is for one person: upgrade to invite a teammate." }
            : { done: false, detail: null },
    };
    return {
      steps: ONBOARDING_STEP_IDS.map((id) => ({ id, ...found[id] })),
      simulatorChosen,
      dismissed: Boolean(saved?.dismissedAt),
      teamOptional: seats === 1,
    };
  }

  async function checklist(account: Account): Promise<Checklist> {
    const read = await steps(account);
    return presentChecklist(read);
  }

  return {
    checklist,

    async chooseSimulator(account: Account, useSimulator: boolean): Promise<Checklist> {
      await repo.setSimulatorChosen(account.id, useSimulator ? now() : null);
      return checklist(account);
    },

    /** The owner puts the list away once its steps are done; it stays away. */
    async dismiss(account: Account): Promise<Checklist> {
      const current = await checklist(account);
      if (!current.canDismiss) throw new Conflict(CHECKLIST_NOT_DONE);
      await repo.dismiss(account.id, now());
      return { ...current, dismissed: true };
    },
  };
}

export type OnboardingService = ReturnType<typeof onboardingService>;
