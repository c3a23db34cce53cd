import { describe, expect, it } from "vitest";
import type { AiDisclosure } from "../../../common/ai-settings";
import { type BriefInput, callBrief, promptContext } from "./call-brief";

/** A workspace with no script or agent: what the Settings screen alone configures. */
function briefWith(settings: Partial<BriefInput["settings"]>, direction: BriefInput["direction"]) {
  return callBrief({
    account: {
      companyName: "Rivera Plumbing",
      name: "Rivera Plumbing",
      timezone: "America/New_York",
      businessDescription: null,
      owner: { username: "jordan", fullName: "Jordan Rivera", cellphoneNumber: null },
    },
    settings: {
      personality: "professional",
      greetingMessage: "Hello!",
      autoBlockSpam: true,
      allowAppointments: true,
      forwardUrgent: false,
      workingHours: { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] },
      appointmentDuration: 30,
      bufferMinutes: 0,
      callPurpose: null,
      aiPersonality: null,
      businessHours: null,
      customInstructions: null,
      aiDisclosure: "outbound",
      ...settings,
    },
    script: null,
    agent: null,
    direction,
  });
}

describe("the brief from the Settings screen", () => {
  it.each<[AiDisclosure, boolean, boolean]>([
    ["outbound", false, true],
    ["always", true, true],
    ["never", false, false],
  ])("AI disclosure %s: said on inbound %s, on outbound %s", (aiDisclosure, inbound, outbound) => {
    expect(briefWith({ aiDisclosure }, "inbound").discloseAutomation).toBe(inbound);
    expect(briefWith({ aiDisclosure }, "outbound").discloseAutomation).toBe(outbound);
  });

  it("the owner's custom instructions reach the language model's context", () => {
    const lines = promptContext(briefWith({ customInstructions: "Never quote prices by phone." }, "inbound"));
    expect(lines).toContain("The owner's instructions: Never quote prices by phone.");
    expect(promptContext(briefWith({}, "inbound")).join("\n")).not.toContain("The owner's instructions");
  });

  it("a day with hours of its own: callers are told each day's hours, the engine gets each day's own", () => {
    const brief = briefWith(
      {
        workingHours: {
          start: "08:00",
          end: "16:00",
          days: [1, 2, 3, 4, 5, 6],
          dayHours: [{ day: 6, start: "09:00", end: "12:00" }],
        },
        businessHours: "Mon-Fri 8am-4pm, Sat 9-12",
      },
      "inbound",
    );
    const facts = brief.facts.map((fact) => fact.text);
    expect(facts).toContain("Our business hours are Mon-Fri 8am-4pm, Sat 9-12.");
    expect(facts).toContain("We're open Monday to Friday, 8 AM to 4 PM; Saturday, 9 AM to 12 PM.");
    expect(brief.workingHours).toEqual({
      start: "08:00",
      end: "16:00",
      days: [1, 2, 3, 4, 5, 6],
      dayHours: [{ day: 6, start: "09:00", end: "12:00" }],
    });
  });
});
