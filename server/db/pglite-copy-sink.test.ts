import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copySink } from "./pglite-copy-sink";

/** The embedded database's COPY device: the same bytes as PGlite's /dev/blob, one export at a time. */
describe("copySink", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(async () => {
    await client.close();
  });

  // About 3 MB: more than the device's first buffer, so it grows (and keeps what it had).
  const query =
    "select g, 'Zoë, \"quoted\"' || g, repeat('x', 60), g % 3 = 0 from generate_series(1, 40000) g";

  async function throughBlob(): Promise<Buffer> {
    const result = await client.query(`copy (${query}) to '/dev/blob' with (format csv)`);
    return Buffer.from(await result.blob!.arrayBuffer());
  }

  it("holds exactly what PostgreSQL's COPY wrote, as /dev/blob would", async () => {
    const sink = copySink(client)!;
    expect(sink).not.toBeNull();
    sink.reset();
    await client.query(`copy (${query}) to '${sink.path}' with (format csv)`);
    const bytes = Buffer.from(sink.take());
    expect(bytes.length).toBeGreaterThan(2 << 20);
    expect(bytes.equals(await throughBlob())).toBe(true);
    expect(bytes.toString("utf8").split("\n")[1]).toBe(`2,"Zoë, ""quoted""2",${"x".repeat(60)},f`);
  });

  it("starts empty after a reset: a second export holds only its own rows", async () => {
    const sink = copySink(client)!;
    expect(copySink(client)).toBe(sink); // one device per database
    sink.reset();
    await client.query(`copy (${query}) to '${sink.path}' with (format csv)`);
    sink.reset();
    await client.query(`copy (select 'only', 1) to '${sink.path}' with (format csv)`);
    expect(Buffer.from(sink.take()).toString("utf8")).toBe("only,1\n");
  });

  it("still holds every byte of an export larger than the size it keeps between exports", async () => {
    const sink = copySink(client)!;
    sink.reset();
    await client.query(
      `copy (select repeat('y', 1000) from generate_series(1, 20000)) to '${sink.path}' with (format csv)`,
    );
    expect(sink.take().length).toBe(20000 * 1001);
    sink.reset();
    await client.query(`copy (select 'small') to '${sink.path}' with (format csv)`);
    expect(Buffer.from(sink.take()).toString("utf8")).toBe("small\n");
  });

  it("leaves the database's own devices alone: random values still work after it is made", async () => {
    expect(copySink(client)).not.toBeNull();
    const { rows } = await client.query<{ id: string }>("select gen_random_uuid()::text as id");
    expect(rows[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is null where PGlite's module offers no file system (the export then uses /dev/blob)", () => {
    expect(copySink({} as PGlite)).toBeNull();
    expect(copySink({ Module: { FS: {} } } as unknown as PGlite)).toBeNull();
  });
});
