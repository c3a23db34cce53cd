import { describe, expect, it } from "vitest";
import { Unavailable } from "../domain/errors";
import { AUDIO_BUSY, workQueue } from "./work-queue";

/** A job that runs until the test lets it finish. */
function gate() {
  let open: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { job: () => done, open };
}

describe("the audio work queue", () => {
  it("runs as many jobs at once as it has places, the rest in turn", async () => {
    const queue = workQueue({ concurrency: 2, maxWaiting: 4 });
    const gates = [gate(), gate(), gate()];
    const order: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        order.push(i);
        await g.job();
      }),
    );
    await Promise.resolve();
    expect(queue.running).toBe(2);
    expect(queue.waiting).toBe(1);
    expect(order).toEqual([0, 1]);
    gates[0]?.open();
    await runs[0];
    await expect.poll(() => order).toEqual([0, 1, 2]);
    gates[1]?.open();
    gates[2]?.open();
    await Promise.all(runs);
    expect(queue.running).toBe(0);
  });

  it("refuses with 503 and a plain message when too many are waiting", async () => {
    const queue = workQueue({ concurrency: 1, maxWaiting: 1 });
    const first = gate();
    const running = queue.run(first.job);
    const waiting = queue.run(async () => "second");
    const refused = await queue.run(async () => "third").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Unavailable);
    expect(refused).toMatchObject({ message: AUDIO_BUSY });
    first.open();
    await running;
    await expect(waiting).resolves.toBe("second");
  });

  it("gives up a waiting place when the caller's deadline passes", async () => {
    const queue = workQueue({ concurrency: 1, maxWaiting: 4 });
    const first = gate();
    const running = queue.run(first.job);
    const cancel = new AbortController();
    let ran = false;
    const waiting = queue.run(async () => {
      ran = true;
    }, cancel.signal);
    expect(queue.waiting).toBe(1);
    cancel.abort(new Error("deadline"));
    await expect(waiting).rejects.toThrow("deadline");
    expect(queue.waiting).toBe(0);
    first.open();
    await running;
    expect(ran).toBe(false);
    expect(queue.running).toBe(0);
  });
});
