import { describe, expect, it } from "vitest";
import { groupCommit } from "./sending";

/** A write that records its groups and finishes when the test says so. */
function controlledWrite() {
  const groups: string[][] = [];
  const pending: { finish: () => void; fail: (error: Error) => void }[] = [];
  const write = (ids: string[]) =>
    new Promise<void>((finish, fail) => {
      groups.push(ids);
      pending.push({ finish, fail });
    });
  return { groups, pending, write };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("groupCommit (marking accepted sends sent)", () => {
  it("writes the first at once and those arriving meanwhile together in the next write", async () => {
    const { groups, pending, write } = controlledWrite();
    const mark = groupCommit(write);
    const settled: string[] = [];
    const track = (id: string) => mark(id).then(() => settled.push(id));

    const first = track("a");
    expect(groups).toEqual([["a"]]);
    const later = [track("b"), track("c"), track("d")];
    await flush();
    // Nothing else is written while the first write is under way, and nothing is settled.
    expect(groups).toEqual([["a"]]);
    expect(settled).toEqual([]);

    pending[0]?.finish();
    await first;
    await flush();
    expect(settled).toEqual(["a"]);
    expect(groups).toEqual([["a"], ["b", "c", "d"]]);
    pending[1]?.finish();
    await Promise.all(later);
    expect(settled).toEqual(["a", "b", "c", "d"]);

    // Idle again: the next one is written at once, alone.
    const next = track("e");
    expect(groups).toEqual([["a"], ["b", "c", "d"], ["e"]]);
    pending[2]?.finish();
    await next;
  });

  it("rejects only the group whose write failed, and carries on with the next", async () => {
    const { groups, pending, write } = controlledWrite();
    const mark = groupCommit(write);
    const a = mark("a");
    const b = mark("b");
    const c = mark("c");
    pending[0]?.fail(new Error("connection lost"));
    await expect(a).rejects.toThrow("connection lost");
    await flush();
    expect(groups).toEqual([["a"], ["b", "c"]]);
    pending[1]?.finish();
    await expect(Promise.all([b, c])).resolves.toEqual([undefined, undefined]);
  });

  it("writes at most maxGroup at a time", async () => {
    const { groups, pending, write } = controlledWrite();
    const mark = groupCommit(write, 2);
    const all = ["a", "b", "c", "d", "e"].map((id) => mark(id));
    for (let i = 0; i < 3; i++) {
      await flush();
      pending[i]?.finish();
    }
    await Promise.all(all);
    expect(groups).toEqual([["a"], ["b", "c"], ["d", "e"]]);
  });
});
