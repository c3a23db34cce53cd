import { AgentCreate, TelecomAgentSave } from "@common/agents";
import { describe, expect, it } from "vitest";
import { checkContract } from "../../lib/forms/contract-form";
import { firstTabWithError } from "../../lib/forms/field-errors";
import { AGENT_TABS, agentContract, agentFormState, agentTabOf } from "./agent-form";
import { checkRule, ruleFormState } from "./routing-form";
import { telecomContract, telecomFormState } from "./telecom-form";

describe("the Create Agent form", () => {
  it("has the defaults of the spec and splits keywords and the playbook", () => {
    const checked = checkContract(agentContract, {
      ...agentFormState(null),
      name: "Sam Sales",
      keywords: "price, cost,, plan",
      rebuttalPlaybook: "I understand.\n\n  We have a trial.  ",
      primaryLanguage: "Spanish",
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(AgentCreate.parse(checked.body)).toMatchObject({
      extension: null,
      responseSpeed: 0.3,
      empathyLevel: 5,
      assertivenessLevel: 5,
      maxCallDuration: 20,
      transferThreshold: 0.7,
      aiSettings: { creativityLevel: 0.5, contextWindow: 10 },
      keywords: ["price", "cost", "plan"],
      rebuttalPlaybook: ["I understand.", "We have a trial."],
      // The primary language is always one the agent speaks.
      languages: ["Spanish", "English"],
      primaryLanguage: "Spanish",
    });
  });

  it("names each problem and the tab it is on", () => {
    const checked = checkContract(agentContract, {
      ...agentFormState(null),
      name: "",
      extension: "1",
      empathyLevel: "11",
      voiceVolume: "2",
      rebuttalPlaybook: "x".repeat(501),
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      name: "Agent name is required",
      extension: "Extension must be 2 to 6 digits, like 101",
      empathyLevel: "Empathy level must be a whole number from 1 to 10",
      "voiceSettings.volume": "Voice volume must be a number from 0 to 1",
      rebuttalPlaybook: "Rebuttal playbook must be at most 500 characters",
    });
    expect(agentTabOf("empathyLevel")).toBe("personality");
    expect(agentTabOf("rebuttalPlaybook")).toBe("knowledge");
    expect(agentTabOf("voiceSettings.volume")).toBe("voice");
    expect(agentTabOf("extension")).toBe("basics");
    expect(firstTabWithError(checked.errors, AGENT_TABS, agentTabOf)).toBe("basics");
    expect(
      firstTabWithError({ "voiceSettings.volume": "x", rebuttalPlaybook: "y" }, AGENT_TABS, agentTabOf),
    ).toBe("knowledge");
  });
});

describe("the Agent Manager form", () => {
  it("starts inactive with the defaults, and falls back when a number is not numeric", () => {
    const form = telecomFormState(null);
    expect(form).toMatchObject({ isActive: false, maxCallDuration: "15", transferThreshold: "3" });
    const checked = checkContract(telecomContract, {
      ...form,
      name: "Rita",
      maxCallDuration: "",
      transferThreshold: "three",
      dailyTarget: "",
      bundlePreference: " ",
      upsellRate: "abc",
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(TelecomAgentSave.parse(checked.body)).toMatchObject({
      maxCallDuration: 15,
      transferThreshold: 3,
      salesGoals: { dailyTarget: 10, bundlePreference: 50, upsellRate: 30 },
    });
  });

  it("keeps bundle and upsell within 0 to 100", () => {
    const checked = checkContract(telecomContract, {
      ...telecomFormState(null),
      bundlePreference: "101",
      upsellRate: "-1",
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      "salesGoals.bundlePreference": "Bundle preference must be from 0 to 100",
      "salesGoals.upsellRate": "Upsell rate must be from 0 to 100",
    });
  });
});

describe("the routing rule form", () => {
  it("needs keywords or an extension", () => {
    const agentId = "7f1c2f55-7a53-4a44-9d43-0f0b8f2a1b11";
    const empty = checkRule({ ...ruleFormState(null, agentId), name: "Billing" });
    expect(empty.ok).toBe(false);
    if (!empty.ok)
      expect(empty.errors.keywords).toBe("Enter at least one keyword, or an extension in the conditions");
    const byExtension = checkRule({ ...ruleFormState(null, agentId), name: "Billing", extension: "205" });
    expect(byExtension.ok).toBe(true);
  });
});
