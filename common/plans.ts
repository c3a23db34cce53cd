import type { SignupPlan } from "./auth";

/**
 * Every sign-up starts a trial of the plan chosen, this many days long, with no card asked for:
 * when it ends without a plan bought the workspace moves to the Free plan and nothing is charged.
 */
export const SIGNUP_TRIAL_DAYS = 30;

/** The two plans offered at sign-up ("Signup plans"). Prices in US cents. */
export const SIGNUP_PLAN_DETAILS: Record<
  SignupPlan,
  { name: string; priceCents: number; monthlyMinutes: number; contactLimit: number; features: string[] }
> = {
  personal: {
    name: "Personal",
    priceCents: 2900,
    monthlyMinutes: 500,
    contactLimit: 100,
    features: [
      "500 monthly minutes",
      "Smart call screening",
      "Up to 100 contacts",
      "Basic AI assistant",
      "Email support",
    ],
  },
  business: {
    name: "Business",
    priceCents: 14900,
    monthlyMinutes: -1,
    contactLimit: -1,
    features: [
      "Unlimited minutes",
      "CSV spreadsheet import",
      "Unlimited contacts",
      "Custom AI agent",
      "Bulk calling",
      "Priority support",
    ],
  },
};

export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;
}

/** Every plan an account can be on: the four subscription plans and the two sign-up plans. */
export const PLAN_IDS = ["free", "basic", "pro", "premium", "personal", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plans the subscription screen offers as cards ("Subscription"). */
export const SUBSCRIPTION_PLAN_IDS = ["free", "basic", "pro", "premium"] as const satisfies readonly PlanId[];
/** The sign-up plans, also on offer from the subscription screen. */
export const SIGNUP_PLAN_IDS = ["personal", "business"] as const satisfies readonly PlanId[];

/**
 * Every plan from least to most: each step includes everything the one below
 * it does, and more, and costs more. The subscription screen shows the plans in this order.
 */
export const PLAN_LADDER = [
  "free",
  "basic",
  "personal",
  "pro",
  "premium",
  "business",
] as const satisfies readonly PlanId[];

/** "Plan definition": -1 means unlimited. Limits are per calendar month. */
export type PlanFeatures = {
  monthlyMinutes: number;
  callScreeningLimit: number;
  transcriptionLimit: number;
  hasAds: boolean;
  hasPrioritySupport: boolean;
  hasAdvancedAnalytics: boolean;
};

/** What the server lets a plan do; checked by the server, shown by the screens. */
export type PlanAccess = {
  /** Creating and using cloned voices: every plan but free. */
  voiceCloning: boolean;
  /** CSV import and bulk calling: pro and every plan above it (names business and pro). */
  businessFeatures: boolean;
  /** Advanced analytics: pro and every plan above it (names pro and premium). */
  advancedAnalytics: boolean;
  /** Priority support: premium and business (says premium; the business offer includes it). */
  prioritySupport: boolean;
};
export type PlanFeatureKey = keyof PlanAccess;

export const UNLIMITED = -1;

export type PlanDefinition = {
  id: PlanId | EnterprisePlan["id"];
  name: string;
  /** US dollars a month ("prices come from the server"). */
  price: number;
  priceCents: number;
  interval: "month";
  popular: boolean;
  group: "subscription" | "signup";
  description: string;
  /** The lines the plan's card lists. */
  highlights: string[];
  features: PlanFeatures;
  access: PlanAccess;
  /** Contacts the plan keeps; -1 unlimited. */
  contactLimit: number;
  /** Calls handled at the same time; -1 unlimited. */
  concurrentCalls: number;
};

function plan(definition: Omit<PlanDefinition, "price" | "interval">): PlanDefinition {
  return { ...definition, price: definition.priceCents / 100, interval: "month" };
}

const access = (voiceCloning: boolean, businessFeatures: boolean, analytics: boolean, support: boolean) => ({
  voiceCloning,
  businessFeatures,
  advancedAnalytics: analytics,
  prioritySupport: support,
});

/** The server's plan catalogue; the single source for limits, gating and the screens' figures. */
export const PLANS: Record<PlanId, PlanDefinition> = {
  free: plan({
    id: "free",
    name: "Free",
    priceCents: 0,
    popular: false,
    group: "subscription",
    description: "Try call screening on a few calls a month.",
    highlights: [
      "60 minutes a month",
      "30 screened calls",
      "10 transcriptions",
      "Up to 25 contacts",
      "Ad-supported",
    ],
    features: {
      monthlyMinutes: 60,
      callScreeningLimit: 30,
      transcriptionLimit: 10,
      hasAds: true,
      hasPrioritySupport: false,
      hasAdvancedAnalytics: false,
    },
    access: access(false, false, false, false),
    contactLimit: 25,
    concurrentCalls: 1,
  }),
  basic: plan({
    id: "basic",
    name: "Basic",
    priceCents: 999,
    popular: false,
    group: "subscription",
    description: "For a personal line with regular calls.",
    highlights: [
      "Everything in Free, plus:",
      "300 minutes a month",
      "150 screened calls",
      "100 transcriptions",
      "Up to 100 contacts",
      "Voice cloning",
      "No ads",
    ],
    features: {
      monthlyMinutes: 300,
      callScreeningLimit: 150,
      transcriptionLimit: 100,
      hasAds: false,
      hasPrioritySupport: false,
      hasAdvancedAnalytics: false,
    },
    access: access(true, false, false, false),
    contactLimit: 100,
    concurrentCalls: 1,
  }),
  pro: plan({
    id: "pro",
    name: "Pro",
    priceCents: 3900,
    popular: true,
    group: "subscription",
    description: "For busy professionals and small teams.",
    highlights: [
      "Everything in Personal, plus:",
      "1,000 minutes a month",
      "Unlimited contacts",
      "CSV import and bulk calling",
      "Advanced analytics",
      "3 calls at the same time",
    ],
    features: {
      monthlyMinutes: 1000,
      callScreeningLimit: UNLIMITED,
      transcriptionLimit: UNLIMITED,
      hasAds: false,
      hasPrioritySupport: false,
      hasAdvancedAnalytics: true,
    },
    access: access(true, true, true, false),
    contactLimit: UNLIMITED,
    concurrentCalls: 3,
  }),
  premium: plan({
    id: "premium",
    name: "Premium",
    priceCents: 7900,
    popular: false,
    group: "subscription",
    description: "Everything unlimited, with priority support.",
    highlights: [
      "Everything in Pro, plus:",
      "Unlimited minutes",
      "Priority support",
      "5 calls at the same time",
    ],
    features: {
      monthlyMinutes: UNLIMITED,
      callScreeningLimit: UNLIMITED,
      transcriptionLimit: UNLIMITED,
      hasAds: false,
      hasPrioritySupport: true,
      hasAdvancedAnalytics: true,
    },
    access: access(true, true, true, true),
    contactLimit: UNLIMITED,
    concurrentCalls: 5,
  }),
  personal: plan({
    id: "personal",
    name: SIGNUP_PLAN_DETAILS.personal.name,
    priceCents: SIGNUP_PLAN_DETAILS.personal.priceCents,
    popular: false,
    group: "signup",
    description: "Your own assistant for your personal number.",
    highlights: [
      "Everything in Basic, plus:",
      "500 monthly minutes",
      "Unlimited screened calls",
      "Unlimited transcriptions",
      "Email support",
      "2 calls at the same time",
    ],
    features: {
      monthlyMinutes: SIGNUP_PLAN_DETAILS.personal.monthlyMinutes,
      callScreeningLimit: UNLIMITED,
      transcriptionLimit: UNLIMITED,
      hasAds: false,
      hasPrioritySupport: false,
      hasAdvancedAnalytics: false,
    },
    access: access(true, false, false, false),
    contactLimit: SIGNUP_PLAN_DETAILS.personal.contactLimit,
    concurrentCalls: 2,
  }),
  business: plan({
    id: "business",
    name: SIGNUP_PLAN_DETAILS.business.name,
    priceCents: SIGNUP_PLAN_DETAILS.business.priceCents,
    popular: false,
    group: "signup",
    description: "A custom AI agent for your business line.",
    highlights: ["Everything in Premium, plus:", "Custom AI agent", "10 calls at the same time"],
    features: {
      monthlyMinutes: SIGNUP_PLAN_DETAILS.business.monthlyMinutes,
      callScreeningLimit: UNLIMITED,
      transcriptionLimit: UNLIMITED,
      hasAds: false,
      hasPrioritySupport: true,
      hasAdvancedAnalytics: true,
    },
    access: access(true, true, true, true),
    contactLimit: SIGNUP_PLAN_DETAILS.business.contactLimit,
    concurrentCalls: 10,
  }),
};

/** The parts of a plan that say what it includes (a PlanDefinition, or the API's PlanOut). */
export type PlanOffer = Pick<PlanDefinition, "features" | "access" | "contactLimit" | "concurrentCalls">;

/** What a plan includes that is counted; -1 is unlimited. More is better on every one. */
export const PLAN_ALLOWANCES: { label: string; amount: (plan: PlanOffer) => number }[] = [
  { label: "Call minutes a month", amount: (p) => p.features.monthlyMinutes },
  { label: "Screened calls a month", amount: (p) => p.features.callScreeningLimit },
  { label: "Transcriptions a month", amount: (p) => p.features.transcriptionLimit },
  { label: "Contacts", amount: (p) => p.contactLimit },
  { label: "Calls at the same time", amount: (p) => p.concurrentCalls },
];

/** What a plan includes or not. */
export const PLAN_INCLUSIONS: { label: string; has: (plan: PlanOffer) => boolean }[] = [
  { label: "No ads", has: (p) => !p.features.hasAds },
  { label: "Voice cloning", has: (p) => p.access.voiceCloning },
  { label: "CSV import and bulk calling", has: (p) => p.access.businessFeatures },
  { label: "Advanced analytics", has: (p) => p.access.advancedAnalytics },
  { label: "Priority support", has: (p) => p.access.prioritySupport },
];

const asCount = (amount: number) => (amount === UNLIMITED ? Number.POSITIVE_INFINITY : amount);

/** True when `a` includes at least as much of everything as `b` does. */
export function includesEverythingIn(a: PlanOffer, b: PlanOffer): boolean {
  return (
    PLAN_ALLOWANCES.every(({ amount }) => asCount(amount(a)) >= asCount(amount(b))) &&
    PLAN_INCLUSIONS.every(({ has }) => has(a) || !has(b))
  );
}

/** True when `a` includes everything `b` does and something more. */
export function includesMoreThan(a: PlanOffer, b: PlanOffer): boolean {
  return includesEverythingIn(a, b) && !includesEverythingIn(b, a);
}

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** Every plan a workspace can be on: the listed plans and the enterprise plans. */
export type AnyPlanId = PlanId | EnterprisePlan["id"];

export function isEnterprisePlanId(value: string): value is EnterprisePlan["id"] {
  return ENTERPRISE_PLANS.some((plan) => plan.id === value);
}

/** The plan of that id, listed or enterprise, or null for an id that names no plan. */
export function knownPlan(planId: string): PlanDefinition | null {
  if (isPlanId(planId)) return PLANS[planId];
  return isEnterprisePlanId(planId) ? planFor(planId) : null;
}

/** The plan an account's stored plan type means; anything unknown is treated as free. */
export function planFor(planType: string): PlanDefinition {
  if (isPlanId(planType)) return PLANS[planType];
  const enterprise = ENTERPRISE_PLANS.find((candidate) => candidate.id === planType);
  return enterprise ? enterprisePlan(enterprise) : PLANS.free;
}

/**
 * An enterprise plan as a plan definition: everything the Business plan includes
 * (unlimited minutes and contacts, every feature), at the enterprise plan's price and with its
 * concurrent calls. A workspace the platform put on one is never held to the Free plan's limits.
 */
function enterprisePlan(enterprise: EnterprisePlan): PlanDefinition {
  const concurrent =
    enterprise.concurrentCalls === UNLIMITED
      ? "Unlimited concurrent calls"
      : `${enterprise.concurrentCalls} concurrent calls`;
  return {
    ...PLANS.business,
    id: enterprise.id,
    name: `Enterprise ${enterprise.name}`,
    priceCents: enterprise.priceCents,
    price: enterprise.priceCents / 100,
    popular: false,
    description: "Enterprise calling with dedicated capacity.",
    highlights: [
      concurrent,
      ...PLANS.business.highlights.filter((line) => !/at the same time|concurrent/i.test(line)),
    ],
    concurrentCalls: enterprise.concurrentCalls,
  };
}

/** The plans that include a feature, by name, for refusal messages ("Basic, Pro, Premium, Personal or Business"). */
export function plansWith(feature: PlanFeatureKey): PlanDefinition[] {
  return PLAN_IDS.map((id) => PLANS[id]).filter((p) => p.access[feature]);
}

export const FEATURE_NAMES: Record<PlanFeatureKey, string> = {
  voiceCloning: "voice cloning",
  businessFeatures: "CSV import and bulk calling",
  advancedAnalytics: "advanced analytics",
  prioritySupport: "priority support",
};

/** "Pro, Premium or Business": names as a person lists them. */
export function listNames(names: readonly string[], last: "and" | "or"): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} ${last} ${names.at(-1)}` : (names[0] ?? "");
}

/** The refusal every gated route answers with (402), naming the plans that include the feature. */
export function featureRefusal(feature: PlanFeatureKey, current: PlanDefinition): string {
  const list = listNames(
    plansWith(feature).map((p) => p.name),
    "or",
  );
  return `The ${current.name} plan does not include ${FEATURE_NAMES[feature]}. Upgrade to ${list} to use it.`;
}

/** The plans that keep more than `limit` contacts (-1 counts as more than any), cheapest first. */
export function plansWithMoreContacts(limit: number): PlanDefinition[] {
  return PLAN_IDS.map((id) => PLANS[id])
    .filter((p) => limit !== UNLIMITED && (p.contactLimit === UNLIMITED || p.contactLimit > limit))
    .sort((a, b) => a.priceCents - b.priceCents);
}

/**
 * The refusal (402) when adding contacts would pass the plan's limit, on every path that adds
 * them (the form, an import, saving leads): "The Personal plan keeps up to 100 contacts. Upgrade
 * to Pro, Premium or Business to add more."
 */
export function contactLimitRefusal(current: PlanDefinition): string {
  const more = listNames(
    plansWithMoreContacts(current.contactLimit).map((p) => p.name),
    "or",
  );
  return `The ${current.name} plan keeps up to ${current.contactLimit} contacts. Upgrade to ${more} to add more.`;
}

/** The enterprise plans (per month; -1 concurrent calls is unlimited). */
export const ENTERPRISE_PLANS = [
  { id: "enterprise_starter", name: "Starter", priceCents: 30000, concurrentCalls: 100, popular: false },
  { id: "enterprise_pro", name: "Pro", priceCents: 80000, concurrentCalls: 500, popular: true },
  { id: "enterprise_scale", name: "Scale", priceCents: 150000, concurrentCalls: 1000, popular: false },
  {
    id: "enterprise_ultimate",
    name: "Ultimate",
    priceCents: 200000,
    concurrentCalls: UNLIMITED,
    popular: false,
  },
] as const;
export type EnterprisePlan = (typeof ENTERPRISE_PLANS)[number];

/** Usage bars: -1 reads Unlimited, the percentage is capped at 100. */
export function usagePercent(used: number, limit: number): number {
  if (limit === UNLIMITED) return 0;
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}
