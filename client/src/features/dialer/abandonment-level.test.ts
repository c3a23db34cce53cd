import type { Abandonment } from "@common/dialer";
import { describe, expect, it } from "vitest";
import { abandonmentLevel } from "./abandonment-level";

const figure = (ratePercent: number) => ({ abandoned: 0, answeredByPerson: 0, ratePercent });
const abandonment = (today: number, days30: number, campaign: number, nearCeiling: boolean): Abandonment => ({
  today: figure(today),
  last30Days: figure(days30),
  campaign: figure(campaign),
  targetPercent: 2,
  ceilingPercent: 3,
  nearCeiling,
});

describe("the abandonment warning", () => {
  it("is quiet under the warning level, whatever today alone says", () => {
    expect(abandonmentLevel(abandonment(4, 1.2, 1.9, false))).toEqual({ worstPercent: 1.9, level: "ok" });
  });

  it("warns as the 30-day or campaign rate nears the 3% ceiling", () => {
    expect(abandonmentLevel(abandonment(0, 2.6, 1, true))).toEqual({ worstPercent: 2.6, level: "near" });
    expect(abandonmentLevel(abandonment(0, 1, 2.9, true))).toEqual({ worstPercent: 2.9, level: "near" });
  });

  it("says the ceiling is reached at 3% or more", () => {
    expect(abandonmentLevel(abandonment(0, 3, 0.5, true))).toEqual({ worstPercent: 3, level: "over" });
    expect(abandonmentLevel(abandonment(0, 0.5, 4.2, true))).toEqual({ worstPercent: 4.2, level: "over" });
  });
});
