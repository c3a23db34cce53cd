import { describe, expect, it } from "vitest";
import type { CallBrief, ModelTurn, ModelTurnInput } from "../../engine";
import { initialState } from "../../engine";
import { memoizedConversationModel } from "./memo-model";

const input = (overrides: Partial<ModelTurnInput> = {}): ModelTurnInput => ({
  brief: { direction: "inbound", timeZone: "UTC" } as CallBrief,
  context: ["You are the assistant."],
  state: initialState(),
  history: ["AI: Hello!"],
  text: "Can someone call me back tomorrow?",
  now: new Date("2031-03-04T15:00:00Z"),
  knowledge: [],
  nextQuestion: null,
  ...overrides,
});

/** A model that counts its calls and answers after the test releases it. */
function countingModel() {
  const asked: ModelTurnInput[] = [];
  const pending: ((turn: ModelTurn | null) => void)[] = [];
  const model = (turn: ModelTurnInput) => {
    asked.push(turn);
    return new Promise<ModelTurn | null>((resolve) => pending.push(resolve));
  };
  return {
    model,
    asked,
    answerAll: (turn: ModelTurn | null) => {
      for (const resolve of pending.splice(0)) resolve(turn);
    },
  };
}

const ANSWER: ModelTurn = {
  reply: "Sure, when suits you?",
  actions: [{ tool: "set_disposition", disposition: "call_back" }],
};

describe("a language model asked once per caller turn", () => {
  it("gives a second run of the same turn the first run's answer, also while it is still coming", async () => {
    const { model, asked, answerAll } = countingModel();
    const memo = memoizedConversationModel(model)!;
    const first = memo(input());
    // The locked retry reads the same call again: equal values, new objects, keys in another order.
    const stateAgain = Object.fromEntries(
      Object.entries(initialState()).reverse(),
    ) as ModelTurnInput["state"];
    const second = memo(input({ state: stateAgain, now: new Date("2031-03-04T15:00:01Z") }));
    answerAll(ANSWER);
    expect(await first).toEqual(ANSWER);
    expect(await second).toEqual(ANSWER);
    expect(asked).toHaveLength(1);
    // Null (the local engine answered) is an answer too: the retry does not wait for the model again.
    const failed = memo(input({ text: "Something else" }));
    answerAll(null);
    expect(await failed).toBeNull();
    expect(await memo(input({ text: "Something else" }))).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it("asks anew for the next turn, another call's words, or another state", async () => {
    const { model, asked, answerAll } = countingModel();
    const memo = memoizedConversationModel(model)!;
    const turns = [
      memo(input()),
      memo(input({ history: ["AI: Hello!", "Caller: Hi.", "AI: How can I help?"] })),
      memo(input({ text: "Can someone call me back on Friday?" })),
      memo(input({ state: { ...initialState(), turns: 3 } })),
    ];
    answerAll(ANSWER);
    await Promise.all(turns);
    expect(asked).toHaveLength(4);
  });

  it("holds an answer briefly and a bounded number of them", async () => {
    let clock = 0;
    const { model, asked, answerAll } = countingModel();
    const memo = memoizedConversationModel(model, { holdMs: 1_000, maxEntries: 2, now: () => clock })!;
    const ask = async (text: string) => {
      const answer = memo(input({ text }));
      answerAll(ANSWER);
      return answer;
    };
    await ask("one");
    clock = 999;
    await ask("one");
    expect(asked).toHaveLength(1);
    clock = 1_000;
    await ask("one");
    expect(asked).toHaveLength(2);
    await ask("two");
    await ask("three");
    // "one" was the oldest of three: forgotten.
    await ask("one");
    expect(asked.map((turn) => turn.text)).toEqual(["one", "one", "two", "three", "one"]);
  });

  it("asks again after a model that threw", async () => {
    let calls = 0;
    const memo = memoizedConversationModel(async () => {
      calls += 1;
      if (calls === 1) throw new Error("boom");
      return ANSWER;
    })!;
    await expect(memo(input())).rejects.toThrow("boom");
    expect(await memo(input())).toEqual(ANSWER);
    expect(calls).toBe(2);
  });

  it("is no model without one", () => {
    expect(memoizedConversationModel(null)).toBeNull();
  });
});
