import { describe, expect, it } from "vitest";
import { ON_DO_NOT_CALL } from "../../../../common/contacts";
import { NO_AI_VOICE_CONSENT, ON_CAMPAIGN_DO_NOT_CALL } from "../../telephony/dial-gate";
import type { ClaimedLead } from "./attempts-repository";
import { checkGate, type GateCampaign, type GatePorts } from "./gate";

/**
 * The runtime's dial-time gate over telephony's decision (dial-gate.ts) with the real calling
 * window (time-zones.ts and calling-window.ts) and lists held in memory: each refusal, its
 * reason, and where the lead goes.
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
    expect(refused.reason).toBe(
      "It is 21:01 for this number (America/New_York); calls are allowed 08:00–21:00 in the callee's time. Try again after 08:00 their time.",
    );
    expect(refused.lead.nextAttemptAt?.toISOString()).toBe("2026-07-16T12:00:00.000Z");
  });

  it("checks the lead's own zone with its number's: a Los Angeles lead with a New York number is not dialled at 21:30 New York time", async () => {
    const at = julyAt(1, 30, 16); // 21:30 EDT, 18:30 PDT
    const refused = await checkGate(ports(), CAMPAIGN, lead({ timeZone: "America/Los_Angeles" }), at);
    expect(refused).toMatchObject({ dial: false });
    if (refused.dial) throw new Error("expected a refusal");
    expect(refused.reason).toContain("It is 21:30 for this number (America/New_York)");
    // Nor at 08:30 New York time, 05:30 in Los Angeles: the lead's own zone is too early.
    const early = await checkGate(
      ports(),
      CAMPAIGN,
      lead({ timeZone: "America/Los_Angeles" }),
      julyAt(12, 30),
    );
    if (early.dial) throw new Error("expected a refusal");
    expect(early.reason).toContain(
      "It is 05:30 for this number (America/Los_Angeles, its recorded time zone)",
    );
    expect(early.lead.nextAttemptAt?.toISOString()).toBe("2026-07-15T15:00:00.000Z");
    expect(
      await checkGate(ports(), CAMPAIGN, lead({ timeZone: "America/Los_Angeles" }), julyAt(15, 0)),
    ).toEqual({
      dial: true,
    });
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
    expect(refused.reason).toMatch(/No time zone is known for this number/);
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
      reason: ON_DO_NOT_CALL,
      lead: { status: "do_not_call", nextAttemptAt: null },
    });
    expect(await checkGate(ports({ campaign: ["+12125550100"] }), CAMPAIGN, lead(), noon)).toEqual({
      dial: false,
      reason: ON_CAMPAIGN_DO_NOT_CALL,
      lead: { status: "do_not_call", nextAttemptAt: null },
    });
  });

  it("dials a lead of an AI-staffed campaign only with recorded AI-voice consent", async () => {
    const noon = julyAt(16, 0);
    const staffed = { ...CAMPAIGN, aiAgents: [{ agentId: "x", concurrentCalls: 2 }] };
    const refused = await checkGate(ports(), staffed, lead({ priorStatus: "retry" }), noon);
    expect(refused).toMatchObject({
      dial: false,
      reason: NO_AI_VOICE_CONSENT,
      lead: { status: "retry" },
    });
    expect(await checkGate(ports(), staffed, lead({ aiVoiceConsent: true }), noon)).toEqual({ dial: true });
  });
});
