import { randomInt } from "node:crypto";
import { SYSTEM_TEST_TIMING } from "../../../common/telephony";
import type { CallerLine } from "../../providers/telephony/simulator";

/** One simulated test call's plan: when it is answered and how long it talks (its duration). */
export type TestCallPlan = {
  index: number;
  phoneNumber: string;
  /** Ringing ("connecting") until then: 2 s plus 1 s per index. */
  activeAfterMs: number;
  /** The caller hangs up this long after answering: 15 to 45 s, the call's duration. */
  completeAfterMs: number;
  script: CallerLine[];
};

/** Things test callers say: ordinary messages, so a test neither books appointments nor blocks anyone. */
const SCRIPTS: string[][] = [
  [
    "Hi, I'm calling about my internet service, it keeps dropping every evening.",
    "The account is under Morgan Lee.",
  ],
  [
    "Hello, this is Dana from the dental office returning your call.",
    "Please call me back when you have a moment.",
  ],
  [
    "Hi, I have a question about my last invoice, I think I was charged twice.",
    "The invoice number is 10432.",
  ],
  [
    "Hey, it's Chris, I wanted to check whether we're still on for the project review.",
    "Let me know either way.",
  ],
  [
    "Hello, I'm calling from the library about the book you reserved.",
    "It's ready to pick up at the front desk.",
  ],
];

/** A test number in the fictional 555-01XX range: +1 415 555 0100 upwards. */
export function testNumber(index: number): string {
  return `+1415555${String(100 + (index % 100)).padStart(4, "0")}`;
}

/** Timings for a run of test calls; `random(min, max)` is inclusive of min, exclusive of max. */
export function planSystemTest(
  phoneNumbers: string[],
  random: (min: number, max: number) => number = randomInt,
): TestCallPlan[] {
  const [completeMin, completeMax] = SYSTEM_TEST_TIMING.completeAfterMs;
  return phoneNumbers.map((phoneNumber, index) => {
    const lines = SCRIPTS[random(0, SCRIPTS.length)] ?? (SCRIPTS[0] as string[]);
    return {
      index,
      phoneNumber,
      activeAfterMs: SYSTEM_TEST_TIMING.activeAfterMs(index),
      completeAfterMs: random(completeMin, completeMax + 1),
      script: lines.map((text, i) => ({ text, delayMs: 3000 + i * 1000 })),
    };
  });
}
