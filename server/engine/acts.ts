/**
 * What a turn does, as opposed to what it is about: the dialogue acts a person on the phone
 * answers before anything else ("take me off your list", "wrong number", "are you a robot?",
 * "I smell gas", "bye", "call me back tomorrow", "not interested", "how much is it?"). The
 * classifier (analyze.ts) says what a caller's call is about; these say what the caller wants
 * done with this one turn. Pure, and cheap: a few regular expressions over the normalised text.
 *
 * The patterns are written for the ways people say these things in general (many wordings,
 * contractions with and without apostrophes, fillers), never for particular recorded calls.
 */

/** Lower case, straight apostrophes, spoken fillers and repeated spaces gone; punctuation kept. */
export function normalizeUtterance(text: string): string {
  return ` ${text}`
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\b(um+|uh+|uhm|erm|hmm+|mm+|er)\b[,.]?/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** "don't", "dont" and "do not" read alike. */
const NOT = (word: string) => `(?:${word}n'?t|${word} not)`;
const DONT = NOT("do");
const DOESNT = NOT("does");
const CANT = "(?:can'?t|cannot|can not)";
const IM = "(?:i'?m|i am)";
const WERE = "(?:we'?re|we are)";
const ME_US = "(?:me|us|my number|this number|our number|my phone|this phone|my (?:cell|mobile))";

const STOP_CALLING = new RegExp(
  [
    `\\b(?:take|remove|delete|drop|scratch|get|cross) (?:me|us|my (?:number|name|info|details)|this (?:number|phone)|our (?:number|name)) (?:off|from|out of)\\b`,
    `\\b(?:remove|delete|erase|lose|forget) ${ME_US}\\b`,
    `\\b(?:stop|quit|cease|no more|enough) (?:callin'?g?|ringing|phoning|bothering|contacting|harassing)\\b`,
    // "Don't call me again", but not "don't call me before noon" (a time to call, not a stop).
    `\\b(?:${DONT}|never|please ${DONT}) (?:ever )?(?:call|ring|phone|contact|bother) (?:me|us|here|this number|this line|again|anymore|any more)\\b(?! (?:before|after|until|till|at|during|between|in the|on (?:the )?(?:weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|so early|so late|this early|that early))`,
    `\\b${DONT} want to be (?:called|contacted|phoned)\\b`,
    `\\bno more (?:calls|phone calls)\\b`,
    `\\b(?:off|from) (?:your|the) (?:call(?:ing)?|phone|contact|mailing) list\\b`,
    `\\b${DONT} want (?:any more|anymore|more|your|these|any) (?:calls|phone calls)\\b`,
    `\\bdo[- ]not[- ]call (?:list|registry|register)\\b`,
    `\\b(?:put|add|place) (?:me|us|my number|this number) (?:on|to) (?:your|the|a) (?:do[- ]not[- ]call|dnc|no[- ]call)\\b`,
    `\\b(?:unsubscribe|opt (?:me )?out)\\b`,
    `\\bnever call (?:me|us|here|this number|again)\\b`,
    `\\b${IM} on the (?:national )?(?:do[- ]not[- ]call|dnc)\\b`,
    `\\b(?:${DONT}|never) (?:call|contact) (?:me|us) (?:again|ever)\\b`,
    // "If you call me one more time I'm reporting you": a stop said as a threat.
    `\\b(?:this is|that'?s|it'?s) harass(?:ment|ing)\\b|\\b(?:report(?:ing)?|sue|suing) (?:you|your company)\\b`,
    `\\bif you (?:call|ring|contact) (?:me|us|here) (?:one more time|again|ever again)\\b`,
    `\\bforget (?:you (?:ever )?had |about )?(?:this|my|our) (?:number|phone)\\b|\\blose (?:this|my|our) number\\b`,
    `\\bno more (?:call|calling|phone call)\\b(?! (?:today|now|this))`,
    `\\b(?:not|never|stop) (?:to )?(?:ring|call|phone) (?:this|my|our) (?:number|phone|house)(?: (?:again|anymore|any more|ever))?\\b`,
    `\\b(?:prefer|rather|like) not to (?:get|receive|have) (?:these|any|your|such) (?:calls|phone calls)\\b`,
    `\\b(?:i|we) (?:not|don'?t|do not) want (?:these |your |any )?(?:call|calls)\\b`,
  ].join("|"),
);

const WRONG_NUMBER = new RegExp(
  [
    `\\bwrong (?:number|person|house|guy|lady|line)\\b`,
    `\\b(?:there'?s|there is) no(?:body| one|one)? (?:here )?(?:by|with|named|called) (?:that|this|the) name\\b`,
    `\\bno(?:body| one|one) (?:here |lives here )?(?:by|named|called) (?:that name|\\w+)\\b`,
    `\\b(?:there'?s|there is) no \\w+ here\\b`,
    `(?:^|[.!?] )there'?s no (?!point|need|way|problem|rush|hurry|chance|time|money|reason|interest|charge|cost|fee|thanks)\\w+[.!]*(?:$| )`,
    `\\b(?:i|we) (?:just |only )?(?:got|have had|had) (?:this|the) (?:number|phone) (?:for )?(?:a |only |since )?(?:few |couple (?:of )?)?(?:weeks?|months?|days?|last (?:week|month|year))\\b`,
    `\\b(?:there'?s|there is) no(?:body| one)? (?:named |called )?\\w+ (?:at|on) this (?:number|phone|line)\\b`,
    `\\b(?:he|she|they|\\w+) (?:${DOESNT}|${DONT}) (?:live|work|stay) here(?: anymore| any more)?\\b`,
    `\\b(?:this|it) (?:is ?n'?t|is not|isn'?t) (?:\\w+'?s (?:number|phone)|the right number)\\b`,
    `\\b${DONT} know (?:any(?:one|body) (?:by|named|called)|who (?:that|you'?re (?:looking|asking) for))\\b`,
    `\\bnever heard of (?:him|her|them|that (?:person|name|company))\\b`,
    `\\b(?:he|she|they|\\w+) (?:moved (?:out|away)|no longer (?:lives?|works?) here|(?:has|have) moved)\\b`,
    `\\byou(?:'ve| have)? (?:got|dialed|dialled|called|reached) the wrong\\b`,
    `\\b(?:you must have|must be) the wrong (?:number|person)\\b`,
  ].join("|"),
);

const IDENTITY_QUESTION = new RegExp(
  [
    `\\b(?:are|r) (?:you|u|ya) (?:a |an )?(?:real )?(?:robot|bot|machine|computer|human|person|ai|a\\.i\\.|recording|automated|real|live person|actual person|automated system|program)\\b`,
    `\\b(?:am i|are we) (?:talk|speak|chatt?)(?:ing|in'?) (?:to|with) (?:a |an )?(?:real |live |actual )?(?:person|human|machine|robot|bot|computer|ai|recording|someone real)\\b`,
    `\\bis (?:this|that) (?:a |an )?(?:real person|human|robot|bot|machine|recording|recorded|automated|computer|ai|live person|actual person)\\b`,
    `\\b(?:is this|is that|this is) (?:an? )?(?:robo ?call|auto ?dialer|automated call)\\b`,
    `\\bare you (?:even )?(?:real|alive|human)\\b`,
    `\\b(?:is there|can i (?:talk|speak) to) (?:a |an )?(?:real |live |actual )?(?:person|human)\\b`,
    `\\b(?:you )?sounds? (?:like|just like) (?:a |an )?(?:robot|computer|machine|bot|recording|ai)\\b`,
    `\\bor (?:one of (?:them|those|these) |some )?(?:a |an )?(?:machine|robot|computer|bot|recording|ai)s?\\b`,
    `\\b(?:am i|are we) (?:speaking|talking) (?:with|to) (?:an? |the )?(?:attorney|lawyer|doctor|nurse|dentist|agent|receptionist|owner|\\w+ herself|\\w+ himself)\\b`,
  ].join("|"),
);

/** What an emergency is, for the advice that comes first. */
export type Emergency =
  | "gas"
  | "fire"
  | "medical"
  | "poison"
  | "carbon_monoxide"
  | "danger"
  | "electrical"
  | "accident"
  | "cyberattack";

const EMERGENCIES: [Emergency, RegExp][] = [
  [
    "gas",
    /\b(?:smell(?:s|ing)? (?:of |like )?(?:gas|natural gas|propane|rotten eggs?)|rotten eggs? (?:smell|odou?r)|(?:think|pretty sure|sure|guess) (?:it'?s|its|it is|there'?s|that'?s) (?:a |some )?(?:gas|propane)\b|gas (?:odou?r|coming (?:out|from))|gas (?:leak|smell|is leaking)|leaking gas|(?:smells?|reeks?|stinks?) (?:of|like) (?:gas|propane)|gas (?:line|pipe) (?:broke|burst|is broken))\b/,
  ],
  [
    "carbon_monoxide",
    /\b(?:carbon monoxide|co (?:alarm|detector)) (?:alarm|detector|is going off|went off|going off)?/,
  ],
  [
    "fire",
    /\b(?:(?:is|are|'s|caught|on|catching) (?:on )?fire|house fire|kitchen fire|fire in (?:the|my|our)|smoke (?:is )?(?:coming|everywhere|pouring|filling)|flames?\b|burning (?:smell|up)|sparks? (?:coming|flying))/,
  ],
  [
    "medical",
    /\b(?:collapsed|fainted|(?:is|he'?s|she'?s|they'?re) (?:not|isn'?t|aren'?t) (?:responding|answering me|breathing right)|(?:had|took) a (?:bad |nasty )?fall\b.{0,40}\b(?:isn'?t|is not|not|can'?t|won'?t|cannot) (?:getting up|get up|moving|move)|fell .{0,30}\b(?:isn'?t|not|can'?t|won'?t|cannot) (?:getting up|get up|moving|move)|(?:face|lips?|tongue|throat|jaw) (?:is |are )?(?:very |really |so )?(?:swollen|swelling|puffed up|big on one side)|(?:can'?t|cannot) open (?:my|his|her) mouth|chest pains?|heart attack|(?:crushing |tight |heavy )?(?:pressure|tightness|squeezing|pain) in (?:his|her|my|the|their) chest|chest (?:is |feels )?(?:tight|crushing|hurting)|(?:arm|face|side|leg) (?:is |went |goes |has gone |feels )?numb|face (?:is )?droop\w*|slurr\w+ (?:his |her |my |their )?(?:speech|words)|(?:won'?t|can'?t|isn'?t|not) wak(?:e|ing) up|turning blue|(?:he'?s|she'?s|is) choking|(?:can'?t|cannot|can not|could ?n'?t) breathe|not breathing|stopped breathing|(?:is |he'?s |she'?s )?unconscious|passed out|(?:having|had) a (?:stroke|seizure)|overdos(?:e|ed|ing)|bleeding (?:badly|a lot|heavily|everywhere)|(?:someone|somebody|he|she|my \w+) (?:is |got |has been |was )?(?:badly )?(?:hurt|injured)|(?:fell|collapsed) and (?:can'?t|cannot|won'?t) (?:get up|move|wake)|severe allergic|allergic reaction|anaphyla\w*|throat (?:is |feels )?(?:closing|tight|swelling)|(?:can'?t|cannot) swallow)\b/,
  ],
  [
    "poison",
    /\b(?:got into|swallowed|ate|drank|took|taken) (?:[\w']+ ){0,4}(?:pills|tablets|medicine|medication|bleach|detergent|pods|cleaner|antifreeze|poison)\b|\bpoison(?:ed|ing)\b|\boverdos(?:e|ed|ing)\b/,
  ],
  [
    "electrical",
    /\bwater (?:is )?(?:coming|pouring|leaking|dripping|running) (?:in )?(?:through|out of|from|into) (?:the |a |my |our )?(?:light|ceiling light|light fixture|lights|outlet|socket|fuse box|electrical panel|breaker box)\b|\bsmoke (?:is )?(?:coming )?(?:from|out of) (?:the |an? |my |our )?(?:outlet|socket|plug|panel|wall|breaker|fuse box)\b|\b(?:outlet|socket|panel|breaker|wire|wires) (?:is |are )?(?:sparking|smoking|melting|buzzing and hot)\b/,
  ],
  [
    "cyberattack",
    /\bransom(?:ware)?\b|\b(?:files|computers?|systems?|data|screens?|server) (?:are |is |have been |has been |got |all )*(?:locked|encrypted|held hostage)\b.{0,60}\b(?:pay|bitcoin|crypto|ransom)\b|\b(?:we'?ve|we have|i'?ve|i have|we|i) (?:been|got|just got) hacked\b/,
  ],
  [
    "accident",
    // Happening now ("I just got in an accident"), not a past one a caller asks about.
    /\b(?:just (?:got |been |was |were |had )?(?:in |into )?(?:an? |a bad |a car )?(?:accident|crash|wreck)|just crashed|(?:accident|crash|wreck) (?:just happened|right now|minutes ago)|(?:i'?m|we'?re|i am|we are) (?:still )?at the (?:scene|accident)|(?:hit|rear[- ]ended) by .{0,30}(?:just now|right now|minutes ago))\b/,
  ],
  [
    "danger",
    /\b(?:(?:someone|somebody) (?:is )?(?:breaking|broke|trying to break) in(?:to)?|break[- ]in (?:right )?now|intruder|threatening (?:me|us) with|has a (?:gun|knife)|electrocuted|live wires?|power lines? (?:down|on the ground))\b/,
  ],
];

const GOODBYE = new RegExp(
  [
    `^(?:ok(?:ay)?|alright|all right|great|perfect|cool|sure)?[ ,.!]*(?:(?:thanks|thank you|cheers)(?: so much| a lot| again)?[ ,.!]*)?(?:bye(?:[- ]bye)?|goodbye|good bye|see (?:you|ya)|talk (?:to you )?(?:later|soon)|take care|have a (?:good|nice|great|lovely) (?:day|one|night|evening|afternoon|weekend))[ .!]*$`,
    `\\b(?:have a (?:good|nice|great|lovely|blessed) (?:one|day|night|evening|weekend)|catch (?:you|ya) later|cheers,? (?:then|mate)|ta[- ]?ra|toodles|toodle[- ]?oo|later,? (?:then|man|dude)|see ya|peace out|(?:ok(?:ay)?|alright|thanks?|thank you|cheers|lovely|great|sweet|perfect)[ ,.!]+(?:bye|later|cheers|ta[- ]?ra))[ .!]*$`,
    `^(?:(?:no,? )?(?:that'?s|that is) (?:all|it|everything)(?: for now| i needed)?|(?:no,? )?nothing else|i(?:'ve| have)? (?:got to|gotta|to|need to|have to) (?:go|run|hang up)|gotta (?:go|run)|i'?ll let you go|that will be all)\\b.*$`,
    `\\b(?:bye(?:[- ]bye)?|goodbye)(?: now| for now| then)?[ .!]*$`,
  ].join("|"),
);

const CALLBACK = new RegExp(
  [
    `\\bcall (?:me|us|him|her|back)\\b.{0,20}\\b(?:back|later|tomorrow|tonight|next|on|at|in|after|before|this|around|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b`,
    `\\bcall (?:me |us )?back\\b`,
    // "Ring me back half 3", "call me quarter to 5": the time straight after, no "at".
    `\\b(?:ring|phone|call|try|buzz|telephone) (?:me|us) (?:back |again )?(?:half|quarter|\\d{1,2}(?::\\d\\d)?(?: ?[ap]\\.?m\\.?)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)\\b`,
    `\\b(?:call|ring|phone|telephone|try) (?:me |us |him |her )?again\\b`,
    `\\b(?:give|gimme) (?:me|us) a (?:call|ring|buzz)\\b`,
    `\\b(?:ring|phone|call|try) (?:me|us) (?:back )?(?:again )?(?:in|around|at|after|before|tomorrow|later|on|this|next|about|closer to)\\b`,
    `\\btry me\\b`,
    `\\b(?:try|ring|reach|catch) (?:me |us )?(?:again |back )?(?:later|tomorrow|another time|next week|some other time|this (?:afternoon|evening)|at|on|after)\\b`,
    `\\b(?:can|could|would) you (?:call|ring|try) (?:me |us )?(?:again |back )?(?:later|tomorrow|another|some other|next|at|on|in)\\b`,
    `\\b(?:not a good|bad|busy|terrible|inconvenient) time\\b`,
    `\\b(?:isn'?t|is not|not) (?:a |really a |exactly a )?(?:good|great|convenient|the best) time\\b`,
    `\\bnot (?:right )?now\\b`,
    `\\b${IM} (?:literally |kinda |kind of |a bit |a little |pretty )?(?:busy|driving|at work|in a meeting|with a (?:customer|client|patient)|in the middle of something|about to (?:go|leave|head)|on (?:the other line|another call))\\b`,
    `\\b${CANT} (?:talk|chat|speak) (?:right )?now\\b|^${CANT} (?:really )?(?:talk|chat|speak)\\b`,
    `\\b(?:another|some other|a better) time\\b`,
    `\\b${IM} (?:literally |just |actually )?(?:walking|heading|going|getting) (?:into|in to|in) (?:a |the |my )?(?:meeting|appointment|class|work|the store)\\b`,
  ].join("|"),
);

/**
 * Someone else answers for the person called: "she's not available", "he's at work, can I take
 * a message?". Not the callee saying they are busy ("I'm at work").
 */
const ANSWERS_FOR_SOMEONE = new RegExp(
  [
    `\\b(?:he|she|they)(?:'s| is| are|'re) (?:not (?:available|here|home|in|around)|out(?: right now| at the moment| today)?|at work|away|asleep|sleeping|in the shower|in a meeting|busy)\\b`,
    `\\b\\w+(?:'s| is) not (?:available|here|home|in|around)\\b`,
    `\\b(?:he|she|they|\\w+) (?:isn'?t|aren'?t|is not|are not) (?:available|here|home|around)\\b`,
    `\\bcan i take a message\\b`,
    `\\b(?:he|she|they|\\w+)(?:'s| is| are) (?:on (?:shift|duty|a shift|the road)|working (?:today|tonight|late|right now)|at (?:work|school|the office) (?:right now|til|till|until))\\b`,
  ].join("|"),
);
const SPEAKS_FOR_THEMSELF = /^(?:i'?m|i am|we'?re|we are|this is|that's|it's|it is|there's)\b/;

/** "I'll call you when I'm ready": the person will call, nobody should call them. */
const WILL_CALL_THEM =
  /\b(?:i|we) (?:call|ring|contact) (?:you|u|ya) (?:back )?(?:when|if|once|later)\b|\b(?:i'?ll|i will|we'?ll|we will) (?:call|ring|contact|reach out to|get back to) (?:you|u|y'?all|ya|them|back)\b(?: (?:guys|folks))?(?: (?:when|if|once|whenever))?/;

const DEFERS =
  /\bnot (?:quite |really )?ready(?: yet)?\b|\b(?:when|once|whenever) (?:i'?m|we'?re|i am|we are) ready\b/;

const NOT_INTERESTED = new RegExp(
  [
    `\\b(?:i'?ll|i will|we'?ll|we will) (?:call|ring|contact|get back to) (?:you|them)(?: guys)? (?:when|if|once|whenever)\\b`,
    `\\bnot (?:really |at all |even )?interested\\b`,
    `\\b(?:no|nah|nope)[ ,.!]*(?:thanks|thank you)\\b`,
    `\\b${IM} (?:good|fine|all set|ok(?:ay)?)[ ,.!]*(?:thanks|thank you)?[ .!]*$`,
    `\\b${WERE} (?:all )?(?:set|good|fine|covered|ok(?:ay)?)\\b`,
    `\\b${DONT} (?:need|want) (?:it|that|this|any|one|anything|your)\\b`,
    `\\b(?:we|i) already (?:have|use|got)\\b|\\b(?:we|i) have (?:one|our own \\w+|someone|somebody|a guy|a provider|that covered)(?: already)?[ .!]*$`,
    `\\b(?:i'?ll|i will|we'?ll|we will) pass\\b`,
    `\\bnot (?:gonna|going to) (?:do it|happen|buy|sign|switch|bother)\\b`,
    `\\b(?:no|not much|really no|there'?s no) point\\b|\\b(?:we'?re|i'?m|we are|i am) (?:moving|relocating|selling (?:the|our|my) (?:house|home|place))\\b`,
    `\\b${DONT} think (?:i|we) (?:need|want)\\b|\\b${DONT} need (?:it )?(?:any ?more|no more)\\b|\\bthanks for nothing\\b`,
    `^(?=.*\\b(?:nah|nope|no)\\b)(?:(?:hmm+|well|still|so|yeah|ok(?:ay)?|nah|nope|no)[ ,.!]*)+(?:thanks?|thank you)?[ .!]*$`,
    `\\b(?:good|fine|happy|ok(?:ay)?|set) with (?:what|who|the one) (?:i|we) (?:got|have|use)\\b`,
    `\\b${DONT} (?:really |actually )?need (?:a|an|it|that|this|any|one|anything|your)\\b`,
    `\\bnot (?:looking|shopping|in the market)\\b`,
    `\\bno,? i ${DONT} think so\\b`,
    `\\b(?:no need|not needed|not for (?:me|us)|i said no|(?:is|are|sounds like) a (?:scam|rip[- ]?off))\\b`,
    `\\b(?:already|just) (?:found|got|hired|went with|switched to|signed with|bought|booked with)\\b`,
    `\\b(?:moved|switched|went) (?:to|over to) (?:a |an )?(?:different|another|new|other) \\w+`,
    // Not the one who decides (a renter, not the owner): not a lead for this call.
    `\\bnot (?:my|our) (?:call|decision)\\b|\\bi (?:just )?rent\\b|\\bi (?:${DONT}) own (?:it|the|this|my)\\b|\\bnot the (?:home ?owner|owner|decision maker)\\b`,
    `^(?:no|nope|nah)[ .!]*$`,
  ].join("|"),
);

/** Reasons not to buy yet that a rebuttal answers (price, timing, a rival, trust, asking someone). */
const OBJECTION = new RegExp(
  [
    `\\b(?:${DONT}|ain'?t) (?:got|have) (?:the |enough |that kind of )?(?:money|budget|cash)\\b|\\bmoney'?s (?:tight|short)\\b|\\b(?:we'?re|i'?m|things are|it'?s|money is) (?:a little |a bit |pretty |really )?tight\\b`,
    `\\b(?:too (?:expensive|much|pricey|costly|high)|${CANT} afford|out of (?:my|our) budget|no budget|(?:costs?|price is) too|cheaper|(?:it'?s|that'?s) a lot of money)\\b`,
    `\\bneed (?:to|some time to) (?:think|sleep on|consider|look into)\\b|\\bthink (?:about|it over)\\b`,
    `\\b(?:talk|check|speak) (?:to|with) (?:my|the) (?:wife|husband|partner|boss|spouse|family|team|manager|accountant)\\b`,
    `\\bsend (?:me|us) (?:some |more )?(?:info|information|details|an email|a brochure|something)\\b`,
    `\\b(?:already (?:have|use|got)|happy with|locked into|under contract with|stuck in a contract)\\b`,
    `\\bhow did you get (?:my|this) number\\b|\\bis this a scam\\b|\\bsounds like a scam\\b`,
    `\\b${DONT} (?:trust|like) (?:these|sales|phone) (?:calls|people)\\b`,
  ].join("|"),
);

const INTEREST = new RegExp(
  [
    `\\bwhat'?s the next step|\\bnext steps?\\b|\\bhow do (?:i|we) (?:get started|sign up|move forward)\\b|\\b(?:i'?d|i would|we'?d|we would) (?:still )?(?:want|like|love) (?:someone|somebody|you|a \\w+) to (?:come|look|check|take a look|stop by)\\b`,
    `\\b(?:tell me more|go on|keep going|i'?m listening|i'?m interested|we'?re interested|sounds (?:good|great|interesting|nice|promising)|that sounds|i'?d (?:like|love) to (?:hear|know|learn|see)|what (?:do|can) you (?:have|offer)|i might be|could be interested|why not|let'?s (?:do|hear) it)\\b`,
    `^(?:yes|yeah|yep|yup|sure|ok(?:ay)?|alright|absolutely|definitely|of course|go ahead|please do|sounds good|that works)\\b`,
  ].join("|"),
);

const AFFIRM =
  /^(?:yes|yeah|yep|yup|yea|sure|ok(?:ay)?|alright|all right|correct|right|exactly|absolutely|definitely|of course|please do|go ahead|that works|works for me|sounds (?:good|great|fine|perfect)|perfect|great|fine|that'?s (?:fine|good|great|perfect|right|correct)|book it|do it|let'?s do (?:it|that))\b/;
const DENY =
  /^(?:no|nope|nah|not really|not quite|that (?:doesn'?t|does not|won'?t) work|i (?:can'?t|cannot) (?:do|make) (?:that|it)|wrong)\b/;

const VOICEMAIL = new RegExp(
  [
    `\\b(?:leave|record) (?:a|your|me a) (?:brief |short |detailed )?message\\b`,
    `\\bafter the (?:tone|beep)\\b`,
    `\\b(?:${CANT}|unable to) (?:come|get) to the phone\\b`,
    `\\b(?:is|are) not available (?:right now|at the moment|to take your call)\\b|\\bis unavailable\\b`,
    `\\b(?:voice ?mail|mailbox)\\b`,
    `\\bleave (?:me|us) (?:a (?:message|msg|note)|something|somethin'?)\\b`,
    `\\b(?:please )?try (?:your call )?again later\\b`,
    `\\bleave (?:me |us )?(?:your|a) (?:name|number|phone number|details)\\b`,
    `\\byou(?:'ve| have) reached (?:the )?(?:voice ?mail|mailbox|the (?:phone|cell) of)\\b`,
  ].join("|"),
);

const QUESTION_START =
  /^(?:(?:so|and|but|ok(?:ay)?|well|hey|hi|yeah|yes|yep|sure|right|alright|all right|oh|and so|like|quick question)[,.!]? )*(?:how|what|what'?s|whats|when|where|which|who|whose|why|do|does|did|is|are|was|can|could|will|would|should|may|have|has)\b(?!'t)/;
/** A question after something said first: "I got locked out again, how do I get back in". */
const LATER_QUESTION =
  /[,;.] (?:so |and |but )?(?:how|what|when|where|which|who|why)(?:'s| is| are| do| does| did| can| could| would| will| long| much| many| kind| time)\b|[.!?] (?:is|are|was|do|does|did|can|could|will|would|should|how|what|when|where|which|who|why)\b[^.!?]*\?/;
const ASKS =
  /,? (?:is|would) (?:that|this|it) (?:ok(?:ay)?|alright|all right|fine|covered|accepted|a problem)\b|\b(?:how much|what(?:'s| is| are) (?:the|your) (?:price|prices|cost|rate|rates|fee|fees|hours|address|policy)|do you (?:offer|have|do|take|accept|charge|cover|service|work)|is there (?:a|any)|tell me (?:about|what|how|if)|i (?:was )?wonder(?:ing)? (?:if|whether|what|how)|i'?d like to know|can you tell me|let me know (?:if|what|how))\b/;

const BOOKING =
  /\b(?:you |ya |y'?all )?(?:got|have) (?:anything|something|any(?:thing)? (?:open|free|available)) (?:open |free |available )?(?:on |for |this |next )?(?:today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening|week)\b|\bcome (?:in |out |by |over )?(?:today|tomorrow|tonight|this|next|on|monday|tuesday|wednesday|thursday|friday|saturday|sunday|first thing)\b|\b(?:anything|something|any time|anytime) (?:open|available|free)\b|\bget (?:in|me in|us in|him in|her in|them in) (?:to see|with|for|today|tomorrow|this)\b|\bsee (?:someone|somebody|a doctor|the doctor|a dentist|the dentist|a nurse)\b|\b(?:any|an) (?:openings?|availability|appointments? (?:left|open|available))\b|\b(?:can|could|would|will) (?:you|someone|somebody|anyone|a (?:tech|technician|plumber|roofer|someone)) (?:come|swing|stop) (?:out|by|over)\b|\b(?:bring|drop) (?:my|the|our) \w+ (?:in|by|off)\b|\b(?:reserve|reservation|table for)\b|\bschedule (?:a |an )?\w+|\bbook (?:me|us|a|an|it)\b|\b(?:book|schedule|set up|make|arrange|get|need|want|like) (?:a |an |me (?:a|an|in) |us (?:a|an|in) |the )?(?:appointment|time|meeting|call|demo|visit|consultation|inspection|estimate|quote|slot|session|install(?:ation)?|someone (?:to come )?out)\b|\bappointment\b|\b(?:when|what time) (?:can|could) (?:you|someone|somebody) come\b|\b(?:reschedule|move) (?:my|the) appointment\b|\b(?:can|could|would|will) (?:you|someone|somebody|they|a \w+) (?:install|fit|deliver|set (?:it|this|that|me|us) up|hook (?:it|me|us) up|do (?:it|that|this|the \w+)) (?:it |this |that |one |them )?(?:today|tomorrow|tonight|this|next|on|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/;

const WHO_IS_CALLING =
  /\b(?:who did you say|(?:didn'?t|did not) (?:catch|get|hear) (?:that|your name|who|the name)|what was (?:your|the) name)\b|\bwho(?:'s| is| are) (?:this|calling|that|you)\b|\bwhat(?:'s| is) (?:this|it|the call) (?:about|regarding|for|concerning)\b|\bwhere (?:are you|is this) calling from\b|\bwhat company\b|\bwho do you (?:work for|represent)\b|\bwhy (?:are you|did you) call(?:ing)?\b|\bwhat (?:do|did) (?:you|ya|u) (?:want|need)(?: from me)?[?.!]*$|\bwho'?s speaking\b/;

const RUNNING_LATE =
  /\b(?:running|going to be|gonna be|will be|i'?ll be|be) (?:a (?:few|little|bit|couple of)|\d+|five|ten|fifteen|twenty|thirty) (?:minutes? )?late\b|\brunning (?:a (?:bit|little) )?late\b/;

export type Acts = {
  /** "I'll be ten minutes late": about an appointment already made, not a new one. */
  runningLate: boolean;
  /** "Hello?", "Yes?", "Speaking.": someone answering the phone, asking nothing yet. */
  answering: boolean;
  /** "Hello? Can you hear me?": whether the line works, and nothing else. */
  checksLine: boolean;
  /** "Who is this?", "what's this about?": the callee asks who calls and why. */
  whoIsCalling: boolean;
  stopCalling: boolean;
  wrongNumber: boolean;
  identityQuestion: boolean;
  emergency: Emergency | null;
  goodbye: boolean;
  callback: boolean;
  notInterested: boolean;
  /** "I'll call you when I'm ready", "not ready yet": a later, on the person's own time. */
  defers: boolean;
  objection: boolean;
  interest: boolean;
  affirm: boolean;
  deny: boolean;
  voicemail: boolean;
  /** Someone answers for the person called, who is not there. */
  answersForSomeone: boolean;
  question: boolean;
  booking: boolean;
};

const CHECKS_LINE =
  /\bcan (?:you|ya|u) (?:hear|understand) me\b|\bare (?:you|ya|u) (?:still )?there\b|\bis (?:anyone|anybody|someone|somebody) (?:there|on the line)\b/;
const CHECKS_LINE_WORDS =
  /\b(?:hello|hi|hey|yes|yeah|oh|sorry|can (?:you|ya|u) (?:hear|understand) me|are (?:you|ya|u) (?:still )?there|is (?:anyone|anybody|someone|somebody) (?:there|on the line)|now|at all|okay|ok)\b/g;

/** "Hello?", "Yes?", "Speaking.": answering the phone, not asking anything. */
const ANSWERING =
  /^(?:hello|hi|hey|hiya|yo|speaking|this is \w+(?: speaking)?|\w+ speaking|who'?s this|what|huh|sorry|pardon|excuse me|come again)[?!., ]*(?:hello|hi|speaking)?[?!. ]*$/;

/** The words without the sentences asking whether the assistant is a person ("is this a robot?"). */
export function withoutIdentityQuestion(text: string): string {
  return text
    .split(/(?<=[.?!])\s+/)
    .filter((sentence) => !IDENTITY_QUESTION.test(normalizeUtterance(sentence)))
    .join(" ");
}

/** Whether the words open as a question ("how long...", "do you..."), not only end with a rise. */
export function startsAQuestion(text: string): boolean {
  return QUESTION_START.test(normalizeUtterance(text));
}

/** Every act the words carry; several may hold ("no thanks, take me off your list"). */
export function readActs(text: string): Acts {
  const normal = normalizeUtterance(text);
  const answering = ANSWERING.test(normal);
  const question =
    !answering &&
    (/\?\s*$/.test(normal) ||
      QUESTION_START.test(normal) ||
      ASKS.test(normal) ||
      LATER_QUESTION.test(normal));
  const stopCalling = STOP_CALLING.test(normal);
  return {
    runningLate: RUNNING_LATE.test(normal),
    answering,
    checksLine: CHECKS_LINE.test(normal) && !normal.replace(CHECKS_LINE_WORDS, "").match(/\p{L}/u),
    whoIsCalling: WHO_IS_CALLING.test(normal),
    stopCalling,
    wrongNumber: WRONG_NUMBER.test(normal),
    identityQuestion: IDENTITY_QUESTION.test(normal),
    emergency: EMERGENCIES.find(([, pattern]) => pattern.test(normal))?.[0] ?? null,
    goodbye: GOODBYE.test(normal),
    callback: !stopCalling && !WILL_CALL_THEM.test(normal) && CALLBACK.test(normal),
    notInterested: NOT_INTERESTED.test(normal),
    defers: WILL_CALL_THEM.test(normal) || DEFERS.test(normal),
    objection: OBJECTION.test(normal),
    interest: INTEREST.test(normal),
    affirm: AFFIRM.test(normal),
    deny: DENY.test(normal),
    voicemail: VOICEMAIL.test(normal),
    answersForSomeone:
      ANSWERS_FOR_SOMEONE.test(normal) &&
      !normal
        .split(/[.,!?]\s*/)
        .some((part) => SPEAKS_FOR_THEMSELF.test(part) && ANSWERS_FOR_SOMEONE.test(part)),
    question,
    booking: BOOKING.test(normal),
  };
}

/** What to do first, said before anything else, for each kind of emergency. */
/** The action first, in the first words said, then why. */
export const SAFETY_ADVICE: Record<Emergency, string> = {
  gas: "Please leave the building now: if you smell gas, don't switch anything on or off, and once you're outside call 911 or your gas company's emergency line.",
  carbon_monoxide:
    "Please get everyone outside into fresh air right away and call 911: a carbon monoxide alarm can mean a dangerous leak.",
  fire: "Please get everyone out now and call 911 from outside.",
  medical:
    "Please hang up and call 911 right now: someone who is hurt, has chest pain or can't breathe needs help at once.",
  danger: "Please hang up and call 911 right now if you're in danger.",
  poison:
    "Please call 911 right now if they're hard to wake or not breathing; otherwise call Poison Control at 1-800-222-1222 straight away.",
  electrical:
    "Please stay clear of it, and if you can reach the breaker box safely, switch off the power; if there's smoke or sparks, get out and call 911.",
  cyberattack:
    "Please disconnect the affected computers from the network and the internet now, and don't pay anything or contact them yet.",
  accident:
    "Is anyone hurt? If anyone is, please call 911 right away, and stay somewhere safe, away from the traffic.",
};
