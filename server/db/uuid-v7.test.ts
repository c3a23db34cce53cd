import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../test/database";
import type { Database } from "./client";

/** The migrations' uuid_v7(): contacts' ids, which must be valid version-7 UUIDs in time order. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("uuid_v7()", () => {
  it("makes version-7 UUIDs that carry the time they were made and sort in that order", async () => {
    const before = Date.now();
    const first = (await database.db.execute(sql`select uuid_v7()::text as id`)) as {
      rows: { id: string }[];
    };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await database.db.execute(sql`select uuid_v7()::text as id`)) as {
      rows: { id: string }[];
    };
    const after = Date.now();
    const [a, b] = [first.rows[0]!.id, second.rows[0]!.id];
    expect(a).toMatch(V7);
    expect(b).toMatch(V7);
    const millis = (id: string) => Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
    expect(millis(a)).toBeGreaterThanOrEqual(before - 1);
    expect(millis(b)).toBeLessThanOrEqual(after + 1);
    expect(a < b).toBe(true);
  });

  it("gives every new contact one, all different", async () => {
    const result = (await database.db.execute(
      sql`select count(distinct uuid_v7()) as n from generate_series(1, 10000)`,
    )) as { rows: { n: string | number }[] };
    expect(Number(result.rows[0]!.n)).toBe(10000);
    const column = (await database.db.execute(
      sql`select column_default from information_schema.columns where table_name = 'contacts' and column_name = 'id'`,
    )) as { rows: { column_default: string }[] };
    expect(column.rows[0]!.column_default).toBe("uuid_v7()");
  });
});
