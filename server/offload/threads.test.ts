import { describe, expect, it } from "vitest";
import { csvTooManyColumns } from "../../common/csv";
import { Invalid, TooLarge } from "../domain/errors";
import { contactsReading } from "../features/contacts/reading";

/**
 * The worker pool's streams (threads.ts and serve.ts), through the contacts area's reader: the
 * answers come back in order, a worker's refusal keeps its status, a failing input or a consumer
 * that stops early ends the stream, and the input is never read far ahead of the consumer.
 */

/** A do-not-call list of `pieces` pieces of about 64 KB, counting how many were taken. */
function numberPieces(pieces: number) {
  const piece = Array.from({ length: 5_000 }, (_, i) => `555${String(2000000 + i)}`).join("\n");
  const taken = { count: 0 };
  async function* input(): AsyncGenerator<string> {
    yield "Phone\n";
    for (let i = 0; i < pieces; i++) {
      taken.count++;
      yield `${piece}\n`;
    }
  }
  return { input: input(), taken };
}

describe("a stream through a worker thread", () => {
  it("answers every line, in order", async () => {
    const { input } = numberPieces(3);
    const lines: number[] = [];
    for await (const list of contactsReading.doNotCallLines(input, "US"))
      lines.push(...list.map((l) => l.line));
    expect(lines).toHaveLength(15_000);
    expect(lines[0]).toBe(2);
    expect(lines.at(-1)).toBe(15_001);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it("throws the worker's refusal as the domain failure it was, line and all", async () => {
    const read = async () => {
      for await (const _ of contactsReading.doNotCallLines(
        [`Phone\n5552000000\n${",".repeat(2_000)}\n`],
        "US",
      )) {
        // reading to the end
      }
    };
    const error = await read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect(error).toMatchObject({ message: csvTooManyColumns(3) });
  });

  it("ends with the input's own error when the input fails", async () => {
    async function* failing(): AsyncGenerator<string> {
      yield "Phone\n5552000000\n";
      throw new TooLarge("too large");
    }
    const read = async () => {
      for await (const _ of contactsReading.doNotCallLines(failing(), "US")) {
        // reading to the end
      }
    };
    const error = await read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooLarge);
    expect(error).toMatchObject({ message: "too large" });
  });

  it("reads no further than a few pieces ahead of a consumer that waits, and stops when it stops", async () => {
    const { input, taken } = numberPieces(200);
    let lists = 0;
    for await (const _ of contactsReading.doNotCallLines(input, "US")) {
      lists++;
      if (lists === 1) await new Promise((resolve) => setTimeout(resolve, 500));
      if (lists === 3) break;
    }
    // 200 pieces were there to take; a few answers waiting were enough to hold the reading back.
    expect(taken.count).toBeLessThan(10);
    const after = taken.count;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(taken.count).toBe(after);
    // The thread is free for the next stream.
    const next = numberPieces(1);
    let read = 0;
    for await (const list of contactsReading.doNotCallLines(next.input, "US")) read += list.length;
    expect(read).toBe(5_000);
  });
});
