import type { CallDirection } from "../../../common/agents";
import type { Account } from "../../domain/account";
import type { CallBrief } from "../../engine/brief";
import { type Fact, factsOf } from "../../engine/knowledge";
import { describeHours } from "../../engine/respond";
import type { AiSettingsRow } from "../ai-settings/service";
import type { ScriptForCall } from "../scripts/service";
import type { AgentRow } from "./service";

/**
 * A call's brief (engine/brief.ts) from what the workspace configured: the call's agent (its
 * persona, knowledge, rebuttals, closing, time limit), the script for the call's direction (its
 * opening, questions, rules, appointments, manner), the assistant's settings (hours, screening,
 * disclosure, the owner's instructions) and what the business said about itself at sign-up.
 * Pure: the same inputs give the same conversation on every entry point.
 */

export type BriefInput = {
  account: Pick<Account, "companyName" | "name" | "timezone" | "businessDescription" | "owner">;
  settings: Pick<
    AiSettingsRow,
    | "personality"
    | "greetingMessage"
    | "autoBlockSpam"
    | "allowAppointments"
    | "forwardUrgent"
    | "workingHours"
    | "appointmentDuration"
    | "bufferMinutes"
    | "callPurpose"
    | "aiPersonality"
    | "businessHours"
    | "customInstructions"
    | "aiDisclosure"
  >;
  script: ScriptForCall | null;
  agent: AgentRow | null;
  direction: CallDirection;
  /** What this outbound call is about (a Dial's purpose, a bulk call's); null: the settings' purpose. */
  purpose?: string | null | undefined;
};

/** An outbound call with no script still says who is calling, for whom (and then why). */
const DEFAULT_OUTBOUND_OPENING = {
  agent: "Hi {callerName}, this is {agentName} with {businessName}.",
  assistant: "Hi {callerName}, this is the automated assistant for {businessName}.",
};

export function callBrief(input: BriefInput): CallBrief {
  const { account, settings, script, agent, direction } = input;
  const firstName = account.owner.fullName?.trim().split(/\s+/)[0];
  const businessName = account.companyName || account.name || firstName || "the business";
  const ownerName = account.companyName || firstName || "the person you're calling";
  const traits = script?.personalityTraits;
  const outbound = direction === "outbound";

  const facts: Fact[] = [
    ...factsOf(agent?.knowledgeBase, "agent"),
    ...(script?.businessRules ?? []).flatMap((rule) => factsOf(rule, "script")),
    ...factsOf(account.businessDescription, "business"),
    ...factsOf(
      settings.businessHours ? `Our business hours are ${settings.businessHours}.` : null,
      "business",
    ),
    ...factsOf(`We're open ${describeHours(settings.workingHours)}.`, "business"),
  ];

  // The call's agent opens with its own words when it has them (what it says first when a call
  // reaches it); else the script's opening, else who calls and for whom (outbound) or the
  // assistant's greeting (inbound).
  const opening =
    agent?.script?.trim() ||
    script?.openingMessage?.trim() ||
    (outbound
      ? agent
        ? DEFAULT_OUTBOUND_OPENING.agent
        : DEFAULT_OUTBOUND_OPENING.assistant
      : settings.greetingMessage);

  return {
    direction,
    persona: {
      agentName: agent?.name ?? null,
      businessName,
      ownerName,
      tone: agent?.voice ?? traits?.tone ?? settings.personality,
      empathy: agent
        ? agent.aiSettings.sentimentAdaptation
          ? agent.empathyLevel
          : 0
        : (traits?.empathy ?? 5),
      formality: traits?.formality ?? 5,
      assertiveness: agent?.assertivenessLevel ?? (outbound ? 5 : 3),
    },
    opening,
    discloseAutomation:
      settings.aiDisclosure === "always" || (settings.aiDisclosure === "outbound" && outbound),
    purpose: input.purpose?.trim() || (outbound ? settings.callPurpose?.trim() || null : null),
    facts,
    rebuttals: agent?.rebuttalPlaybook.length
      ? [...agent.rebuttalPlaybook]
      : factsOf(agent?.objectionHandling, "agent").map((fact) => fact.text),
    flowSteps: [...(script?.conversationFlow ?? [])],
    closing: agent?.closingStyle?.trim() || null,
    appointments: {
      enabled: script ? script.appointmentSettings.enabled : settings.allowAppointments,
      durationMinutes: script?.appointmentSettings.durationMinutes ?? settings.appointmentDuration,
      bufferMinutes: script?.appointmentSettings.bufferMinutes ?? settings.bufferMinutes,
    },
    workingHours: settings.workingHours,
    timeZone: account.timezone,
    maxCallMinutes: agent?.maxCallDuration ?? null,
    transferNumber: script?.transferRules.transferNumber ?? account.owner.cellphoneNumber ?? null,
    screening: {
      autoBlockSpam: settings.autoBlockSpam,
      forwardUrgent: settings.forwardUrgent,
      cellphoneNumber: account.owner.cellphoneNumber,
    },
    description: account.businessDescription ?? null,
    guidance: [
      agent?.purpose ? `${agent.name}'s purpose: ${agent.purpose}` : "",
      agent?.personality ? `${agent.name}'s personality: ${agent.personality}` : "",
      agent?.salesTechniques ? `Sales techniques: ${agent.salesTechniques}` : "",
      agent?.conversationStyle ? `Conversation style: ${agent.conversationStyle}` : "",
      traits
        ? `Speak in a ${traits.tone} tone (empathy ${traits.empathy}/10, formality ${traits.formality}/10).`
        : "",
    ].filter(Boolean),
    customInstructions:
      [
        settings.aiPersonality ? `Personality: ${settings.aiPersonality}` : "",
        settings.customInstructions ?? "",
      ]
        .filter(Boolean)
        .join("\n") || null,
  };
}

/**
 * What a configured language model is told about the business and the call besides the caller's
 * words: who it is, for whom, why it calls, its rules and knowledge, its manner and the owner's
 * instructions.
 */
export function promptContext(brief: CallBrief): string[] {
  const { persona } = brief;
  const lines = [
    `You are ${persona.agentName ? `${persona.agentName}, ` : ""}an automated phone assistant for ${persona.businessName} on an ${brief.direction} call.`,
  ];
  if (brief.purpose) lines.push(`The call's purpose: ${brief.purpose}`);
  if (brief.description) lines.push(`About the business: ${brief.description}`);
  if (brief.facts.length)
    lines.push(`What you know (answer only from this): ${brief.facts.map((f) => f.text).join(" ")}`);
  if (brief.rebuttals.length) lines.push(`Answers to objections: ${brief.rebuttals.join(" ")}`);
  if (brief.flowSteps.length) lines.push(`Questions to ask, in order: ${brief.flowSteps.join(" ")}`);
  lines.push(...brief.guidance);
  if (brief.customInstructions) lines.push(`The owner's instructions: ${brief.customInstructions}`);
  return lines;
}
