import { describe, expect, it } from "vitest";
import { analyzeUtterance } from "./analyze";
import { type CallerFacts, inspectNumber } from "./caller-facts";
import { defaultClassifier } from "./model";

/** The account holder's cellphone in these tests: a Manhattan number, area code 212, exchange 736. */
const OWN = "+1 (212) 736-4120";

function spoofed(caller: string, own: string | null = OWN): boolean {
  return inspectNumber(caller, own).spoofedLooking;
}

describe("neighbour spoofing: the same area code and exchange, not the same number", () => {
  it("counts a different number with the owner's area code and exchange", () => {
    expect(spoofed("+1 212 736 9981")).toBe(true);
    expect(spoofed("(212) 736-0007")).toBe(true);
    expect(spoofed("212.736.4121")).toBe(true);
  });

  it("does not count a shared prefix shorter than area code and exchange", () => {
    // Same area code only: millions of numbers share it.
    expect(spoofed("+1 212 555 7368")).toBe(false);
    expect(spoofed("+1 212 834 4120")).toBe(false);
    // Five digits in common, the exchange differs in its last digit.
    expect(spoofed("+1 212 737 4120")).toBe(false);
    // Same digits in another area code.
    expect(spoofed("+1 646 736 4120")).toBe(false);
  });

  it("does not count the owner's own number (most often the owner calling their own line)", () => {
    expect(spoofed("+12127364120")).toBe(false);
    expect(spoofed("212-736-4120")).toBe(false);
  });

  it("does not count numbers that are not real subscriber numbers", () => {
    // The 555 exchange (555-0100 to 0199 are reserved for fiction) and the 555 area code are not assigned to anyone:
    // a test call from +1 415 555 0101 to an owner at +1 415 555 0123 says nothing about spoofing.
    expect(spoofed("+1 415 555 0101", "+1 415 555 0123")).toBe(false);
    expect(spoofed("+1 555 123 0199", "+1 555 123 4567")).toBe(false);
    // Toll-free numbers belong to no neighbourhood.
    expect(spoofed("+1 800 736 1000", "+1 800 736 4120")).toBe(false);
    expect(spoofed("+1 888 736 1000", "+1 888 736 4120")).toBe(false);
    // A real area code that starts with 5 (Portland, Oregon) is a neighbourhood like any other.
    expect(spoofed("+1 503 736 1000", "+1 503 736 4120")).toBe(true);
  });

  it("only applies to North American numbers, and needs the owner's number", () => {
    expect(spoofed("+44 20 7946 0999", "+44 20 7946 0958")).toBe(false);
    expect(spoofed("+1 212 736 9981", "+44 20 7946 0958")).toBe(false);
    expect(spoofed("+1 212 736 9981", null)).toBe(false);
    expect(spoofed("+1 212 736 9981", "not a number")).toBe(false);
  });
});

describe("neighbour spoofing as evidence, not a verdict", () => {
  const model = defaultClassifier();
  const facts = (caller: string): CallerFacts => ({
    ...inspectNumber(caller, OWN),
    inContacts: false,
    contactName: null,
    blocked: false,
  });

  it("adds to the spam score and says so in words that do not claim a verdict", () => {
    const text = "Hi, I'm calling about your account, call me back.";
    const neighbour = analyzeUtterance(text, model, facts("+1 212 736 9981"));
    const elsewhere = analyzeUtterance(text, model, facts("+1 646 201 3344"));
    expect(neighbour.scores.spam).toBeGreaterThan(elsewhere.scores.spam);
    const signal = neighbour.signals.find((s) => /area code/.test(s));
    expect(signal).toBeDefined();
    expect(signal).not.toMatch(/looks spoofed|mimics/);
    expect(elsewhere.signals.join(" ")).not.toMatch(/area code/);
  });

  it("does not turn an ordinary caller into spam on its own", () => {
    const from = facts("+1 212 736 9981");
    for (const text of [
      "Hi, it's Dana from next door, your package got left on my porch, come grab it whenever.",
      "Hello, I'd like to book a cleaning for next Tuesday morning if you have one.",
      "My internet has been down since last night, can someone take a look?",
    ]) {
      expect(analyzeUtterance(text, model, from).classification).not.toBe("spam");
    }
  });
});
