import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite } from "./client";

/**
 * The embedded database lets the event loop run between two queries (take-turns.ts): with a
 * queue of queries waiting, a callback scheduled on the event loop (as a socket read would be)
 * runs after the first query, not after the whole queue.
 */
let database: Database;
beforeAll(async () => {
  database = openPglite(await PGlite.create());
});
afterAll(() => database.close());

describe("the embedded database's queue", () => {
  it("lets the event loop in between two queries", async () => {
    let done = 0;
    const queries = Array.from({ length: 50 }, () =>
      database.db.execute(sql`select pg_sleep(0)`).then(() => {
        done++;
      }),
    );
    const doneWhenTheLoopRan = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(queries);
    expect(done).toBe(50);
    expect(doneWhenTheLoopRan).toBeLessThanOrEqual(1);
  });

  it("keeps arrival order, and a failed query does not stop the ones behind it", async () => {
    const order: string[] = [];
    const failing = database.db.execute(sql`select * from no_such_table`).catch(() => order.push("failed"));
    const ok = ["a", "b", "c"].map((name) =>
      database.db.execute(sql`select ${name}::text as name`).then(() => order.push(name)),
    );
    await Promise.all([failing, ...ok]);
    expect(order).toEqual(["failed", "a", "b", "c"]);
  });
});
