import { describe, expect, it } from "vitest";
import { decideTransfer } from "./transfer";

const calm = { classification: "support" as const, urgency: 0.2, sentiment: "neutral" as const };
const rules = (keywords: string[]) => ({ keywords, minutes: null, conditions: [], transferNumber: null });
const keywordOf = (text: string, keywords: string[]) =>
  decideTransfer({ text, analysis: calm, rules: rules(keywords), agent: null, minutesOnCall: 0, flow: null });

describe("transfer keywords", () => {
  it("hear a two-word keyword said either way round, with its endings", () => {
    expect(keywordOf("Water everywhere, a pipe burst upstairs", ["burst pipe"])?.cause).toBe("keyword");
    expect(keywordOf("the pipes burst overnight", ["burst pipe"])?.cause).toBe("keyword");
    expect(keywordOf("I smell gas in the kitchen", ["gas smell"])?.cause).toBe("keyword");
  });

  it("keep small words in their order and need whole words", () => {
    expect(keywordOf("the heat, no, the water heater", ["no heat"])).toBeNull();
    expect(keywordOf("a pipeline burst", ["burst pipe"])).toBeNull();
    expect(keywordOf("we have no heat at all", ["no heat"])?.cause).toBe("keyword");
  });
});
