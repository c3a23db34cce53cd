/** "real_estate" → "Real Estate": the spec's enum values as a person reads them. */
export function enumLabel(value: string): string {
  return value
    .split("_")
    .map((word) => (word === "ai" ? "AI" : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}
