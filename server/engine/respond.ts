import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { WorkingHours } from "../../common/ai-settings";
import { hoursOn } from "./schedule";

/** How the assistant sounds: the account's personality setting picks the phrasing. */
export type Personality = "professional" | "friendly" | "casual" | "formal";

const VOICE: Record<Personality, { thanks: string; sorry: string; anythingElse: string; bye: string }> = {
  professional: {
    thanks: "Thank you.",
    sorry: "I'm sorry,",
    anythingElse: "Is there anything else I can help with?",
    bye: "Thank you for calling. Goodbye.",
  },
  friendly: {
    thanks: "Thanks so much!",
    sorry: "Oh, I'm so sorry,",
    anythingElse: "Anything else I can do for you?",
    bye: "Thanks for calling, have a great day! Bye!",
  },
  casual: {
    thanks: "Got it, thanks!",
    sorry: "Sorry,",
    anythingElse: "Anything else?",
    bye: "Thanks for calling. Take care!",
  },
  formal: {
    thanks: "Thank you very much.",
    sorry: "I do apologise,",
    anythingElse: "May I assist you with anything further?",
    bye: "Thank you for your call. Good day.",
  },
};

export function asPersonality(value: string): Personality {
  return value in VOICE ? (value as Personality) : "professional";
}

export function formatWhen(at: Date, timeZone: string): string {
  return format(new TZDate(at.getTime(), timeZone), "EEEE, MMMM d 'at' h:mm a");
}

const DAY_NAMES = ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

function clock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m ? `${hour}:${String(m).padStart(2, "0")} ${suffix}` : `${hour} ${suffix}`;
}

/** "Monday to Friday, 9 AM to 5 PM" */
/** "Monday to Friday, 8 AM to 4 PM; Saturday, 9 AM to 12 PM": each set of days with its hours. */
export function describeHours(hours: WorkingHours): string {
  if (!hours.dayHours?.length) return describeDays(hours);
  const groups = new Map<string, number[]>();
  for (const day of [...hours.days].sort((a, b) => a - b)) {
    const open = hoursOn(hours, day);
    if (!open) continue;
    const key = `${open.start}-${open.end}`;
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  return [...groups]
    .map(([key, days]) => {
      const [start = "", end = ""] = key.split("-");
      return describeDays({ start, end, days });
    })
    .join("; ");
}

/** Days that share one set of hours: "Monday to Friday, 9 AM to 5 PM". */
function describeDays(hours: WorkingHours): string {
  const days = [...hours.days].sort((a, b) => a - b);
  const contiguous = days.every((day, i) => i === 0 || day === (days[i - 1] ?? 0) + 1);
  const dayText =
    days.length === 0
      ? "no days"
      : days.length === 7
        ? "every day"
        : contiguous && days.length > 2
          ? `${DAY_NAMES[days[0] ?? 1]} to ${DAY_NAMES[days.at(-1) ?? 5]}`
          : days.map((day) => DAY_NAMES[day]).join(", ");
  return `${dayText}, ${clock(hours.start)} to ${clock(hours.end)}`;
}

export type ReplyContext = { personality: Personality; owner: string };

/** Every sentence the assistant says, in one place, shaped by personality and the owner's name. */
export function replies({ personality, owner }: ReplyContext) {
  const v = VOICE[personality];
  return {
    whoAndWhy: () =>
      `May I ask who's calling, and what it's about? I'll make sure ${owner} gets the message.`,
    blocked: () =>
      "This call appears to be unsolicited, so I'm ending it now. Please remove this number from your calling list. Goodbye.",
    spamNotBlocked: () =>
      `I'm not able to help with that. If you have a genuine message for ${owner}, I can take it now.`,
    askTime: () => `I'd be happy to set that up. What day and time would suit you?`,
    booked: (when: string, minutes: number) =>
      `${v.thanks} You're booked for ${when}, for ${minutes} minutes. ${v.anythingElse}`,
    offerSlot: (requested: string, reason: string, slot: string) =>
      `${v.sorry} ${requested} ${reason}. The nearest opening is ${slot}. Would that work for you?`,
    noSlot: () =>
      `${v.sorry} I couldn't find a free time in the next two weeks. I'll pass your request to ${owner}, who will call you back to arrange it.`,
    askAnotherTime: () => `No problem. What other day and time would work for you?`,
    appointmentsOff: () =>
      `I'm not able to book appointments myself, but I'll pass your request to ${owner}, who will get back to you. Could you tell me the best time to reach you?`,
    cancelled: (when: string) => `${v.thanks} Your appointment on ${when} is cancelled. ${v.anythingElse}`,
    confirmed: (when: string) => `Yes, you're confirmed for ${when}. ${v.anythingElse}`,
    cancellationPassedOn: () =>
      `I'm sorry to hear that. I couldn't find the appointment under this number, so I'll pass your cancellation on to ${owner} right away. What name is the appointment under?`,
    noAppointmentFound: () =>
      `I couldn't find an upcoming appointment for this number. Would you like to book a new time?`,
    forwarding: (emergency: boolean) =>
      `${emergency ? "If anyone is in danger, please hang up and call 911 now. " : ""}That sounds important. I'm putting you through to ${owner} now, please hold.`,
    urgentMessage: (emergency: boolean) =>
      `${emergency ? "If anyone is in danger, please hang up and call 911 now. " : ""}I understand this is important. I've marked your message as urgent and ${owner} will get it right away. What's the best number to reach you?`,
    sales: () =>
      `${v.thanks} I'll pass your inquiry to ${owner}. Could you leave your name and the best number or email to reach you?`,
    support: () =>
      `${v.sorry} you're having trouble with that. I've noted the details for ${owner}, and someone will follow up with you. Is there anything else I should add?`,
    legitimate: () =>
      `${v.thanks} I'll let ${owner} know you called. Is there anything you'd like me to pass on?`,
    closed: (hoursText: string) =>
      `${v.thanks} We're closed right now; our hours are ${hoursText}. I'll take a message and make sure ${owner} gets it first thing. What would you like me to pass on?`,
    noted: () => `${v.thanks} I've added that to your message. ${v.anythingElse}`,
    goodbye: () => v.bye,
    limitReached: () =>
      `I'm sorry, ${owner} can't take calls through this line right now. Please try again later. Goodbye.`,
  };
}

export type Replies = ReturnType<typeof replies>;
