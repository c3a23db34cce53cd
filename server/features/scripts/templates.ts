import type { Classification } from "../../../common/calls";
import type { TemplateData } from "../../../common/scripts";

/**
 * The script template catalogue (script_templates, the spec Templates tab). Templates
 * are global and public; only their usage count is stored (script_template_usage). Each one is a
 * complete script for a common small-business call, and ships test cases that the workspace's
 * agent tests receive when a script is made from it. `templates.test.ts` runs every template's
 * cases through the engine, so CI proves each template behaves as its cases say.
 *
 * Business rules are facts the assistant answers from (a caller's question is matched to the
 * rule sharing most words with it); conversation-flow steps are the questions it asks, in order;
 * transfer keywords hand the call to a person when the caller says them.
 */
export type TemplateTestCase = {
  name: string;
  turns: string[];
  expectedClassification: Classification | null;
  expectTransfer: boolean | null;
};

export type CatalogueTemplate = {
  id: string;
  name: string;
  description: string;
  category: string;
  industry: string;
  templateData: TemplateData;
  testCases: TemplateTestCase[];
};

const appointments = (durationMinutes: number, bufferMinutes = 0, enabled = true) => ({
  enabled,
  durationMinutes,
  bufferMinutes,
});

export const TEMPLATES: readonly CatalogueTemplate[] = [
  {
    id: "dental-office",
    name: "Dental office appointments",
    description:
      "Books cleanings and check-ups, answers questions about insurance and hours, and puts dental emergencies straight through to the office.",
    category: "Healthcare",
    industry: "healthcare",
    templateData: {
      scriptType: "appointment",
      openingMessage:
        "Thank you for calling the dental office. This is the virtual receptionist. Are you calling to book a visit, or about something else?",
      conversationFlow: [
        "May I have the patient's full name?",
        "Is this for a cleaning, a check-up, or a specific problem with a tooth?",
        "Have you visited us before, or will this be your first appointment?",
        "What day and time would suit you best?",
      ],
      businessRules: [
        "We are open Monday to Friday from 8 AM to 5 PM, and the first Saturday of each month from 9 AM to 1 PM.",
        "We accept most PPO dental insurance plans, including Delta Dental, Cigna, MetLife and Aetna; please bring your insurance card to your visit.",
        "New patients should arrive 15 minutes early to fill in their medical history forms.",
        "Cancellations need 24 hours notice, otherwise a $50 missed appointment fee applies.",
        "A routine cleaning and check-up takes about an hour; x-rays are taken once a year.",
      ],
      transferRules: {
        keywords: ["severe pain", "swelling", "bleeding", "knocked out", "broken tooth", "abscess"],
        minutes: 10,
        conditions: ["urgent", "caller_asks_for_person"],
        transferNumber: null,
      },
      appointmentSettings: appointments(60, 15),
      voiceSettings: { voice: "nova", speed: 0.9, pitch: "medium" },
      personalityTraits: { tone: "friendly", empathy: 9, formality: 6 },
    },
    testCases: [
      {
        name: "Dental emergency goes to the office",
        turns: ["My tooth got knocked out playing football and there's a lot of bleeding"],
        expectedClassification: null,
        expectTransfer: true,
      },
      {
        name: "Cleaning request is booked, not transferred",
        turns: ["Hi, I'd like to book a cleaning appointment next week"],
        expectedClassification: "appointment",
        expectTransfer: false,
      },
    ],
  },
  {
    id: "medical-clinic",
    name: "Medical clinic front desk",
    description:
      "Schedules visits, handles prescription refill requests and test-result questions, and never gives medical advice: emergencies are told to call 911 and urgent symptoms go to the nurse line.",
    category: "Healthcare",
    industry: "healthcare",
    templateData: {
      scriptType: "inbound",
      openingMessage:
        "Thank you for calling the clinic. If this is a medical emergency, please hang up and dial 911. How can I help you today?",
      conversationFlow: [
        "May I have the patient's name and date of birth?",
        "Are you calling to schedule a visit, about a prescription, or about test results?",
        "Which doctor do you usually see?",
        "What is the best number to reach you?",
      ],
      businessRules: [
        "The clinic is open Monday to Friday from 8 AM to 6 PM; after hours an on-call doctor can be reached through the answering service.",
        "Prescription refill requests are processed within two business days; please have your pharmacy's name ready.",
        "Test results are released by your doctor through the patient portal, usually within five business days.",
        "Please bring a photo ID, your insurance card and a list of current medications to every visit.",
        "The assistant cannot give medical advice; a nurse will return your call for any symptoms.",
      ],
      transferRules: {
        keywords: ["chest pain", "trouble breathing", "can't breathe", "allergic reaction", "nurse"],
        minutes: 8,
        conditions: ["urgent", "upset_caller"],
        transferNumber: null,
      },
      appointmentSettings: appointments(30, 10),
      voiceSettings: { voice: "shimmer", speed: 0.9, pitch: "medium" },
      personalityTraits: { tone: "professional", empathy: 9, formality: 8 },
    },
    testCases: [
      {
        name: "Chest pain is put through",
        turns: ["My father has chest pain and he's sweating a lot"],
        expectedClassification: null,
        expectTransfer: true,
      },
      {
        name: "Check-up booking",
        turns: ["I need to schedule a check-up with Dr. Patel"],
        expectedClassification: "appointment",
        expectTransfer: false,
      },
    ],
  },
  {
    id: "home-services-dispatch",
    name: "Home services dispatch",
    description:
      "For plumbers, electricians and HVAC companies: takes job details and the address, books service windows, and sends emergencies such as flooding or a gas smell to the on-call technician.",
    category: "Home services",
    industry: "construction",
    templateData: {
      scriptType: "inbound",
      openingMessage:
        "Thanks for calling. I can get a technician scheduled for you. What's going on at your home today?",
      conversationFlow: [
        "What's the service address, including the zip code?",
        "Can you describe the problem, and when did it start?",
        "Is anyone at the property who can let the technician in?",
        "Would a morning or an afternoon window suit you better?",
      ],
      businessRules: [
        "Our service area covers the city and surrounding suburbs within 30 miles.",
        "The diagnostic visit fee is $89, and it is waived if you go ahead with the repair.",
        "Regular service windows are 8 AM to 12 PM and 12 PM to 4 PM, Monday to Saturday.",
        "Emergency after-hours visits have a $150 call-out charge.",
        "All our technicians are licensed, insured and background-checked, and our work carries a one-year warranty.",
      ],
      transferRules: {
        keywords: [
          "gas smell",
          "smell gas",
          "flooding",
          "burst pipe",
          "sparks",
          "no heat",
          "carbon monoxide",
        ],
        minutes: 12,
        conditions: ["urgent"],
        transferNumber: null,
      },
      appointmentSettings: appointments(120, 30),
      voiceSettings: { voice: "echo", speed: 1, pitch: "medium" },
      personalityTraits: { tone: "friendly", empathy: 7, formality: 5 },
    },
    testCases: [
      {
        name: "Burst pipe goes to the on-call technician",
        turns: ["We have a burst pipe in the basement and water everywhere"],
        expectedClassification: null,
        expectTransfer: true,
      },
      {
        name: "Routine repair is scheduled",
        turns: ["Can someone come out Thursday afternoon to fix a leaky faucet"],
        expectedClassification: "appointment",
        expectTransfer: false,
      },
    ],
  },
  {
    id: "real-estate",
    name: "Real estate inquiries",
    description:
      "Qualifies buyers and sellers, books showings and listing consultations, and passes ready-to-offer buyers to the agent.",
    category: "Real estate",
    industry: "real_estate",
    templateData: {
      scriptType: "sales",
      openingMessage:
        "Hello, and thanks for calling about our listings. Are you looking to buy, sell, or rent?",
      conversationFlow: [
        "Which property or neighborhood are you interested in?",
        "What price range are you considering?",
        "Are you already pre-approved for a mortgage?",
        "When would you like to see the property?",
      ],
      businessRules: [
        "Showings are available seven days a week from 10 AM to 7 PM, and need at least two hours notice.",
        "A free home valuation is offered to anyone thinking of selling.",
        "Buyers should have a mortgage pre-approval letter before making an offer.",
        "Our commission for sellers is discussed at the listing consultation, and there is no cost to buyers.",
      ],
      transferRules: {
        keywords: ["make an offer", "submit an offer", "cash offer", "closing date"],
        minutes: 15,
        conditions: ["sales_ready", "caller_asks_for_person"],
        transferNumber: null,
      },
      appointmentSettings: appointments(45, 15),
      voiceSettings: { voice: "alloy", speed: 1, pitch: "medium" },
      personalityTraits: { tone: "friendly", empathy: 6, formality: 6 },
    },
    testCases: [
      {
        name: "A buyer ready to make an offer is put through",
        turns: ["We saw the house on Maple Street and we want to make an offer today"],
        expectedClassification: null,
        expectTransfer: true,
      },
      {
        name: "A showing request is booked",
        turns: ["Could I schedule a showing of the condo on Saturday at 2 pm?"],
        expectedClassification: "appointment",
        expectTransfer: false,
      },
    ],
  },
  {
    id: "restaurant-reservations",
    name: "Restaurant reservations",
    description:
      "Takes table bookings with party size and time, answers questions about hours, menu and parking, and hands large parties and private events to the manager.",
    category: "Hospitality",
    industry: "hospitality",
    templateData: {
      scriptType: "appointment",
      openingMessage: "Good evening, thank you for calling. Would you like to make a reservation?",
      conversationFlow: [
        "For how many guests?",
        "What date and time would you like?",
        "May I have a name for the reservation?",
        "Any allergies or a special occasion we should know about?",
      ],
      businessRules: [
        "We are open Tuesday to Sunday from 5 PM to 10 PM, and closed on Mondays.",
        "Tables are held for 15 minutes after the reservation time.",
        "We have vegetarian, vegan and gluten-free dishes on the menu every night.",
        "Free parking is available behind the restaurant after 5 PM.",
        "Parties of eight or more and private events are arranged with our manager.",
      ],
      transferRules: {
        keywords: ["private event", "private room", "catering", "large party", "wedding", "rehearsal dinner"],
        minutes: 6,
        conditions: ["upset_caller"],
        transferNumber: null,
      },
      appointmentSettings: appointments(90, 0),
      voiceSettings: { voice: "fable", speed: 1, pitch: "medium" },
      personalityTraits: { tone: "friendly", empathy: 7, formality: 5 },
    },
    testCases: [
      {
        name: "A private event goes to the manager",
        turns: ["I'm planning a rehearsal dinner for 30 people and need a private room"],
        expectedClassification: null,
        expectTransfer: true,
      },
      {
        name: "A table for two is booked",
        turns: ["I'd like to book a table for two on Friday at 7 pm"],
        expectedClassification: "appointment",
        expectTransfer: false,
      },
    ],
  },
  {
    id: "legal-intake",
    name: "Legal intake",
    description:
      "Collects new-client intake for a law firm (matter type, dates, other parties), books consultations, checks for deadlines, and never gives legal advice.",
    category: "Legal",
    industry: "professional_services",
    templateData: {
      scriptType: "inbound",
      openingMessage:
        "Thank you for calling the law office. I can take some details and arrange a consultation with an attorney. What is your call about?",
      conversationFlow: [
        "May I have your full name and a phone number?",
        "What kind of legal matter is this: family, injury, business, estate, or something else?",
        "When did this happen, and are there any court dates or deadlines coming up?",
        "Are there other people or companies involved whose names you can give me?",
      ],
      businessRules: [
        "The first consultation is 30 minutes and free of charge for injury matters; other consultations are $150.",
        "The assistant cannot give legal advice; only an attorney can advise you on your case.",
        "Everything you share is kept confidential.",
        "Office hours are Monday to Friday, 9 AM to 5 PM.",
      ],
      transferRules: {
        keywords: ["court tomorrow", "arrested", "served papers", "deadline today", "restraining order"],
        minutes: 15,
        conditions: ["urgent", "caller_asks_for_person"],
        transferNumber: null,
      },
      appointmentSettings: appointments(30, 15),
      voiceSettings: { voice: "onyx", speed: 0.9, pitch: "low" },
      personalityTraits: { tone: "formal", empathy: 7, formality: 9 },
    },
    testCases: [
      {
        name: "An arrest is put through to an attorney",
        turns: ["My son was arrested last night and he needs a lawyer right away"],
        expectedClassification: null,
        expectTransfer: true,
      },
      {
        name: "A consultation is booked",
        turns: ["I'd like to book a consultation about a will next Tuesday"],
        expectedClassification: "appointment",
        expectTransfer: false,
      },
    ],
  },
  {
    id: "auto-repair",
    name: "Auto repair shop",
    description:
      "Books service and repair drop-offs, answers questions about estimates, loaners and warranty, and sends tow requests to the shop.",
    category: "Automotive",
    industry: "transportation",
    templateData: {
      scriptType: "appointment",
      openingMessage:
        "Thanks for calling the shop. Do you need to bring your vehicle in, or are you checking on a repair?",
      conversationFlow: [
        "What's the year, make and model of the vehicle?",
        "What's it doing, or what service does it need?",
        "Is the car drivable, or does it need a tow?",
        "When could you drop it off?",
      ],
      businessRules: [
        "The shop is open Monday to Friday 7:30 AM to 6 PM and Saturday 8 AM to 2 PM.",
        "Diagnostic checks cost $120 and are credited towards the repair.",
        "An oil change takes about 45 minutes and you are welcome to wait in the lounge.",
        "Loaner cars are available for repairs over four hours; please book them in advance.",
        "Our repairs come with a 24-month, 24,000-mile parts and labor warranty.",
      ],
      transferRules: {
        keywords: ["tow", "towing", "accident", "broke down", "brakes failed"],
        minutes: 10,
        conditions: ["upset_caller", "caller_asks_for_person"],
        transferNumber: null,
      },
      appointmentSettings: appointments(60, 0),
      voiceSettings: { voice: "echo", speed: 1, pitch: "low" },
      personalityTraits: { tone: "casual", empathy: 6, formality: 4 },
    },
    testCases: [
      {
        name: "A breakdown needing a tow is put through",
        turns: ["My car broke down on the highway and I need a tow"],
        expectedClassification: null,
        expectTransfer: true,
      },
      {
        name: "An oil change is booked",
        turns: ["Can I book an oil change for Monday morning at 9?"],
        expectedClassification: "appointment",
        expectTransfer: false,
      },
    ],
  },
  {
    id: "it-support-desk",
    name: "IT support desk",
    description:
      "First-line help desk: logs the problem with its impact, walks through the usual first checks, and escalates outages and security incidents to the engineer on call.",
    category: "Technology",
    industry: "professional_services",
    templateData: {
      scriptType: "support",
      openingMessage:
        "IT support desk, thanks for calling. Tell me what's not working and I'll open a ticket for you.",
      conversationFlow: [
        "What's your name and which company or department are you with?",
        "Which device or system is affected?",
        "Is it just you, or are other people affected too?",
        "Have you already tried restarting the device?",
      ],
      businessRules: [
        "Support hours are Monday to Friday, 7 AM to 7 PM; outages are covered around the clock.",
        "Password resets are done through the self-service portal, or by a technician after we verify your identity.",
        "Most tickets get a first response within four business hours.",
        "For internet problems, please restart the modem and router first and wait two minutes before testing again.",
      ],
      transferRules: {
        keywords: ["server down", "ransomware", "hacked", "data breach", "whole office", "everyone is down"],
        minutes: 15,
        conditions: ["urgent"],
        transferNumber: null,
      },
      appointmentSettings: appointments(60, 0, false),
      voiceSettings: { voice: "alloy", speed: 1.1, pitch: "medium" },
      personalityTraits: { tone: "professional", empathy: 6, formality: 6 },
    },
    testCases: [
      {
        name: "No internet is logged, not transferred",
        turns: ["I have no internet since yesterday and my laptop won't connect"],
        expectedClassification: "support",
        expectTransfer: false,
      },
      {
        name: "Ransomware is escalated",
        turns: ["There's a ransomware message on every computer in the office"],
        expectedClassification: null,
        expectTransfer: true,
      },
    ],
  },
  {
    id: "satellite-internet-sales",
    name: "Satellite internet sales",
    description:
      "The spec's telecom scenario: presents satellite-internet plans (Unlimited, Choice 30 and Choice 50), schedules installation, and transfers enterprise-level, multi-location or custom-equipment requests to a specialist.",
    category: "Telecom sales",
    industry: "technology",
    templateData: {
      scriptType: "sales",
      openingMessage:
        "Hi, thanks for calling about satellite internet. I can help you find the right plan and set up installation. Where will the service be installed?",
      conversationFlow: [
        "What's the address or zip code for the installation?",
        "How many people will use the internet, and do you stream or work from home?",
        "Would you like the Unlimited plan, or one of the Choice plans?",
        "What day would work for the installation? The earliest is two days from today.",
      ],
      businessRules: [
        "Unlimited gives up to 150 Mbps with unlimited data for $150 a month.",
        "Choice 30 gives up to 30 Mbps with 40 GB of data for $100 a month, and Choice 50 up to 50 Mbps with 60 GB for $120 a month.",
        "Installation is free, and the equipment is $13 a month.",
        "Every plan comes with a 30-day money-back guarantee and 24/7 support.",
        "Installation slots are 8 to 12, 1 to 5, 9 to 1 and 2 to 6, at least two days from today.",
      ],
      transferRules: {
        keywords: [
          "enterprise-level",
          "custom equipment",
          "special pricing",
          "multiple locations",
          "complex",
        ],
        minutes: 20,
        conditions: ["caller_asks_for_person", "sales_ready"],
        transferNumber: null,
      },
      appointmentSettings: appointments(240, 0),
      voiceSettings: { voice: "nova", speed: 1, pitch: "medium" },
      personalityTraits: { tone: "friendly", empathy: 6, formality: 5 },
    },
    testCases: [
      {
        name: "Multiple locations go to a specialist",
        turns: ["We need internet for multiple locations with special pricing"],
        expectedClassification: null,
        expectTransfer: true,
      },
      {
        name: "A plan question is answered",
        turns: ["How much is the unlimited plan per month?"],
        expectedClassification: null,
        expectTransfer: false,
      },
    ],
  },
];

const BY_ID = new Map(TEMPLATES.map((template) => [template.id, template]));

export function findTemplate(id: string): CatalogueTemplate | undefined {
  return BY_ID.get(id);
}
