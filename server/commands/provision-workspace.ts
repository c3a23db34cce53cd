import type { AiSettingsService } from "../features/ai-settings/service";
import type { WorkspaceProvisioner } from "../features/auth/service";
import type { BillingService } from "../features/billing/service";
import type { WorkspaceService } from "../features/workspaces/service";

/**
 * A new person's own workspace, inside the sign-up's transaction: the workspace with them as its
 * owner (teams), the assistant's settings with what a business sign-up told us (ai-settings),
 * and the plan's trial (billing). Each area writes its own table; this only orders them.
 */
export function provisionWorkspace(deps: {
  workspaces: Pick<WorkspaceService, "createWithOwner">;
  aiSettings: Pick<AiSettingsService, "createFor">;
  billing: Pick<BillingService, "startTrial">;
}): WorkspaceProvisioner {
  return async (tx, input) => {
    const { business } = input;
    const workspaceId = await deps.workspaces.createWithOwner(
      tx,
      {
        name: input.name,
        planType: input.planType,
        companyName: business?.companyName ?? null,
        industry: business?.industry ?? null,
        businessDescription: business?.businessDescription ?? null,
      },
      input.ownerId,
    );
    await deps.aiSettings.createFor(tx, workspaceId, {
      ...(business?.greetingMessage ? { greetingMessage: business.greetingMessage } : {}),
      callPurpose: business?.callPurpose ?? null,
      aiPersonality: business?.aiPersonality ?? null,
      businessHours: business?.businessHours ?? null,
    });
    await deps.billing.startTrial(tx, workspaceId, input.planType, input.trialEndsAt);
    return workspaceId;
  };
}
