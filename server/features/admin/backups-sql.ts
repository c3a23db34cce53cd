import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
import type pg from "pg";

/**
 * The PostgreSQL half of a backup when pg_dump is not at hand (it often is not, next to a Node
 * server): the data of every table in the public schema as plain SQL that psql or
 * `npm run restore` runs, read in ONE repeatable-read, read-only transaction so every table is
 * seen at the same instant while the servers keep writing.
 *
 * The schema itself is not in it: the archive carries the migrations that built it (restore
 * applies them to the empty database first), so the tables come back exactly as the app's own
 * migrations define them, triggers and indexes included. What the file then does:
 * - in one transaction; user triggers (the call and contact counters) are switched off while
 *   rows load, since the counters' own rows are in the dump;
 * - tables emptied first (a migration may have seeded rows), then filled parents before
 *   children (the foreign keys stay checked);
 * - every value as PostgreSQL's own text form of it (`col::text`), which the column's type reads
 *   back unchanged (timestamps, jsonb, arrays, bytea in hex); generated columns are left out;
 * - sequences set to where they were.
 * Every statement is one line (newlines inside values are escaped), so it is read line by line.
 */

export const DUMP_HEADER = "-- AI Platform database backup (data of schema public)";

type Table = { name: string; columns: string[] };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A string literal on one line: E'...' with backslash escapes for the line breaks. */
export function literal(value: string | null): string {
  if (value === null) return "NULL";
  if (!/['\\\n\r]/.test(value)) return `'${value}'`;
  const escaped = value
    .replaceAll("\\", "\\\\")
    .replaceAll("'", "''")
    .replaceAll("\n", "\\n")
    .replaceAll("\r", "\\r");
  return `E'${escaped}'`;
}

/** Parents before children; a cycle (none today) keeps the catalog's order for what is left. */
export function loadOrder(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  let left = [...tables];
  while (left.length) {
    const ready = left.filter((table) =>
      references.every((ref) => ref.child !== table || ref.parent === table || placed.has(ref.parent)),
    );
    const next = ready.length ? ready : [left[0]!];
    for (const table of next) {
      ordered.push(table);
      placed.add(table);
    }
    left = left.filter((table) => !placed.has(table));
  }
  return ordered;
}

const ROWS_PER_INSERT = 100;
const FETCH_ROWS = 1000;
const WRITE_CHARS = 1 << 20;

/** Dumps the database the client is connected to into `file`; answers the rows written per table. */
export async function dumpPostgres(client: pg.ClientBase, file: string): Promise<Record<string, number>> {
  const out = await open(file, "w");
  let pending = "";
  const write = async (text: string) => {
    pending += text;
    if (pending.length >= WRITE_CHARS) {
      await out.write(pending);
      pending = "";
    }
  };
  const counts: Record<string, number> = {};
  await client.query("begin isolation level repeatable read, read only");
  try {
    const tableRows = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and not c.relispartition
        order by c.relname`,
    );
    const columnRows = await client.query<{ table: string; column: string }>(
      `select c.relname as table, a.attname as column from pg_attribute a
         join pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
          and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
    );
    const referenceRows = await client.query<{ child: string; parent: string }>(
      `select child.relname as child, parent.relname as parent from pg_constraint k
         join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
    );
    const sequenceRows = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' order by c.relname`,
    );
    const references = referenceRows.rows;
    const tables: Table[] = loadOrder(
      tableRows.rows.map((r) => r.name),
      references,
    ).map((name) => ({
      name,
      columns: columnRows.rows.filter((r) => r.table === name).map((r) => r.column),
    }));

    await write(`${DUMP_HEADER}, taken ${new Date().toISOString()}\n`);
    await write("SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n");
    await write("SET search_path = public, pg_catalog;\nBEGIN;\n");
    for (const table of tables)
      await write(`ALTER TABLE public.${ident(table.name)} DISABLE TRIGGER USER;\n`);
    if (tables.length)
      await write(`TRUNCATE ${tables.map((table) => `public.${ident(table.name)}`).join(", ")};\n`);

    for (const table of tables) {
      counts[table.name] = 0;
      if (!table.columns.length) continue;
      const into = `INSERT INTO public.${ident(table.name)} (${table.columns.map(ident).join(", ")}) VALUES `;
      const select = table.columns.map((column) => `${ident(column)}::text`).join(", ");
      await client.query(
        `declare backup_rows no scroll cursor for select ${select} from public.${ident(table.name)}`,
      );
      let batch: string[] = [];
      for (;;) {
        const fetched = await client.query({
          text: `fetch ${FETCH_ROWS} from backup_rows`,
          rowMode: "array",
        });
        for (const row of fetched.rows as (string | null)[][]) {
          batch.push(`(${row.map(literal).join(", ")})`);
          if (batch.length === ROWS_PER_INSERT) {
            await write(`${into}${batch.join(", ")};\n`);
            batch = [];
          }
        }
        counts[table.name] = (counts[table.name] ?? 0) + fetched.rows.length;
        if (fetched.rows.length < FETCH_ROWS) break;
      }
      if (batch.length) await write(`${into}${batch.join(", ")};\n`);
      await client.query("close backup_rows");
    }

    for (const { name } of sequenceRows.rows) {
      const state = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from public.${ident(name)}`,
      );
      const row = state.rows[0];
      if (row)
        await write(
          `SELECT pg_catalog.setval(${literal(`public.${ident(name)}`)}, ${row.last_value}, ${row.is_called});\n`,
        );
    }
    for (const table of tables) await write(`ALTER TABLE public.${ident(table.name)} ENABLE TRIGGER USER;\n`);
    await write("COMMIT;\n");
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    if (pending) await out.write(pending);
    await out.close();
  }
  return counts;
}

const RUN_CHARS = 4 << 20;

/**
 * Runs a dump made above on the client's database, statements in batches (the file's own
 * BEGIN/COMMIT make it all or nothing). Comment lines are skipped.
 */
export async function runSqlDump(client: pg.ClientBase, file: string): Promise<void> {
  const lines = createInterface({
    input: createReadStream(file, "utf8"),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let batch = "";
  let first = true;
  try {
    for await (const line of lines) {
      if (first) {
        if (!line.startsWith(DUMP_HEADER))
          throw new Error("The backup's database dump is not one this app wrote");
        first = false;
      }
      if (!line || line.startsWith("--")) continue;
      batch += `${line}\n`;
      if (batch.length >= RUN_CHARS) {
        await client.query(batch);
        batch = "";
      }
    }
    if (batch) await client.query(batch);
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  }
}
