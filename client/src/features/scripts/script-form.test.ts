import { type Script, ScriptCreate } from "@common/scripts";
import { describe, expect, it } from "vitest";
import { checkContract } from "../../lib/forms/contract-form";
import { firstTabWithError, serverFieldErrors } from "../../lib/forms/field-errors";
import { SCRIPT_TABS, scriptContract, scriptFormState, tabOf } from "./script-form";

const saved: Script = {
  id: "7f1c2f55-7a53-4a44-9d43-0f0b8f2a1b11",
  name: "Dental front desk",
  description: null,
  scriptType: "appointment",
  openingMessage: "Thanks for calling Bright Smile Dental.",
  conversationFlow: ["Ask for the patient's name.", "Ask what the visit is for."],
  businessRules: ["Open Monday to Friday, 8 to 5."],
  transferRules: {
    keywords: ["severe pain", "bleeding"],
    minutes: 12,
    conditions: ["urgent"],
    transferNumber: null,
  },
  appointmentSettings: { enabled: true, durationMinutes: 45, bufferMinutes: 10 },
  voiceSettings: { voice: "shimmer", speed: 1.1, pitch: "medium" },
  personalityTraits: { tone: "friendly", empathy: 9, formality: 6 },
  isActive: true,
  isDefault: true,
  templateId: "dental-office",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("the script dialog's form", () => {
  it("starts a new script with the defaults of the spec", () => {
    const checked = checkContract(scriptContract, { ...scriptFormState(null), name: "New" });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(ScriptCreate.parse(checked.body)).toMatchObject({
      scriptType: "inbound",
      openingMessage: "Hello! How can I help you today?",
      voiceSettings: { voice: "nova", speed: 0.9, pitch: "low" },
      personalityTraits: { tone: "professional", empathy: 7, formality: 8 },
      transferRules: { keywords: [], minutes: null, conditions: [], transferNumber: null },
      isDefault: false,
    });
  });

  it("sends back every field of a saved script unchanged", () => {
    const checked = checkContract(scriptContract, scriptFormState(saved));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const { id: _id, templateId: _t, createdAt: _c, updatedAt: _u, ...fields } = saved;
    expect(ScriptCreate.parse(checked.body)).toEqual({ ...fields, userId: undefined });
  });

  it("splits keywords on commas and lists on lines, dropping blanks", () => {
    const checked = checkContract(scriptContract, {
      ...scriptFormState(saved),
      transferKeywords: " emergency,, speak to the dentist ,",
      businessRules: "One.\n\n  Two.  \n",
      transferMinutes: "",
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(ScriptCreate.parse(checked.body)).toMatchObject({
      transferRules: { keywords: ["emergency", "speak to the dentist"], minutes: null },
      businessRules: ["One.", "Two."],
    });
  });

  it("names each problem under its field, with the contract's messages", () => {
    const checked = checkContract(scriptContract, {
      ...scriptFormState(null),
      name: " ",
      openingMessage: "",
      speed: "2.5",
      empathy: "",
      formality: "7.5",
      transferMinutes: "0",
      transferNumber: "555",
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      name: "Script name is required",
      openingMessage: "Opening message is required",
      "voiceSettings.speed": "Speed must be between 0.5 and 2",
      "personalityTraits.empathy": "Empathy must be a whole number from 1 to 10",
      "personalityTraits.formality": "Formality must be a whole number from 1 to 10",
      "transferRules.minutes": "Transfer minutes must be a whole number from 1 to 1440",
      "transferRules.transferNumber":
        "Enter the transfer number with its country code, like +15551234567, or leave it empty to use the owner's cell",
    });
    expect(tabOf("transferRules.minutes")).toBe("advanced");
    expect(tabOf("name")).toBe("basics");
    // The dialog opens the first tab, in its order, with a problem.
    expect(firstTabWithError(checked.errors, SCRIPT_TABS, tabOf)).toBe("voice");
    expect(firstTabWithError({ name: "x", "transferRules.minutes": "y" }, SCRIPT_TABS, tabOf)).toBe(
      "advanced",
    );
    expect(firstTabWithError({ name: "x" }, SCRIPT_TABS, tabOf)).toBeNull();
  });

  it("reads the server's issues by field, a list item under its list", () => {
    const error = {
      body: {
        message: "Check the fields",
        issues: [
          { path: "businessRules.3", message: "Business rules must be at most 500 characters" },
          { path: "name", message: "Script name is required" },
        ],
      },
    };
    expect(serverFieldErrors(error)).toEqual({
      businessRules: "Business rules must be at most 500 characters",
      name: "Script name is required",
    });
    expect(serverFieldErrors(new Error("network"))).toEqual({});
  });
});
