import MiniSearch from "minisearch";
import { startsAQuestion } from "./acts";

/**
 * What the assistant knows about the business it speaks for, and the one answer a caller's
 * question gets from it. The facts are the agent's knowledge base, the script's business rules,
 * the business's own description and hours: each line (or sentence) one document, ranked by
 * BM25 (MiniSearch) against the question, with the words people use for the same thing folded
 * together ("cost", "price", "how much"). When nothing answers, the assistant says so: it never
 * makes an answer up.
 */

export type Fact = {
  text: string;
  /** Where it came from: the agent's own knowledge outranks a script's general rules. */
  source: "agent" | "script" | "business";
};

export type KnowledgeAnswer = {
  fact: string;
  /** The question asked about a price, and the fact names none (the reply offers to find out). */
  priceUnknown: boolean;
};

const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could do does did for from had has have how i if in is it its " +
    "me my of on or our please so that the their them there they this to us was we what when where which " +
    "who why will with would you your yes no hi hello hey just about any some want need like know tell " +
    "get got much many also then than too very really still ever there's it's what's i'm you're we're " +
    "im youre were okay ok um uh well maybe kind sort thing things one ones much guys guy folks " +
    "again just even actually really still also those these that's there's give gives take go " +
    "today tomorrow tonight time morning afternoon evening week month year day now " +
    "next last soon later ever yet per some any top all lot bit little extra other another else every " +
    "each own same such too only both either whether though although because since while until unless " +
    "around over under into onto off out able gonna wanna gotta let lets mean means sure stuff"
  ).split(" "),
);

/**
 * Words callers and business owners use for the same thing. A question's word is searched as its
 * whole group, so "what do you charge" finds "Inspections cost $99".
 */
const SAME_THING: string[][] = [
  [
    "price",
    "cost",
    "charge",
    "fee",
    "rate",
    "pay",
    "dollar",
    "expensive",
    "cheap",
    "cheapest",
    "afford",
    "$",
  ],
  ["price", "pricing", "quote", "free", "$"],
  ["open", "close", "closing", "opening", "weekend", "monday", "friday", "saturday", "sunday", "pm"],
  ["where", "address", "location", "located", "directions", "office", "shop", "store"],
  ["discount", "deal", "offer", "promotion", "coupon", "special", "sale"],
  ["warranty", "guarantee", "guaranteed", "refund", "money-back"],
  ["install", "installation", "setup", "set", "hook", "connect"],
  ["insurance", "insured", "licensed", "license", "bonded", "certified"],
  ["appointment", "booking", "book", "schedule"],
  ["speed", "fast", "faster", "fastest", "slow", "slower", "mbps", "gbps", "meg", "megs", "gig", "bandwidth"],
  ["contract", "commitment", "cancel", "cancellation", "term"],
  ["emergency", "urgent", "after-hours", "24/7", "night"],
  ["financing", "finance", "payment", "installment", "monthly"],
  ["visit", "trip", "callout", "call-out", "come", "diagnostic", "look", "check", "inspect"],
  ["fix", "repair", "mend", "service"],
  ["advice", "advise", "recommend", "should"],
  ["advice", "medical", "medication", "medicine", "dose", "dosage", "symptom", "prescription", "refill"],
  ["advice", "medication", "fever", "ibuprofen", "tylenol", "aspirin", "antibiotic", "painkiller"],
  ["area", "serve", "service area", "mile", "far", "distance", "radius", "cover"],
  ["private", "privacy", "confidential", "confidentiality", "secret", "discreet"],
  ["park", "parking", "garage"],
  ["long", "hour", "minute", "duration", "length"],
  ["wait", "window", "arrival", "arrive", "ahead", "eta"],
  ["plan", "package", "tier", "option"],
  ["password", "reset", "locked", "lockout", "account", "login", "log-in", "sign-in", "access"],
  ["internet", "wifi", "wi-fi", "connection", "router", "network", "online", "modem"],
  ["commercial", "restaurant", "retail", "warehouse", "storefront", "industrial"],
  [
    "gluten",
    "gluten-free",
    "celiac",
    "allergy",
    "allergen",
    "vegan",
    "vegetarian",
    "dairy",
    "diet",
    "dietary",
  ],
];

/** Each word's group (its stem too); a word in two groups takes both. */
const GROUP_OF = new Map<string, string[]>();
for (const group of SAME_THING)
  for (const word of group)
    for (const key of [word, stem(word)])
      GROUP_OF.set(key, [...new Set([...(GROUP_OF.get(key) ?? []), ...group])]);

const PRICE_QUESTION =
  /\b(?:how much|price|prices|pricing|cost|costs|charge|charges|fee|fees|rate|rates|quote|expensive|cheap|afford|what do you charge|what does it run)\b/i;
const NAMES_A_PRICE =
  /\$|\b(?:free|no charge|no cost|dollars?|cents?|per (?:hour|month|visit|year)|\d+ ?(?:usd|bucks))\b/i;

/** A word as indexed: lower case, possessive and plural endings off. */
function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, "");
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && /(?:ch|sh|x|ss|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 8 && w.endsWith("ation")) w = w.slice(0, -5);
  else if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  // "adding" and "stopped" lose the doubled consonant the ending brought.
  if (w.length > 3 && /([bdgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** British spellings read as American ones, so "fibre" finds "fiber". */
const SPELLINGS: [RegExp, string][] = [
  // "Do you look at roofs for nothing?" asks whether it is free.
  [/\b(?:for nothing|no charge|free of charge|without charge|at no cost|no cost)\b/g, "free"],
  [/\bfibre\b/g, "fiber"],
  [/\bcentre\b/g, "center"],
  [/\bcolour\b/g, "color"],
  [/\borganis/g, "organiz"],
  [/\blicence\b/g, "license"],
];
const UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  a: 1,
};

/** Numbers said in words ("five hundred", "a thousand") as the digits a fact writes. */
function spokenNumbers(text: string): string {
  return text.replace(
    /\b(a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|sixty) (hundred|thousand)\b/g,
    (_, unit: string, scale: string) => String((UNITS[unit] ?? 1) * (scale === "hundred" ? 100 : 1000)),
  );
}

/**
 * What a text is about though it names it in other words: a duration ("how long", "takes about
 * an hour"), opening hours ("what are your hours?"), a fault ("isn't working", "down since
 * Monday"). The marker is indexed and searched like a word.
 */
const TOPICS: [marker: string, RegExp][] = [
  [
    "duration",
    /\bhow long\b|\bhow much time\b|\btakes? (?:about |around |roughly |up to |usually |only )*(?:an?|one|two|three|\d+)\b[^.;]*?\b(?:minutes?|hours?|days?|weeks?)\b|\blasts? (?:about |around )?(?:an?|\d+)\b|\bwithin (?:an?|one|two|three|four|five|\d+) (?:business |working )?(?:minutes?|hours?|days?|weeks?)\b/,
  ],
  [
    "open",
    /\b(?:your|the|business|opening|office|store|shop|support|summer|holiday|weekend) hours\b|\bwhat time do you (?:open|close)\b|\bwhen (?:are|do) you (?:open|close)\b/,
  ],
  ["parking", /\bpark(?:ing|ed)?\b|\b(?:leave|put|keep) (?:the|my|our|his|her|a) (?:car|vehicle|truck)\b/],
  [
    "financing",
    /\bfinanc\w*|\bpayment plans?\b|\binstall?ments?\b|\bmonthly payments?\b|\bpay (?:(?:a )?little (?:bit )?|it off )?(?:every|each|per|by the|a) month\b/,
  ],
  [
    "problem",
    /\bred light\b|\bblinking\b|\bwon'?t (?:show|work|load|connect|turn on|come on)\b|\bno (?:signal|internet|service|connection|picture|dial tone)\b|\bkeeps? (?:dropping|droppin'?|cutting out|disconnecting|going out|crashing|freezing)\b|\b(?:is|are|isn't|aren't|is not|'s|been|went|gone|keeps going) (?:down|out|offline|dead|broken)\b|(?:\bnot|n't|\bstopped|\bcannot) (?:working|work|connecting|connect|loading|load|turning on|turn on)\b|\boutages?\b|\bproblems?\b|\btrouble\b/,
  ],
];

/** The markers as indexed (stemmed: "financing" is "financ"), as the question's terms are. */
const TOPIC_MARKERS = TOPICS.map(([marker]) => stem(marker));

const tokenize = (text: string) => {
  const clean = SPELLINGS.reduce((out, [re, us]) => out.replace(re, us), spokenNumbers(text.toLowerCase()));
  const words = clean.match(/\$|[a-z0-9][a-z0-9'/-]*/g) ?? [];
  // "money-back" is also "money" and "back", so "can I get my money back?" finds it.
  const parts = words.flatMap((word) => (word.includes("-") ? word.split("-").filter(Boolean) : []));
  const topics = TOPICS.filter(([, pattern]) => pattern.test(clean)).map(([marker]) => marker);
  return [...words, ...parts, ...topics];
};

function indexTerm(term: string): string | null {
  const word = stem(term);
  return STOPWORDS.has(term.toLowerCase()) || (word.length < 2 && word !== "$") ? null : word;
}

function queryTerms(term: string): string[] | null {
  const word = indexTerm(term);
  if (!word) return null;
  const group = GROUP_OF.get(word) ?? GROUP_OF.get(term.toLowerCase());
  return group ? [...new Set([word, ...group.map(stem)])] : [word];
}

/** Splits a knowledge text into facts: its lines, and long lines into sentences. */
export function factsOf(text: string | null | undefined, source: Fact["source"]): Fact[] {
  const out: Fact[] = [];
  for (const line of (text ?? "").split(/\r?\n/)) {
    const trimmed = line.replace(/^[\s*•\-–\d.)]+/, "").trim();
    if (!trimmed) continue;
    const sentences =
      trimmed.length > 220 ? (trimmed.match(/[^.!?]+[.!?]+["')]*|[^.!?]+$/g) ?? [trimmed]) : [trimmed];
    for (const sentence of sentences) {
      const clean = sentence.trim();
      if (clean.length > 2) out.push({ text: clean, source });
    }
  }
  return out;
}

export type Knowledge = {
  readonly size: number;
  /**
   * The fact that answers `question`, or null when none does. A statement ("I need a refill")
   * must share more with the fact than a question does.
   */
  answer(question: string, kind?: "question" | "statement"): KnowledgeAnswer | null;
};

/** Words of every subject: sharing one with a fact says little about which fact is meant. */
const WEAK_WORDS = new Set(
  "case thing way work job place people person home house family kind type part side name number call question help matter".split(
    " ",
  ),
);

/**
 * A fact about a special case ("emergency after-hours visits cost $150") answers a question about
 * that case, not the everyday one ("what do you charge to come out?") when another fact fits.
 */
const SPECIAL_CASE =
  /\b(?:emergenc(?:y|ies)|urgent|after[- ]hours|overnight|nights?|weekends?|holidays?|commercial|same[- ]day)\b/i;
const SPECIAL_CASE_WEIGHT = 0.7;

/** The agent's own knowledge first; the business's description (a general blurb) last. */
const SOURCE_BOOST: Record<Fact["source"], number> = { agent: 1.5, script: 1, business: 0.6 };

/** "Your cheapest plan": of the facts that answer, the one with the lowest price. */
const LOWEST_PRICE =
  /\b(?:cheapest|least expensive|lowest[- ]priced?|most affordable|lowest cost|basic (?:plan|package))\b/i;
/** "What plans do you have?": the answer is the offers, each with its price. */
const ASKS_FOR_THE_OFFERS =
  /\b(?:what|which) (?:kinds? of |types? of |sorts? of )?(?:plans|packages|tiers|memberships|speeds)\b|\bwhat (?:are|'re) (?:your|the) (?:plans|packages|options|tiers|prices|rates)\b|\b(?:tell me about|go over|run me through) (?:your|the) (?:plans|packages|tiers)\b/i;
/** A clause pricing something on top of an offer ("the equipment is $13 a month", "TV is $40 more"). */
const EXTRA =
  /\b(?:equipment|installation|install|delivery|shipping|setup|activation|deposit|fees?|tax|rental|late|more|extra|adding|add-on|on top)\b/i;

/** The prices a fact gives its offers, leaving out what an extra costs. */
function offerPricesIn(text: string): number[] {
  return text
    .split(/[,;]| and (?=the |a |an |[A-Z])/)
    .filter((clause) => !EXTRA.test(clause))
    .flatMap((clause) => [...clause.matchAll(/\$\s?(\d+(?:\.\d+)?)/g)].map((m) => Number(m[1])));
}
const lowestOffer = (text: string) => Math.min(...offerPricesIn(text), Number.POSITIVE_INFINITY);

/**
 * Where one question ends and the next begins in a turn asking two ("how much to cancel, and are
 * you open Saturdays?"): a question mark, or "and"/a comma before words that open a question.
 */
const NEXT_QUESTION =
  /(?<=\?)\s*|[,;]?\s+(?:and|also|plus|oh and)\s+(?:like\s+|actually\s+|also\s+)?(?=(?:is|are|do|does|did|can|could|will|would|what|what's|whats|how|when|where|which|who|y'?all)\b)|,\s*(?=(?:is|are|do|does|can|what|what's|whats|how|when|where|which)\b)/i;

/**
 * The questions a turn asks, each on its own; the whole turn when it asks one, or when a part is
 * no question ("I called in a refill, how long does that take?" asks one thing).
 */
export function questionParts(text: string): string[] {
  const isQuestion = (part: string) => part.endsWith("?") || startsAQuestion(part);
  const parts: string[] = [];
  let allQuestions = true;
  let opening = "";
  for (const piece of text.split(NEXT_QUESTION)) {
    const part = piece?.trim() ?? "";
    // "Yeah sure, what's the warranty": a few words before a question lead into it.
    if (!isQuestion(part) && part.split(/\s+/).length <= 3) {
      opening = `${opening}${part}, `;
      continue;
    }
    if (contentTerms(part).length > 0) {
      parts.push(`${opening}${part}`);
      allQuestions &&= isQuestion(part);
    }
    opening = "";
  }
  return allQuestions ? parts : [text];
}

export function knowledge(facts: readonly Fact[]): Knowledge {
  const unique = [...new Map(facts.map((fact) => [fact.text.toLowerCase(), fact])).values()];
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ["text"],
    storeFields: [],
    tokenize,
    processTerm: indexTerm,
    searchOptions: { processTerm: queryTerms, fuzzy: (term) => (term.length >= 6 ? 0.2 : false) },
  });
  index.addAll(unique.map((fact, id) => ({ id, text: fact.text })));
  const factTerms = unique.map(
    (fact) =>
      new Set(
        tokenize(fact.text)
          .map(indexTerm)
          .filter((term): term is string => term !== null),
      ),
  );

  // How many facts each word is in: a word only one fact has says which fact is meant.
  const factsWith = new Map<string, number>();
  for (const terms of factTerms)
    for (const term of terms) factsWith.set(term, (factsWith.get(term) ?? 0) + 1);

  const answerOne = (question: string, kind: "question" | "statement"): KnowledgeAnswer | null => {
    if (unique.length === 0) return null;
    const asked = new Set(
      tokenize(question)
        .map(indexTerm)
        .filter((term): term is string => term !== null),
    );
    if (asked.size === 0) return null;
    const hits = index.search(question, { combineWith: "OR" });
    // Ranked by how much of the question a fact covers (a word it says itself counts more than
    // one of its group), then by BM25.
    let best: { fact: Fact; coverage: number; score: number } | null = null;
    const candidates: { fact: Fact; coverage: number; score: number }[] = [];
    for (const hit of hits) {
      const fact = unique[hit.id as number];
      const terms = factTerms[hit.id as number];
      if (!fact || !terms) continue;
      // Enough of the question must be in the fact: one word of a one- or two-word question,
      // else two (a statement sharing a single common word with a fact is not answered by it).
      let covered = 0;
      let coverage = 0;
      let telling = 0;
      for (const word of asked) {
        const found = (queryTerms(word) ?? [word]).filter((term) => terms.has(term));
        if (found.length === 0) continue;
        covered++;
        // A topic shared ("financing" in "pay a little every month") outweighs a common word.
        coverage += TOPIC_MARKERS.includes(word) ? 3 : terms.has(word) ? 1 : 0.6;
        // A word only one fact has says which fact is meant, unless it is a word of every
        // subject ("case", "work"): "do you handle immigration cases?" is not about "your case".
        if (found.some((term) => factsWith.get(term) === 1) && unique.length > 1 && !WEAK_WORDS.has(word))
          telling++;
      }
      const needed = asked.size <= 2 ? 1 : 2;
      // A question naming the one thing a single fact is about ("are my lab results back?") is
      // answered by it; a statement must share at least two words and half of its own.
      // A topic marker shared (a fault, a duration) says much, however long the statement.
      const sharesTopic = TOPIC_MARKERS.some((marker) => asked.has(marker) && terms.has(marker));
      const enough =
        kind === "statement"
          ? covered >= 2 && (covered * 3 >= asked.size || sharesTopic)
          : covered >= needed || telling >= 1;
      if (!enough) continue;
      const special = SPECIAL_CASE.test(fact.text) && !SPECIAL_CASE.test(question) ? SPECIAL_CASE_WEIGHT : 1;
      const candidate = {
        fact,
        coverage: coverage * SOURCE_BOOST[fact.source] * special,
        score: hit.score * SOURCE_BOOST[fact.source],
      };
      candidates.push(candidate);
      if (
        !best ||
        candidate.coverage > best.coverage ||
        (candidate.coverage === best.coverage && candidate.score > best.score)
      )
        best = candidate;
    }
    if (ASKS_FOR_THE_OFFERS.test(question)) {
      const offers = unique.filter((fact) => offerPricesIn(fact.text).length > 0);
      if (offers.length >= 2)
        return {
          fact: offers
            .slice(0, 3)
            .map((fact) => fact.text)
            .join(" "),
          priceUnknown: false,
        };
    }
    if (best && LOWEST_PRICE.test(question)) {
      // Of the priced facts about what was asked ("membership", not the locker), the lowest.
      const priced = candidates.filter((c) => Number.isFinite(lowestOffer(c.fact.text)));
      const mostCovered = Math.max(...priced.map((c) => c.coverage));
      const onTopic = priced.filter((c) => c.coverage >= mostCovered - 1e-9);
      if (onTopic.length)
        best = onTopic.reduce((low, c) => (lowestOffer(c.fact.text) < lowestOffer(low.fact.text) ? c : low));
    }
    if (!best) return null;
    return {
      fact: best.fact.text,
      priceUnknown: PRICE_QUESTION.test(question) && !NAMES_A_PRICE.test(best.fact.text),
    };
  };

  return {
    size: unique.length,
    answer(question, kind = "question") {
      const parts = kind === "question" ? questionParts(question) : [];
      if (parts.length < 2) return answerOne(question, kind);
      // Two questions in one breath: each answered, a price nobody wrote said to be unknown.
      const found = parts.map((part) => answerOne(part, kind));
      const known = [...new Set(found.flatMap((a) => (a && !a.priceUnknown ? [a.fact] : [])))];
      if (known.length === 0) return answerOne(question, kind);
      return { fact: known.join(" "), priceUnknown: found.some((a) => a?.priceUnknown) };
    },
  };
}

/** The words of a question that could match a fact (stopwords and fillers left out). */
export function contentTerms(text: string): string[] {
  return tokenize(text)
    .map(indexTerm)
    .filter((term): term is string => term !== null);
}

/** Whether a question asks what something costs. */
export function asksPrice(question: string): boolean {
  return PRICE_QUESTION.test(question);
}
