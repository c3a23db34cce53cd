/**
 * Reps who work "Any campaign" (their session's campaign is null): which campaign each works now.
 *
 * Pacing counts a rep for one campaign at a time: counting an Any rep in every active campaign
 * would have each of them dial lines for the same person, and most of those answers would find
 * nobody (abandoned calls). So at each tick, before pacing, every available Any rep without a
 * campaign to work gets one (`sessions.working_campaign_id`):
 * - a campaign holding a callback due now that was kept for that rep comes first;
 * - otherwise the workspace's campaigns the dialer paces (predictive and progressive, staffed
 *   by people, with a lead due now) in a fair order: the least recently dialled first, and
 *   among several reps assigned at once, round robin (the campaign given the fewest reps this
 *   round next).
 * A rep keeps the campaign while it has lines that may need them (queued, ringing, answered and
 * waiting): moving them then would leave those lines to answers nobody takes. Once those lines
 * are done (after each call the rep takes, or a round of no answers), the rep is assigned again,
 * so the campaigns take turns. A campaign paused, completed, switched to preview or manual, or
 * given AI agents lets its Any reps go at the next tick.
 */

/** An available Any rep the tick assigns, longest waiting first. */
export type AnyCampaignRep = { workspaceId: string; userId: string };

/** A campaign an Any rep may work now. */
export type CampaignForAnyRep = { id: string; workspaceId: string; lastDialledAt: Date | null };

/** A callback due now that is kept for one rep, in a campaign that rep may work. */
export type KeptCallback = { workspaceId: string; userId: string; campaignId: string };

export type AnyRepAssignment = { workspaceId: string; userId: string; campaignId: string | null };

/** Least recently dialled first (never dialled before any), then by id so every server agrees. */
function fairOrder(a: CampaignForAnyRep, b: CampaignForAnyRep): number {
  const at = a.lastDialledAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const bt = b.lastDialledAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (at !== bt) return at < bt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Each rep's campaign (null: none of the workspace's campaigns has anything to dial for them
 * now). Pure: the tick reads the reps, campaigns and kept callbacks and writes the answer.
 */
export function assignAnyCampaignReps(
  reps: readonly AnyCampaignRep[],
  campaigns: readonly CampaignForAnyRep[],
  kept: readonly KeptCallback[] = [],
): AnyRepAssignment[] {
  const byWorkspace = new Map<string, CampaignForAnyRep[]>();
  for (const campaign of [...campaigns].sort(fairOrder)) {
    const list = byWorkspace.get(campaign.workspaceId) ?? [];
    list.push(campaign);
    byWorkspace.set(campaign.workspaceId, list);
  }
  const keptFor = new Map<string, string>();
  for (const callback of kept) {
    const key = `${callback.workspaceId}:${callback.userId}`;
    if (!keptFor.has(key)) keptFor.set(key, callback.campaignId);
  }
  const given = new Map<string, number>();
  const assignments: AnyRepAssignment[] = [];
  // Reps with a callback kept for them first: the campaigns they take count in the rotation.
  const ordered = [
    ...reps.filter((rep) => keptFor.has(`${rep.workspaceId}:${rep.userId}`)),
    ...reps.filter((rep) => !keptFor.has(`${rep.workspaceId}:${rep.userId}`)),
  ];
  for (const rep of ordered) {
    let campaignId = keptFor.get(`${rep.workspaceId}:${rep.userId}`) ?? null;
    if (!campaignId) {
      let best: CampaignForAnyRep | null = null;
      for (const campaign of byWorkspace.get(rep.workspaceId) ?? []) {
        if (!best || (given.get(campaign.id) ?? 0) < (given.get(best.id) ?? 0)) best = campaign;
      }
      campaignId = best?.id ?? null;
    }
    if (campaignId) given.set(campaignId, (given.get(campaignId) ?? 0) + 1);
    assignments.push({ workspaceId: rep.workspaceId, userId: rep.userId, campaignId });
  }
  return assignments;
}
