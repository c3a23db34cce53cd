import type { EmailPurpose, EmailTone, GeneratedEmail, WizardStateParsed } from "../../../../common/email";

/**
 * The local email writer: used when no language model is configured. It composes the email
 * from the wizard's own words (business, offer, pain points, competitors, offers, location,
 * audience) with phrasing chosen by tone and purpose, so different inputs give different
 * emails. Merge fields ({{firstName}}, {{businessName}}, {{city}}) are left for the template
 * engine to fill per recipient.
 */

const GREETING: Record<EmailTone, string> = {
  professional: "Dear {{firstName}},",
  friendly: "Hi {{firstName}},",
  urgent: "{{firstName}}, a quick note before time runs out:",
  casual: "Hey {{firstName}},",
};

const SIGN_OFF: Record<EmailTone, string> = {
  professional: "Kind regards,",
  friendly: "Warmly,",
  urgent: "Talk soon,",
  casual: "Cheers,",
};

/** Words for the industry the sender serves, used in the opening line. */
const INDUSTRY_WORDS: Record<WizardStateParsed["industry"], string> = {
  agriculture: "farms and agricultural operations",
  construction: "builders and construction crews",
  healthcare: "clinics and healthcare practices",
  retail: "shops and retailers",
  manufacturing: "manufacturers and plant teams",
  education: "schools and educators",
  real_estate: "agents, brokers and property owners",
  transportation: "fleets and transportation companies",
  hospitality: "hotels, restaurants and hospitality teams",
  professional_services: "firms and professional-service teams",
  other: "businesses like yours",
};

const CAMPAIGN_ANGLE: Record<WizardStateParsed["campaignType"], string> = {
  viasat_internet: "reliable high-speed internet where cable and fibre do not reach",
  general_business: "less time on busywork and more on customers",
  real_estate: "faster closings and better-qualified buyers",
  healthcare: "more time with patients and fewer missed appointments",
  finance: "clearer numbers and better decisions",
  retail: "more repeat shoppers and fuller baskets",
  technology: "systems that simply work",
  automotive: "more booked service bays and happier drivers",
  fitness: "more members who keep coming back",
  education: "engaged learners and smoother administration",
  food_service: "fuller tables and smoother service",
  legal: "more qualified clients and fewer hours lost to admin",
  consulting: "measurable results for every engagement",
};

const SUBJECT: Record<EmailPurpose, (s: Parts) => string> = {
  introduction: (s) => `${s.sender}: ${s.product} for ${s.where ? `${s.where} ` : ""}${s.audienceShort}`,
  follow_up: (s) => `Following up on ${s.product}, {{firstName}}`,
  promotion: (s) =>
    s.offer ? `${capitalise(s.offer)}: ${s.product} from ${s.sender}` : `Save on ${s.product} this month`,
  seasonal: (s) => `${seasonNow()} ${s.product} offer from ${s.sender}`,
  personalized_offer: (s) => `{{firstName}}, an offer on ${s.product} picked for {{businessName}}`,
};

const OPENING: Record<EmailPurpose, (s: Parts) => string> = {
  introduction: (s) =>
    `I'm reaching out from ${s.sender}. We help ${s.industryWords}${s.where ? ` in ${s.where}` : ""} get ${s.angle} with ${s.product}.`,
  follow_up: (s) =>
    `I wanted to follow up on my earlier note about ${s.product} from ${s.sender}, in case it got buried in a busy inbox.`,
  promotion: (s) =>
    `${s.sender} is running a promotion on ${s.product}${s.offer ? `: ${s.offer}` : ""}, and it is open to ${s.audienceShort}${s.where ? ` in ${s.where}` : ""}.`,
  seasonal: (s) =>
    `${seasonNow()} is a busy time for ${s.industryWords}, and it is the right moment to look at ${s.product} from ${s.sender}.`,
  personalized_offer: (s) =>
    `I put together an offer on ${s.product} specifically for {{businessName}}${s.where ? ` and other ${s.audienceShort} in ${s.where}` : ""}.`,
};

const CALL_TO_ACTION: Record<EmailPurpose, Record<EmailTone, string>> = {
  introduction: {
    professional: "Would you be open to a 15-minute call this week to see whether it fits?",
    friendly: "Could we grab 15 minutes this week? I'd love to hear how things are going.",
    urgent: "Reply today and I will hold a slot for you this week.",
    casual: "Up for a quick 15-minute chat this week?",
  },
  follow_up: {
    professional: "Is there a good time this week to pick the conversation back up?",
    friendly: "Just reply to this email and we'll find a time that works for you.",
    urgent: "If it's still on your list, reply today so we can lock it in before the offer closes.",
    casual: "Still interested? Hit reply and we'll sort it out.",
  },
  promotion: {
    professional: "Reply to this email to reserve the offer for {{businessName}}.",
    friendly: "Just hit reply and we'll set it up for you.",
    urgent: "The offer ends soon: reply today to claim it.",
    casual: "Want in? Reply and it's yours.",
  },
  seasonal: {
    professional: "Reply to schedule a short call before the season's rush.",
    friendly: "Reply and we'll get you set up before the season gets going.",
    urgent: "Spots for this season are limited: reply today to claim yours.",
    casual: "Reply and we'll get you sorted before things get hectic.",
  },
  personalized_offer: {
    professional: "Reply to this email and I will send the details for {{businessName}}.",
    friendly: "Reply and I'll walk you through it, no pressure at all.",
    urgent: "This offer is reserved for a few days only: reply today to keep it.",
    casual: "Sound good? Just reply and we'll take it from there.",
  },
};

const EXPECTED_RESPONSE: Record<EmailPurpose, string> = {
  introduction: "2-4% reply rate on a cold introduction; expect most replies within 48 hours",
  follow_up: "4-8% reply rate, higher than the first touch, from people who opened the earlier email",
  promotion: "3-6% click-through with a clear offer; replies peak on the first day",
  seasonal: "3-5% reply rate while the season is top of mind",
  personalized_offer: "6-10% reply rate: personalised offers get the highest engagement",
};

const BEST_SEND_TIME: Record<WizardStateParsed["industry"], string> = {
  agriculture: "Tuesday or Wednesday, 6-7 AM local time, before field work",
  construction: "Monday or Tuesday, 6-7 AM local time, before crews head out",
  healthcare: "Tuesday or Thursday, 7-8 AM, before clinic hours",
  retail: "Tuesday or Wednesday, 9-10 AM, before stores get busy",
  manufacturing: "Tuesday or Wednesday, 7-9 AM local time",
  education: "Tuesday or Wednesday, 3-5 PM, after classes",
  real_estate: "Thursday, 9-11 AM, ahead of weekend showings",
  transportation: "Tuesday, 8-10 AM local time",
  hospitality: "Monday or Tuesday, 2-4 PM, between lunch and dinner service",
  professional_services: "Tuesday or Wednesday, 8-10 AM local time",
  other: "Tuesday or Wednesday, 9-11 AM local time",
};

type Parts = {
  sender: string;
  product: string;
  offer: string | null;
  where: string | null;
  audienceShort: string;
  industryWords: string;
  angle: string;
};

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The season in the northern hemisphere (the product's market is the United States). */
function seasonNow(now = new Date()): string {
  const month = now.getUTCMonth();
  if (month <= 1 || month === 11) return "Winter";
  if (month <= 4) return "Spring";
  if (month <= 7) return "Summer";
  return "Fall";
}

function lowerFirst(value: string): string {
  return value.charAt(0).toLowerCase() + value.slice(1);
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The paragraphs of the body, in order; each is plain text (escaped when HTML is written). */
function bodyParagraphs(state: WizardStateParsed, parts: Parts): { paragraphs: string[]; bullets: string[] } {
  const paragraphs = [OPENING[state.purpose](parts)];
  const bullets: string[] = [];
  if (state.painPoints.length > 0) {
    paragraphs.push(
      `We hear the same things from ${parts.audienceShort} again and again: ${joinList(state.painPoints.map(lowerFirst))}. ${parts.product} is built to take those off your plate:`,
    );
    for (const pain of state.painPoints) bullets.push(`No more ${lowerFirst(pain).replace(/[.!?]$/, "")}`);
  } else {
    paragraphs.push(`With ${parts.product}, you get ${parts.angle}, without adding work to your week.`);
  }
  if (state.competitors.length > 0) {
    paragraphs.push(
      `If you have looked at ${joinList(state.competitors)}, you will notice the difference: ${parts.sender} works with you directly${parts.where ? `, locally in ${parts.where}` : ""}, with no long contracts.`,
    );
  }
  if (state.specialOffers.length > 0) {
    paragraphs.push(
      `For ${state.purpose === "personalized_offer" ? "{{businessName}}" : "you"} right now: ${joinList(state.specialOffers)}.`,
    );
  }
  if (state.customInstructions) paragraphs.push(state.customInstructions);
  paragraphs.push(CALL_TO_ACTION[state.purpose][state.tone]);
  return { paragraphs, bullets };
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function generateLocalEmail(state: WizardStateParsed): GeneratedEmail {
  const sender = state.businessName || "our team";
  const product = state.productService || CAMPAIGN_ANGLE[state.campaignType].split(" ").slice(0, 3).join(" ");
  const parts: Parts = {
    sender,
    product,
    offer: state.specialOffers[0] ?? null,
    where: state.location || null,
    audienceShort: state.targetAudience || INDUSTRY_WORDS[state.industry],
    industryWords: INDUSTRY_WORDS[state.industry],
    angle: CAMPAIGN_ANGLE[state.campaignType],
  };
  const { paragraphs, bullets } = bodyParagraphs(state, parts);
  const greeting = GREETING[state.tone];
  const signOff = [SIGN_OFF[state.tone], sender];

  const textContent = [
    greeting,
    "",
    paragraphs[0],
    "",
    paragraphs[1],
    ...(bullets.length ? bullets.map((b) => `- ${b}`) : []),
    ...paragraphs.slice(2).flatMap((p) => ["", p]),
    "",
    ...signOff,
  ].join("\n");

  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const htmlContent = [
    p(greeting),
    p(paragraphs[0] ?? ""),
    p(paragraphs[1] ?? ""),
    bullets.length ? `<ul>${bullets.map((b) => `<li>${escapeHtml(b)}</li>`).join("")}</ul>` : "",
    ...paragraphs.slice(2).map(p),
    `<p>${signOff.map(escapeHtml).join("<br>")}</p>`,
  ]
    .filter(Boolean)
    .join("\n");

  return {
    subject: SUBJECT[state.purpose](parts).slice(0, 200),
    htmlContent,
    textContent,
    expectedResponse: EXPECTED_RESPONSE[state.purpose],
    bestSendTime: BEST_SEND_TIME[state.industry],
    personalizationTips: personalizationTips(state),
    followUpSuggestions: followUps(state, parts),
  };
}

function personalizationTips(state: WizardStateParsed): string[] {
  const tips = ["Use {{firstName}} in the greeting: it lifts open-to-reply rates"];
  if (state.location)
    tips.push(`Mention {{city}} for recipients near ${state.location} to make the email feel local`);
  else tips.push("Add {{city}} when you know where the recipient is");
  tips.push("Name {{businessName}} in the offer line so it reads as written for them");
  if (state.painPoints[0])
    tips.push(`Lead with the pain point that fits the recipient best (e.g. "${state.painPoints[0]}")`);
  return tips;
}

function followUps(state: WizardStateParsed, parts: Parts): string[] {
  const suggestions = [
    `Day 3: a short follow-up to non-openers with a new subject about ${parts.product}`,
    `Day 7: share a result you delivered for other ${parts.audienceShort}${parts.where ? ` in ${parts.where}` : ""}`,
  ];
  if (state.specialOffers.length)
    suggestions.push(`Day 10: a last reminder that "${state.specialOffers[0]}" is ending`);
  else suggestions.push("Day 10: a final check-in offering a quick call");
  return suggestions;
}
