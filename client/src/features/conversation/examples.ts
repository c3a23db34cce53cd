/** Conversation Flow: the quick examples, the last one a transfer test. */
export const QUICK_EXAMPLES = [
  { label: "Pricing", message: "How much does your plan cost per month?", transfer: false },
  {
    label: "Connection problem",
    message: "My internet keeps dropping every evening since yesterday.",
    transfer: false,
  },
  {
    label: "Schedule installation",
    message: "I'd like to schedule an installation for next Tuesday morning.",
    transfer: false,
  },
  {
    label: "Complex enterprise request",
    message: "We need an enterprise-level setup with custom equipment for multiple locations.",
    transfer: true,
  },
] as const;

/** The confidence (0 to 1) as a whole percentage. */
export const confidencePercent = (confidence: number) => `${Math.round(confidence * 100)}%`;

export const NEXT_ACTION_LABELS: Record<string, string> = {
  continue: "Continue the conversation",
  transfer: "Transfer to a person",
  schedule_appointment: "Book an appointment",
  take_message: "Take a message",
  end_call: "End the call",
};
