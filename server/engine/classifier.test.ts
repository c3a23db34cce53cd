import { describe, expect, it } from "vitest";
import { analyzeUtterance, isCertain, SURE_CONFIDENCE } from "./analyze";
import { inspectNumber } from "./caller-facts";
import { loadCorpus, loadDevSet, splitCorpus } from "./corpus";
import { defaultClassifier, trainOn } from "./model";
import { matchRules } from "./rules";
import { features, prepareText } from "./text";
import { CLASSIFICATIONS } from "./types";

const corpus = loadCorpus();
const { train, test } = splitCorpus(corpus);
const heldOutModel = trainOn(train);

function accuracy(rows: { text: string; label: string }[], model = heldOutModel) {
  const perClass: Record<string, { right: number; total: number }> = {};
  let right = 0;
  const confidences: { confidence: number; correct: boolean }[] = [];
  for (const row of rows) {
    const analysis = analyzeUtterance(row.text, model, null);
    const correct = analysis.classification === row.label;
    if (correct) right++;
    perClass[row.label] ??= { right: 0, total: 0 };
    perClass[row.label]!.total++;
    if (correct) perClass[row.label]!.right++;
    confidences.push({ confidence: analysis.confidence, correct });
  }
  return { accuracy: right / rows.length, perClass, confidences };
}

/** Expected calibration error over ten confidence bins. */
function calibrationError(points: { confidence: number; correct: boolean }[]): number {
  let error = 0;
  for (let bin = 0; bin < 10; bin++) {
    const inBin = points.filter((p) => Math.min(9, Math.floor(p.confidence * 10)) === bin);
    if (!inBin.length) continue;
    const meanConfidence = inBin.reduce((sum, p) => sum + p.confidence, 0) / inBin.length;
    const meanAccuracy = inBin.filter((p) => p.correct).length / inBin.length;
    error += (inBin.length / points.length) * Math.abs(meanConfidence - meanAccuracy);
  }
  return error;
}

describe("the local AI's classifier", () => {
  it("has at least 80 varied utterances per class, 20% held back", () => {
    for (const label of CLASSIFICATIONS) {
      expect(corpus.filter((row) => row.label === label).length).toBeGreaterThanOrEqual(80);
    }
    expect(test.length / corpus.length).toBeGreaterThan(0.15);
    expect(test.length / corpus.length).toBeLessThan(0.25);
    const trainTexts = new Set(train.map((row) => row.text.toLowerCase()));
    expect(test.filter((row) => trainTexts.has(row.text.toLowerCase()))).toEqual([]);
  });

  it("classifies the held-back test split accurately with calibrated confidence", () => {
    const result = accuracy(test);
    const ece = calibrationError(result.confidences);
    console.log(
      `classifier test split: ${(result.accuracy * 100).toFixed(1)}% of ${test.length} (trained on ${train.length}); ` +
        `calibration error ${ece.toFixed(3)}; per class ${Object.entries(result.perClass)
          .map(([label, c]) => `${label} ${((c.right / c.total) * 100).toFixed(0)}%`)
          .join(", ")}`,
    );
    expect(result.accuracy).toBeGreaterThanOrEqual(0.88);
    for (const counts of Object.values(result.perClass))
      expect(counts.right / counts.total).toBeGreaterThanOrEqual(0.75);
    expect(ece).toBeLessThan(0.1);
    // Confidence comes from the model: it varies with the utterance.
    expect(new Set(result.confidences.map((p) => p.confidence)).size).toBeGreaterThan(50);
  });

  it("generalises to a separately written evaluation set", () => {
    const dev = loadDevSet();
    const result = accuracy(dev, defaultClassifier());
    console.log(
      `classifier on the separately written dev set: ${(result.accuracy * 100).toFixed(1)}% of ${dev.length}`,
    );
    expect(result.accuracy).toBeGreaterThanOrEqual(0.88);
  });

  it("sums each feature's share of the odds once worked out: the same figures as wink computes every time", () => {
    const model = defaultClassifier();
    for (const row of loadDevSet()) {
      const terms = features(prepareText(row.text).terms);
      const fast = model.odds(terms);
      const exact = model.exactOdds(terms);
      for (const label of CLASSIFICATIONS) expect(fast[label]).toBeCloseTo(exact[label], 9);
    }
    expect(model.odds(["zzqx-never-seen"])).toEqual(model.exactOdds(["zzqx-never-seen"]));
  });

  it("gives every analysis its fields: intent, urgency, sentiment, importance, signals", () => {
    const model = defaultClassifier();
    const scam = analyzeUtterance(
      "Your social security number has been suspended. Press 1 to speak to an officer.",
      model,
      null,
    );
    expect(scam.classification).toBe("spam");
    expect(scam.signals.join(" ")).toMatch(/suspended identity|press a key/);
    expect(scam.importance).toBe(0);

    const er = analyzeUtterance(
      "It's your sister, dad fell and we're at the hospital, please call me right away",
      model,
      null,
    );
    expect(er.classification).toBe("important");
    expect(er.urgency).toBeGreaterThanOrEqual(0.8);
    expect(er.importance).toBe(5);
    expect(er.sentiment).not.toBe("positive");

    const happy = analyzeUtterance(
      "Hi, it's Tom, thanks so much for the lovely dinner last night, we had a wonderful time!",
      model,
      null,
    );
    expect(happy.classification).toBe("legitimate");
    expect(happy.sentiment).toBe("positive");
    expect(happy.urgency).toBeLessThan(0.3);

    const angry = analyzeUtterance(
      "I was charged twice for my order and I'm really frustrated, nobody answers the chat",
      model,
      null,
    );
    expect(angry.classification).toBe("support");
    expect(angry.sentiment).toBe("negative");
    expect(angry.intent).toBe("billing question");
    for (const analysis of [scam, er, happy, angry]) {
      const total = Object.values(analysis.scores).reduce((sum, value) => sum + value, 0);
      expect(total).toBeCloseTo(1, 2);
      expect(analysis.confidence).toBe(analysis.scores[analysis.classification]);
    }
  });

  it("says whether it is sure enough to act on one utterance: sure spam verdicts on the test split are right", () => {
    let sure = 0;
    let sureRight = 0;
    let unsure = 0;
    for (const row of test) {
      const analysis = analyzeUtterance(row.text, heldOutModel, null);
      expect(analysis.certain).toBe(analysis.confidence >= SURE_CONFIDENCE);
      expect(isCertain(analysis)).toBe(analysis.certain);
      if (analysis.classification !== "spam") continue;
      if (analysis.certain) {
        sure++;
        if (row.label === "spam") sureRight++;
      } else unsure++;
    }
    console.log(`spam verdicts on the test split: ${sureRight} of ${sure} sure ones right; ${unsure} unsure`);
    expect(sure).toBeGreaterThan(80);
    expect(sureRight / sure).toBeGreaterThanOrEqual(0.95);

    const scam = analyzeUtterance(
      "Your social security number has been suspended. Press 1 to speak to an officer.",
      defaultClassifier(),
      null,
    );
    expect(scam.certain).toBe(true);
    // A language model's answer that moved the class is judged on its own scores.
    expect(isCertain({ ...scam, classification: "support" })).toBe(false);
  });

  it("weighs caller facts: contacts are never spam, blocked numbers are, odd numbers raise suspicion", () => {
    const model = defaultClassifier();
    const text = "Hi, I'm calling about your account, call me back.";
    const facts = {
      ...inspectNumber("+15559876543", null),
      inContacts: false,
      contactName: null,
      blocked: false,
    };
    const plain = analyzeUtterance(text, model, facts);
    const withheld = analyzeUtterance(text, model, { ...facts, ...inspectNumber("Anonymous", null) });
    expect(withheld.scores.spam).toBeGreaterThan(plain.scores.spam);
    expect(withheld.signals).toContain("caller ID withheld");

    const scamText = "Final notice about your car warranty, press 1 now.";
    const fromContact = analyzeUtterance(scamText, model, {
      ...facts,
      inContacts: true,
      contactName: "Uncle Bob",
    });
    expect(fromContact.classification).not.toBe("spam");
    expect(fromContact.scores.spam).toBe(0);

    const blocked = analyzeUtterance("Hey, it's me, call me back when you can.", model, {
      ...facts,
      blocked: true,
    });
    expect(blocked.classification).toBe("spam");
    expect(blocked.signals).toContain("number is on your block list");
  });
});

describe("caller numbers", () => {
  it("reads withheld, malformed and neighbour-spoofed numbers", () => {
    expect(inspectNumber("Private", null).withheld).toBe(true);
    expect(inspectNumber("", null).withheld).toBe(true);
    expect(inspectNumber("12", null).malformed).toBe(true);
    expect(inspectNumber("(555) 123-4567", null)).toMatchObject({
      number: "+15551234567",
      malformed: false,
      withheld: false,
    });
    // Neighbour spoofing needs real numbers with the same area code and exchange (caller-facts.test.ts).
    expect(inspectNumber("+1 212 736 0199", "+12127360100").spoofedLooking).toBe(true);
    expect(inspectNumber("+1 212 736 0100", "2127360100").spoofedLooking).toBe(false);
    expect(inspectNumber("+1 646 736 0199", "+12127360100").spoofedLooking).toBe(false);
  });
});

describe("phrase rules", () => {
  const ids = (text: string) => matchRules(text.toLowerCase()).map((rule) => `${rule.id} (${rule.label})`);

  it("weighs a question about what an operation on the account costs against a shopper's 'how much'", () => {
    expect(ids("How much does it cost to send money abroad?")).toEqual(
      expect.arrayContaining(["fee for using the account (sales)", "fee for using the account (support)"]),
    );
    expect(ids("Is there a fee for cash withdrawals at other banks' machines?")).toContain(
      "fee for using the account (support)",
    );
    // A robocall states the charge; a shopper asks about goods.
    expect(ids("Your card was charged $499 for a wire transfer, press 1 to cancel.")).not.toContain(
      "fee for using the account (support)",
    );
    expect(ids("How much would a new garden shed cost?")).not.toContain(
      "fee for using the account (support)",
    );
  });

  it("reads crypto as a scheme only when it is sold as money to be made or asked for as payment", () => {
    expect(ids("Can I buy bitcoin with my account?")).not.toContain("crypto (spam)");
    expect(ids("Our members are doubling their bitcoin every month, press 1 to invest.")).toContain(
      "crypto (spam)",
    );
    expect(ids("The bail has to be paid in bitcoin at the machine on Main Street.")).toContain(
      "crypto (spam)",
    );
  });

  it("reads a relative's 'new number' asking for money, and ending a service as a customer's request", () => {
    expect(ids("Hi mum, this is my new number, can you send me money for a train ticket?")).toContain(
      "new number, needs money (spam)",
    );
    expect(ids("I'd like to cancel my broadband contract when it ends")).toContain(
      "ending a service (support)",
    );
    expect(ids("I need to cancel the service appointment on Friday")).not.toContain(
      "ending a service (support)",
    );
  });
});
