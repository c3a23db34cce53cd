import type { Business } from "./types";

/**
 * The workspaces the conversations call for or answer for: each as its owner would set it up,
 * from a shipped template or written by hand, with an agent where a business would have one.
 * Working hours are the settings the calendar books within; the scripts' rules say the same.
 */

const WEEKDAYS = [1, 2, 3, 4, 5];

// --- inbound, from the shipped templates ---------------------------------------------------

export const DENTAL: Business = {
  name: "Bright Smiles Dental",
  template: "dental-office",
  settings: { workingHours: { start: "08:00", end: "17:00", days: WEEKDAYS } },
};

export const CLINIC: Business = {
  name: "Riverside Family Clinic",
  template: "medical-clinic",
  settings: { workingHours: { start: "08:00", end: "18:00", days: WEEKDAYS } },
};

export const PLUMBER: Business = {
  name: "Rapid Rooter Plumbing",
  template: "home-services-dispatch",
  description: "Rapid Rooter Plumbing fixes leaks, drains, water heaters and sewer lines for homes.",
  settings: { workingHours: { start: "08:00", end: "16:00", days: [1, 2, 3, 4, 5, 6] } },
};

export const LAW: Business = {
  name: "Hale and Moreno Law",
  template: "legal-intake",
  settings: { workingHours: { start: "09:00", end: "17:00", days: WEEKDAYS } },
};

export const RESTAURANT: Business = {
  name: "Trattoria Lucia",
  template: "restaurant-reservations",
  settings: {
    // Open Tuesday to Sunday evenings: at the evaluation's moment (Tuesday 10 AM) it is closed.
    workingHours: { start: "17:00", end: "22:00", days: [2, 3, 4, 5, 6, 7] },
  },
};

export const AUTO_SHOP: Business = {
  name: "Eastside Auto Care",
  template: "auto-repair",
  settings: { workingHours: { start: "07:30", end: "18:00", days: WEEKDAYS } },
};

export const IT_DESK: Business = {
  name: "Northwind IT Services",
  template: "it-support-desk",
  settings: { workingHours: { start: "07:00", end: "19:00", days: WEEKDAYS }, allowAppointments: false },
};

export const REALTY: Business = {
  name: "Harbor Realty",
  template: "real-estate",
  settings: { workingHours: { start: "10:00", end: "19:00", days: [1, 2, 3, 4, 5, 6, 7] } },
};

export const SATELLITE_INBOUND: Business = {
  name: "SkyReach Satellite",
  template: "satellite-internet-sales",
  settings: { workingHours: { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5, 6] } },
};

// --- inbound, set up by hand ---------------------------------------------------------------

/** A roofer's inbound line with its own agent and knowledge, no script. */
export const ROOFER_INBOUND: Business = {
  name: "Summit Roofing",
  description: "Summit Roofing repairs and replaces residential roofs in the county.",
  agent: {
    name: "Riley",
    specialization: "appointments",
    voice: "friendly",
    knowledgeBase: [
      "Roof inspections are free, with no obligation.",
      "We repair leaks, replace shingles and install full new roofs.",
      "Every new roof comes with a 25-year workmanship warranty.",
      "Financing is available: 0% for 12 months on approved credit.",
      "We are licensed and insured in the state, license number RC-40311.",
    ].join("\n"),
  },
  settings: { workingHours: { start: "08:00", end: "17:00", days: WEEKDAYS }, appointmentDuration: 60 },
};

/** A sole trader's personal line: the default assistant screening calls for Dana, no script. */
export const PERSONAL: Business = {
  name: "Dana Ortiz Photography",
  ownerName: "Dana Ortiz",
  description: "Wedding and portrait photography by Dana Ortiz.",
  settings: { personality: "friendly", workingHours: { start: "09:00", end: "17:00", days: WEEKDAYS } },
};

/** A screening agent in front of a busy contractor. */
export const SCREENED: Business = {
  name: "Kowalski Construction",
  ownerName: "Mark Kowalski",
  agent: {
    name: "Sam",
    specialization: "screening",
    voice: "professional",
    knowledgeBase: [
      "Kowalski Construction builds additions, decks and kitchen remodels.",
      "Estimates are free and are done on weekdays.",
      "We do not do commercial jobs.",
    ].join("\n"),
  },
  settings: { autoBlockSpam: true },
};

// --- outbound ------------------------------------------------------------------------------

/** A roofer following up on inspection requests, with a sales agent and a short script. */
export const ROOFING_SALES: Business = {
  name: "Summit Roofing",
  script: {
    scriptType: "sales",
    openingMessage: "Hi {callerName}, this is Riley from Summit Roofing. Do you have a minute?",
    conversationFlow: ["How old is your roof, roughly?", "Have you noticed any leaks or missing shingles?"],
    businessRules: ["Emergency tarping visits cost $150."],
    appointmentSettings: { enabled: true, durationMinutes: 60, bufferMinutes: 0 },
    personalityTraits: { tone: "friendly", empathy: 7, formality: 5 },
  },
  agent: {
    name: "Riley",
    specialization: "sales",
    voice: "friendly",
    assertivenessLevel: 6,
    empathyLevel: 7,
    knowledgeBase: [
      "Roof inspections are free, with no obligation.",
      "Financing is available: 0% for 12 months on approved credit.",
      "Every new roof comes with a 25-year workmanship warranty.",
      "An inspection takes about 45 minutes and the homeowner does not need to be on the roof.",
    ].join("\n"),
    rebuttalPlaybook: [
      "I hear you on price; the inspection itself is free, so you'd know exactly where your roof stands before spending anything.",
      "Totally understand wanting to think it over; a free inspection gives you something concrete to think about.",
    ],
    closingStyle: "Thanks for your time, and have a great day!",
  },
  settings: { workingHours: { start: "09:00", end: "17:00", days: WEEKDAYS } },
};

/** Solar panels, outbound, an assertive agent without a script of questions. */
export const SOLAR_SALES: Business = {
  name: "BrightPath Solar",
  agent: {
    name: "Jordan",
    specialization: "sales",
    voice: "professional",
    assertivenessLevel: 7,
    knowledgeBase: [
      "A home solar assessment is free and takes about an hour.",
      "Panels come with a 25-year performance warranty.",
      "Most homeowners qualify for the 30% federal solar tax credit.",
      "Financing starts at $0 down.",
      "Installation usually takes one to two days once permits are approved.",
    ].join("\n"),
    rebuttalPlaybook: [
      "Many of our customers felt the same at first; with $0 down, most of them pay less each month than their old electric bill.",
      "That's fair; the assessment is free and tells you exactly what you'd save, with no commitment.",
    ],
  },
  settings: {
    workingHours: { start: "09:00", end: "18:00", days: WEEKDAYS },
    appointmentDuration: 60,
    callPurpose: "see if your home qualifies for solar savings",
  },
};

/** Satellite internet dealer prospecting: the shipped sales template and a telecom sales agent. */
export const SATELLITE_SALES: Business = {
  name: "SkyReach Satellite",
  template: "satellite-internet-sales",
  script: {
    openingMessage:
      "Hi {callerName}, this is Maya with SkyReach Satellite. We have new satellite internet plans available at your address. Do you have a couple of minutes?",
    conversationFlow: [
      "What's the zip code for the installation?",
      "How many people will use the internet, and does anyone work from home?",
      "Would you like the Unlimited plan, or one of the Choice plans?",
    ],
  },
  agent: {
    name: "Maya",
    specialization: "sales",
    voice: "friendly",
    assertivenessLevel: 5,
    knowledgeBase: [
      "Satellite internet works anywhere with a clear view of the southern sky, no phone line or cable needed.",
      "There is no contract with the money-back guarantee; you can cancel in the first 30 days for a full refund.",
    ].join("\n"),
    rebuttalPlaybook: [
      "I understand; many of our customers switched because their old service was slow, and every plan has a 30-day money-back guarantee.",
    ],
  },
  settings: { workingHours: { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5, 6] } },
};

/** Fiber internet and TV bundles, outbound; no script, an agent with a playbook, no booking. */
export const TELECOM_BUNDLE: Business = {
  name: "MetroLink Fiber",
  script: {
    scriptType: "sales",
    openingMessage:
      "Hi {callerName}, this is Chris from MetroLink Fiber. Fiber just became available on your street. Do you have a moment?",
    conversationFlow: [
      "Who is your internet provider today?",
      "About how much do you pay each month for internet and TV?",
    ],
    businessRules: [
      "Fiber 500 is $55 a month and Fiber 1 Gig is $75 a month, with no data caps.",
      "Adding TV with 150 channels is $40 a month more.",
      "There is no contract and installation is free.",
    ],
    appointmentSettings: { enabled: false },
    personalityTraits: { tone: "casual", empathy: 5, formality: 3 },
  },
  agent: {
    name: "Chris",
    specialization: "sales",
    voice: "casual",
    assertivenessLevel: 4,
    rebuttalPlaybook: [
      "Totally fair; there's no contract, so if it isn't faster you can walk away any time.",
    ],
  },
};

/** A dental office's recall calls: the dental template, an appointments agent. */
export const DENTAL_RECALL: Business = {
  name: "Bright Smiles Dental",
  template: "dental-office",
  script: {
    openingMessage:
      "Hi {callerName}, this is Ava from Bright Smiles Dental. It's been six months since your last cleaning. Would you like to book your next visit?",
    conversationFlow: [],
  },
  agent: {
    name: "Ava",
    specialization: "appointments",
    voice: "friendly",
    assertivenessLevel: 3,
    empathyLevel: 8,
  },
  settings: { workingHours: { start: "08:00", end: "17:00", days: WEEKDAYS } },
};

/** A plumber's maintenance reminders: no script, a general agent, the settings' hours. */
export const PLUMBER_REMINDER: Business = {
  name: "Rapid Rooter Plumbing",
  agent: {
    name: "Luis",
    specialization: "general",
    voice: "casual",
    knowledgeBase: [
      "The yearly water heater flush is $129 and takes about an hour.",
      "Technicians arrive in a two-hour window and call 30 minutes ahead.",
    ].join("\n"),
  },
  settings: {
    workingHours: { start: "08:00", end: "16:00", days: [1, 2, 3, 4, 5, 6] },
    appointmentDuration: 60,
    callPurpose: "schedule your yearly water heater maintenance",
  },
};

/** A law office returning web enquiries: the legal template, a formal agent. */
export const LAW_FOLLOW_UP: Business = {
  name: "Hale and Moreno Law",
  template: "legal-intake",
  script: {
    openingMessage:
      "Good morning {callerName}, this is Grace calling from Hale and Moreno Law about the enquiry you sent us. Is this a good time?",
    conversationFlow: [
      "What kind of legal matter is this: family, injury, business, estate, or something else?",
      "Are there any court dates or deadlines coming up?",
    ],
  },
  agent: {
    name: "Grace",
    specialization: "appointments",
    voice: "formal",
    assertivenessLevel: 3,
  },
  settings: { workingHours: { start: "09:00", end: "17:00", days: WEEKDAYS } },
};

/** An insurance agency's renewal review calls: no agent, the assistant, a purpose per call. */
export const INSURANCE_RENEWAL: Business = {
  name: "Lakeside Insurance",
  script: {
    scriptType: "outbound",
    openingMessage:
      "Hello {callerName}, this is the assistant for Lakeside Insurance. Your home policy renews next month.",
    conversationFlow: ["Have you made any changes to the home this year, like a new roof or an addition?"],
    businessRules: [
      "A policy review takes 20 minutes by phone with a licensed agent.",
      "Bundling home and auto saves up to 15% on both policies.",
    ],
    appointmentSettings: { enabled: true, durationMinutes: 30, bufferMinutes: 0 },
    personalityTraits: { tone: "professional", empathy: 6, formality: 6 },
  },
  settings: { workingHours: { start: "09:00", end: "17:00", days: WEEKDAYS } },
};

/** A fiber provider's customer support line: a support agent, no script, open every day. */
export const FIBER_SUPPORT: Business = {
  name: "MetroLink Fiber",
  agent: {
    name: "Priya",
    specialization: "support",
    voice: "professional",
    empathyLevel: 8,
    knowledgeBase: [
      "If the internet is down, unplug the router for 30 seconds, then plug it back in.",
      "Outages are posted on the status page at metrolinkfiber.com/status.",
      "Bills are due on the 15th of each month.",
      "A technician visit is free when the problem is on our side of the connection.",
      "Customer support is open every day from 7 AM to 11 PM.",
    ].join("\n"),
  },
  settings: {
    workingHours: { start: "08:00", end: "18:00", days: [1, 2, 3, 4, 5, 6, 7] },
    appointmentDuration: 120,
  },
};
