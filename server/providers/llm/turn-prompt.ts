import type { ModelTurnInput } from "../../engine";

/**
 * The messages a language model reads for one caller turn: one system message (who it is and
 * for whom, how to speak and act, where the call stands, the facts that answer the caller, the
 * script's next question), then the call so far as the caller's and the assistant's messages,
 * ending with what the caller just said.
 */

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

/** A long call keeps its latest lines: the state above says what was settled earlier. */
const HISTORY_LINES = 40;

const HOW_TO_ANSWER = [
  "You are speaking on a live phone call: your reply is read aloud as it is written.",
  "Answer in one to three short sentences of plain speech: no lists, no markdown, no emoji.",
  "Always write what you say to the caller in your reply, also when you call a tool.",
  "Act only through the tools: book_appointment when the caller agrees to a time for an appointment, schedule_callback when they want to be called back at a time, mark_do_not_call when they ask not to be called again, set_disposition for what the call came to, transfer when they ask for a person or the instructions say to, end_call when the conversation is over.",
  'Give a tool\'s time as the caller said it ("Thursday at 10am"); the calendar decides whether it is free.',
  "Never promise what no tool does, and never make up prices, times or facts.",
].join(" ");

const AWAITING: Record<NonNullable<ModelTurnInput["state"]["awaiting"]>, string> = {
  callback_time: "a time to call the caller back",
  callback_offer: "a yes or no to the offer of a call back",
  flow_answer: "the answer to the last question asked",
  booking_offer: "a yes or no to the offer of an appointment",
  permission: "whether now is a good time to talk",
};

export function turnMessages(input: ModelTurnInput): ChatMessage[] {
  const system = [
    input.context.join("\n"),
    `How to answer: ${HOW_TO_ANSWER}`,
    `The call so far:\n${callState(input).join("\n")}`,
    knowledgeSection(input.knowledge),
    input.nextQuestion
      ? `The script's next question: once the caller's words are answered, ask "${input.nextQuestion}"`
      : "",
  ].filter(Boolean);
  return [
    { role: "system", content: system.join("\n\n") },
    ...historyMessages(input.history.slice(-HISTORY_LINES)),
    { role: "user", content: input.text },
  ];
}

function callState({ state, brief, now }: ModelTurnInput): string[] {
  const at = (iso: string) => localTime(new Date(iso), brief.timeZone);
  const lines = [
    `- It is now ${localTime(now, brief.timeZone)} (${brief.timeZone}).`,
    `- Stage: ${state.stage.replace(/_/g, " ")}; turns so far: ${state.turns}.`,
    `- What the call came to: ${state.disposition?.replace(/_/g, " ") ?? "nothing yet"}.`,
    `- Appointments: ${brief.appointments.enabled ? `may be booked (${brief.appointments.durationMinutes} minutes)` : "are not booked on this line"}.`,
    `- Transfers: ${brief.transferNumber ? "a person can take the call" : "nobody can take the call now"}.`,
  ];
  if (state.disclosed) lines.push("- The caller has been told this is an automated assistant.");
  if (state.intent) lines.push(`- What the caller wants: ${state.intent}.`);
  if (state.booked) lines.push(`- Booked on this call: an appointment at ${at(state.booked.start)}.`);
  if (state.offeredSlot) lines.push(`- Offered: an appointment at ${at(state.offeredSlot.start)}.`);
  if (state.callback)
    lines.push(`- A call back is arranged for ${at(state.callback.at)} ("${state.callback.said}").`);
  if (state.awaiting) lines.push(`- The last reply asked for ${AWAITING[state.awaiting]}.`);
  for (const { question, answer } of state.answers)
    lines.push(`- Asked "${question}"; answered "${answer}".`);
  if (state.message.length) lines.push(`- The caller's message so far: ${state.message.join(" ")}`);
  return lines;
}

function knowledgeSection(knowledge: string[]): string {
  if (!knowledge.length)
    return "Facts for this turn: none on file answers the caller's words. If they asked something the instructions above don't answer, say you don't know and offer a call back.";
  const facts = knowledge.map((fact) => `- ${fact}`).join("\n");
  return `Facts for this turn (answer only from these facts; if they don't answer the caller, say you don't know and offer a call back):\n${facts}`;
}

/** "Caller: ..." lines are the caller's messages, "AI: ..." the assistant's; system notes are left out. */
function historyMessages(lines: string[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const line of lines) {
    const caller = /^Caller:\s*(.*)$/s.exec(line);
    const assistant = /^AI:\s*(.*)$/s.exec(line);
    if (caller?.[1]) messages.push({ role: "user", content: caller[1] });
    else if (assistant?.[1]) messages.push({ role: "assistant", content: assistant[1] });
  }
  return messages;
}

function localTime(at: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: "full", timeStyle: "short" };
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(at);
  }
}
