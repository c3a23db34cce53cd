import { describe, expect, it } from "vitest";
import type { ClaimedLead } from "./attempts-repository";
import { callingWindow } from "./dial";
import { checkGate, GATE_REASONS, type GateCampaign, type GatePorts } from "./gate";

/**
 * The dial-time gate (issue 13 part 4) with the real calling window (time-zones.ts and
 * calling-window.ts) and lists held in memory: each refusal, its reason, and where the lead goes.
 */

const CAMPAIGN: GateCampaign = {
  id: "c1",
  callingHoursStart: "08:00",
  callingHoursEnd: "21:00",
  aiAgents: [],
};

function lead(fields: Partial<ClaimedLead> = {}): ClaimedLead {
  return {
    attemptId: "a1",
    dialKey: "l1:1",
    attemptNumber: 1,
    campaignId: "c1",
    workspaceId: "w1",
    leadId: "l1",
    contactId: null,
    phoneE164: "+12125550100",
    timeZone: null,
    zipCode: null,
    aiVoiceConsent: false,
    priorStatus: "new",
    reservedFor: null,
    ...fields,
  };
}

function ports(lists: { workspace?: string[]; campaign?: string[] } = {}): GatePorts {
  return {
    isDoNotCall: async (_workspaceId, e164) => (lists.workspace ?? []).includes(e164),
    onCampaignList: async (_campaignId, e164) => (lists.campaign ?? []).includes(e164),
    callingWindow,
  };
}

/** A July day in UTC (New York is UTC-4 then, Denver UTC-6, Central UTC-5). */
const julyAt = (hour: number, minute: number, day = 15) => new Date(Date.UTC(2026, 6, day, hour, minute));

describe("the dial-time gate", () => {
  it("dials a New York number at 20:59 its own time, and not at 21:01 (due again at 08:00 there)", async () => {
    const at2059 = julyAt(0, 59, 16); // 20:59 EDT on the 15th
    expect(await checkGate(ports(), CAMPAIGN, lead(), at2059)).toEqual({ dial: true });
    const refused = await checkGate(ports(), CAMPAIGN, lead(), julyAt(1, 1, 16));
    expect(refused).toMatchObject({ dial: false, lead: { status: "new" } });
    if (refused.dial) throw new Error("expected a refusal");
    expect(refused.reason).toBe("Outside the calling hours in the callee's time zone (America/New_York)");
    expect(refused.lead.nextAttemptAt?.toISOString()).toBe("2026-07-16T12:00:00.000Z");
  });

  it("reads the lead's own zone before its number: a Los Angeles contact with a New York number at 21:30 New York time", async () => {
    const at = julyAt(1, 30, 16); // 21:30 EDT, 18:30 PDT
    expect(await checkGate(ports(), CAMPAIGN, lead({ timeZone: "America/Los_Angeles" }), at)).toEqual({
      dial: true,
    });
    expect((await checkGate(ports(), CAMPAIGN, lead(), at)).dial).toBe(false);
  });

  it("dials an area code spanning two zones only when both are inside the window", async () => {
    const southDakota = lead({ phoneE164: "+16055550100" });
    // 07:30 Mountain, 08:30 Central: too early on one side.
    const early = await checkGate(ports(), CAMPAIGN, southDakota, julyAt(13, 30));
    expect(early).toMatchObject({ dial: false });
    if (early.dial) throw new Error("expected a refusal");
    expect(early.reason).toContain("America/Denver");
    expect(early.lead.nextAttemptAt?.toISOString()).toBe("2026-07-15T14:00:00.000Z");
    expect(await checkGate(ports(), CAMPAIGN, southDakota, julyAt(14, 0))).toEqual({ dial: true });
  });

  it("does not dial a number with no known zone, and looks again a day later", async () => {
    const at = julyAt(16, 0);
    const refused = await checkGate(ports(), CAMPAIGN, lead({ phoneE164: "+99912345" }), at);
    expect(refused).toMatchObject({ dial: false });
    if (refused.dial) throw new Error("expected a refusal");
    expect(refused.reason).toMatch(/No known time zone/);
    expect(refused.lead.nextAttemptAt?.getTime()).toBe(at.getTime() + 24 * 60 * 60_000);
  });

  it("keeps to the campaign's own hours inside the legal window", async () => {
    const campaign = { ...CAMPAIGN, callingHoursStart: "10:00", callingHoursEnd: "17:00" };
    expect((await checkGate(ports(), campaign, lead(), julyAt(13, 30))).dial).toBe(false); // 09:30 EDT
    expect((await checkGate(ports(), campaign, lead(), julyAt(14, 0))).dial).toBe(true); // 10:00 EDT
    expect((await checkGate(ports(), campaign, lead(), julyAt(21, 0))).dial).toBe(false); // 17:00 EDT
  });

  it("never dials a number on the workspace's or the campaign's do-not-call list, at any hour", async () => {
    const noon = julyAt(16, 0);
    expect(await checkGate(ports({ workspace: ["+12125550100"] }), CAMPAIGN, lead(), noon)).toEqual({
      dial: false,
      reason: GATE_REASONS.doNotCall,
      lead: { status: "do_not_call", nextAttemptAt: null },
    });
    expect(await checkGate(ports({ campaign: ["+12125550100"] }), CAMPAIGN, lead(), noon)).toEqual({
      dial: false,
      reason: GATE_REASONS.campaignDoNotCall,
      lead: { status: "do_not_call", nextAttemptAt: null },
    });
  });

  it("dials a lead of an AI-staffed campaign only with recorded AI-voice consent", async () => {
    const noon = julyAt(16, 0);
    const staffed = { ...CAMPAIGN, aiAgents: [{ agentId: "x", concurrentCalls: 2 }] };
    const refused = await checkGate(ports(), staffed, lead({ priorStatus: "retry" }), noon);
    expect(refused).toMatchObject({
      dial: false,
      reason: GATE_REASONS.noAiConsent,
      lead: { status: "retry" },
    });
    expect(await checkGate(ports(), staffed, lead({ aiVoiceConsent: true }), noon)).toEqual({ dial: true });
  });
});
