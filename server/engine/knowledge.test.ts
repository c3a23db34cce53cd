import { describe, expect, it } from "vitest";
import { factsOf, knowledge } from "./knowledge";

const agentFacts = factsOf(
  [
    "Roof inspections are free, with no obligation.",
    "We replace asphalt shingle and metal roofs; a typical replacement takes two days.",
    "Financing is available: 0% for 12 months on approved credit.",
    "We are licensed and insured in Florida and Georgia.",
    "Every new roof comes with a 25-year workmanship warranty.",
  ].join("\n"),
  "agent",
);
const scriptFacts = factsOf(
  "Emergency call-outs cost $150.\nWe answer calls Monday to Friday, 8 AM to 6 PM.",
  "script",
);

describe("answering from the knowledge base", () => {
  const kb = knowledge([...agentFacts, ...scriptFacts]);

  it("answers a price question from the fact about that thing, not another price", () => {
    const answer = kb.answer("How much does an inspection cost?");
    expect(answer?.fact).toBe("Roof inspections are free, with no obligation.");
    expect(answer?.priceUnknown).toBe(false);
  });

  it("finds facts by the words people use for the same thing", () => {
    expect(kb.answer("Do you guys offer any payment plans?")?.fact).toMatch(/Financing/);
    expect(kb.answer("are you insured?")?.fact).toMatch(/licensed and insured/);
    expect(kb.answer("what kind of guarantee do I get")?.fact).toMatch(/warranty/);
    expect(kb.answer("When are you open?")?.fact).toMatch(/Monday to Friday/);
    expect(kb.answer("how long does a roof replacement take")?.fact).toMatch(/two days/);
  });

  it("says a price is not known when the fact that answers names none", () => {
    const answer = kb.answer("What would a metal roof replacement cost me?");
    expect(answer?.fact).toMatch(/metal roofs/);
    expect(answer?.priceUnknown).toBe(true);
  });

  it("answers nothing when nothing answers", () => {
    expect(kb.answer("Do you sell solar panels?")).toBeNull();
    expect(kb.answer("what's the weather like")).toBeNull();
    expect(kb.answer("yes")).toBeNull();
    expect(knowledge([]).answer("how much is it?")).toBeNull();
  });

  it("splits long paragraphs into sentences and drops list markers", () => {
    const facts = factsOf(
      `- First line.\n2) Second line.\n${"This is a long sentence about the company. ".repeat(8)}`,
      "business",
    );
    expect(facts[0]?.text).toBe("First line.");
    expect(facts[1]?.text).toBe("Second line.");
    expect(facts.length).toBeGreaterThan(3);
  });
});

describe("what a question is about, in other words", () => {
  const gym = knowledge(
    factsOf(
      [
        "Basic membership is $25 a month, with gym floor access only.",
        "Premium membership is $45 a month and includes classes and the pool.",
        "The joining fee is $30, and a locker is $5 a month more.",
        "Late-night and holiday visits need a keycard, which costs $10.",
        "A personal training session lasts 50 minutes.",
        "Members may freeze their membership for up to three months; every plan has a 14-day money-back promise.",
        "The front desk is staffed Monday to Saturday from 6 AM to 10 PM.",
        "If the card reader is down, ring the bell and the desk will let you in.",
      ].join("\n"),
      "agent",
    ),
  );

  it("finds a hyphenated word by its parts", () => {
    expect(gym.answer("Can I get my money back if I quit?")?.fact).toMatch(/money-back/);
  });

  it("hears how long something takes in a fact that says how long it lasts", () => {
    expect(gym.answer("How long is a training session?")?.fact).toMatch(/50 minutes/);
  });

  it("reads a fault said in other words as the fact about that fault", () => {
    expect(gym.answer("The card reader isn't working at the door", "statement")?.fact).toMatch(
      /ring the bell/,
    );
  });

  it("answers the everyday case before a special case the question does not name", () => {
    const electrician = knowledge(
      factsOf(
        "Weekend and emergency call-outs cost $180.\nA regular call-out costs $95 for the first hour.",
        "agent",
      ),
    );
    expect(electrician.answer("what does a call-out cost?")?.fact).toMatch(/\$95/);
    expect(electrician.answer("what does an emergency call-out cost?")?.fact).toMatch(/\$180/);
  });

  it("lists the offers with their prices when asked what plans there are", () => {
    const answer = gym.answer("What packages do you have?")?.fact ?? "";
    expect(answer).toMatch(/Basic membership/);
    expect(answer).toMatch(/Premium membership/);
  });

  it("names the cheapest offer, not the cheapest extra", () => {
    expect(gym.answer("What's the cheapest membership?")?.fact).toMatch(/Basic membership is \$25/);
  });
});
