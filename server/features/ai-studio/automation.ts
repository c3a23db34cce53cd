import type { AutomationCondition } from "../../../common/ai-studio";

/** What a rule's condition reads of a finished call (the calls area's row, narrowed). */
export type FinishedCall = {
  id: string;
  phoneNumber: string;
  callerName: string | null;
  classification: string | null;
  importance: number;
  duration: number;
  sentiment: string | null;
  /** From the caller facts read when the call started. */
  inContacts: boolean;
};

/** Whether a finished call meets the condition. Pure. */
export function conditionHolds(condition: AutomationCondition, call: FinishedCall): boolean {
  switch (condition.type) {
    case "classification_is":
      return call.classification === condition.classification;
    case "importance_at_least":
      return call.importance >= condition.importance;
    case "duration_over":
      return call.duration > condition.seconds;
    case "caller_not_contact":
      return !call.inContacts;
    case "sentiment_negative":
      return call.sentiment === "negative";
  }
}
