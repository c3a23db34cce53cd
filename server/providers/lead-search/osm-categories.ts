/**
 * What an industry typed in the search box means in OpenStreetMap's tags. A business is found
 * when it carries one of its category's tags, or when its name matches (any element with a
 * shop, amenity, office, craft or healthcare tag). Unknown industries are matched by name.
 */
type Category = { words: RegExp; tags: [string, string][]; names?: string };

const CATEGORIES: Category[] = [
  { words: /plumb/, tags: [["craft", "plumber"]] },
  { words: /electrician|electrical contractor/, tags: [["craft", "electrician"]] },
  { words: /hvac|air condition|heating|cooling/, tags: [["craft", "hvac"]] },
  { words: /roof/, tags: [["craft", "roofer"]] },
  { words: /carpent|cabinet/, tags: [["craft", "carpenter"]] },
  { words: /painter|painting/, tags: [["craft", "painter"]] },
  {
    words: /locksmith/,
    tags: [
      ["shop", "locksmith"],
      ["craft", "locksmith"],
    ],
  },
  {
    words: /landscap|lawn|gardener/,
    tags: [
      ["craft", "gardener"],
      ["shop", "garden_centre"],
    ],
  },
  {
    words: /dentist|dental/,
    tags: [
      ["amenity", "dentist"],
      ["healthcare", "dentist"],
    ],
  },
  {
    words: /doctor|physician|clinic|medical/,
    tags: [
      ["amenity", "doctors"],
      ["amenity", "clinic"],
      ["healthcare", "doctor"],
      ["healthcare", "clinic"],
    ],
  },
  {
    words: /pharmac|drugstore/,
    tags: [
      ["amenity", "pharmacy"],
      ["healthcare", "pharmacy"],
    ],
  },
  { words: /veterinar|\bvets?\b|animal hospital/, tags: [["amenity", "veterinary"]] },
  { words: /chiropract/, tags: [["healthcare", "chiropractor"]] },
  { words: /lawyer|attorney|law firm|legal/, tags: [["office", "lawyer"]] },
  {
    words: /accountant|accounting|bookkeep|\btax\b/,
    tags: [
      ["office", "accountant"],
      ["office", "tax_advisor"],
    ],
  },
  { words: /insurance/, tags: [["office", "insurance"]] },
  { words: /real estate|realtor|estate agent/, tags: [["office", "estate_agent"]] },
  { words: /restaurant|diner/, tags: [["amenity", "restaurant"]] },
  { words: /cafe|coffee/, tags: [["amenity", "cafe"]] },
  {
    words: /\bbars?\b|\bpubs?\b/,
    tags: [
      ["amenity", "bar"],
      ["amenity", "pub"],
    ],
  },
  {
    words: /barber|hair|salon/,
    tags: [
      ["shop", "hairdresser"],
      ["shop", "beauty"],
    ],
  },
  { words: /auto repair|car repair|mechanic|garage/, tags: [["shop", "car_repair"]] },
  { words: /car dealer|auto dealer/, tags: [["shop", "car"]] },
  { words: /\bgyms?\b|fitness/, tags: [["leisure", "fitness_centre"]] },
  {
    words: /hotel|motel/,
    tags: [
      ["tourism", "hotel"],
      ["tourism", "motel"],
    ],
  },
  { words: /bakery|bakeries/, tags: [["shop", "bakery"]] },
  { words: /florist|flower/, tags: [["shop", "florist"]] },
  {
    words: /electronics|computer/,
    tags: [
      ["shop", "electronics"],
      ["shop", "computer"],
    ],
  },
  {
    words: /dry clean|laundr/,
    tags: [
      ["shop", "dry_cleaning"],
      ["shop", "laundry"],
    ],
  },
  {
    // Dealers of satellite internet and TV sell under these names; electronics shops that do
    // not are left out.
    words: /satellite|viasat|hughesnet|directv|dish network|starlink/,
    tags: [],
    names: "satellite|viasat|hughesnet|directv|dish network|starlink",
  },
];

/** "plumbers" → "plumb", "dentists" → "dentist": enough of a word to find it in names. */
function stem(word: string): string {
  let w = word.replace(/ies$/, "y").replace(/s$/, "");
  for (const suffix of ["ing", "er"])
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) w = w.slice(0, -suffix.length);
  return w;
}

const STOP_WORDS = new Set([
  "and",
  "the",
  "for",
  "of",
  "in",
  "services",
  "service",
  "company",
  "companies",
  "shop",
  "shops",
  "store",
  "stores",
]);

/**
 * What a name may be matched by: letters, digits and spaces only, so nothing typed can end the
 * query's string or change its regular expression.
 */
export function plainText(text: string): string {
  return text
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export type OsmCriteria = { tags: [string, string][]; namePattern: string };

export function osmCriteria(industry: string): OsmCriteria {
  const lower = industry.toLowerCase();
  const tags: [string, string][] = [];
  let names: string | undefined;
  for (const category of CATEGORIES) {
    if (!category.words.test(lower)) continue;
    tags.push(...category.tags);
    names ??= category.names;
  }
  const words = lower
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map(stem);
  // Empty when nothing was typed but punctuation: the provider refuses such a search.
  const namePattern = names ?? (words.length ? words.map(plainText).join(".*") : plainText(lower));
  return { tags, namePattern };
}
