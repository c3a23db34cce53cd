import type { Script, ScriptTemplate } from "../../../common/scripts";
import type { ScriptRow } from "./repository";
import type { CatalogueTemplate } from "./templates";

export function presentScript(row: ScriptRow): Script {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scriptType: row.scriptType as Script["scriptType"],
    openingMessage: row.openingMessage,
    conversationFlow: row.conversationFlow,
    businessRules: row.businessRules,
    transferRules: row.transferRules,
    appointmentSettings: row.appointmentSettings,
    voiceSettings: row.voiceSettings,
    personalityTraits: row.personalityTraits,
    isActive: row.isActive,
    isDefault: row.isDefault,
    templateId: row.templateId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTemplate(template: CatalogueTemplate, usageCount: number): ScriptTemplate {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    category: template.category,
    industry: template.industry,
    isPublic: true,
    usageCount,
    templateData: template.templateData,
    testCases: template.testCases,
  };
}
