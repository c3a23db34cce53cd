import { MAX_IMPORT_COLUMNS } from "../../../../common/contacts";
import { Invalid } from "../../../domain/errors";
import { type ColumnPlan, headerlessPlan, planColumns } from "./columns";
import { decodeChunks, type ImportEncoding, SniffingDecoder } from "./decode";
import { readRecords } from "./parse";
import { type ContactDraft, readRow } from "./rows";

/**
 * The parts of an import that read the file: decoding, CSV, the column plan and each row's
 * values. They run in a worker thread (reading-worker.ts, through the pool in
 * ../reading.ts), so a file of any shape costs the event loop nothing; the server only writes
 * what comes back, in batches.
 */

/** Data rows reported at a time while an upload is counted. */
const COUNT_EVERY = 500;
/** Rows sent back at a time while a file is imported. */
const ROWS_EVERY = 500;

/** What counting an upload tells: its plan (first), its data rows (as they are counted), its encoding (last). */
export type UploadFacts = { plan: ColumnPlan } | { dataRows: number } | { encoding: ImportEncoding };

export function headerTooWide(columns: number): string {
  return `The header row has ${columns} columns; an import reads at most ${MAX_IMPORT_COLUMNS}. Remove the columns you do not need and upload again.`;
}

function planOf(record: { cells: string[] } | { broken: string }): ColumnPlan {
  const plan = "cells" in record ? planColumns(record.cells) : headerlessPlan();
  if (plan.hasHeader && plan.header.length > MAX_IMPORT_COLUMNS)
    throw new Invalid(headerTooWide(plan.header.length));
  return plan;
}

/** An upload's bytes as they arrive: its encoding, its plan and how many data rows it has. */
export async function* countUpload(
  _init: Record<string, never>,
  bytes: AsyncIterable<Uint8Array>,
): AsyncGenerator<UploadFacts[]> {
  const decoder = new SniffingDecoder();
  async function* texts(): AsyncGenerator<string> {
    for await (const chunk of bytes) {
      const text = decoder.write(chunk);
      if (text) yield text;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
  let plan: ColumnPlan | null = null;
  let counted = 0;
  for await (const record of readRecords(texts())) {
    if (!plan) {
      plan = planOf(record);
      yield [{ plan }];
      if (plan.hasHeader) continue;
    }
    counted++;
    if (counted === COUNT_EVERY) {
      yield [{ dataRows: counted }];
      counted = 0;
    }
  }
  yield [{ dataRows: counted }, { encoding: decoder.encoding }];
}

/** A data row read: a contact to write, or the reason it cannot be one. */
export type ReadRow = { line: number; cells: string[] } & (
  | { contact: ContactDraft }
  | { column: string | null; reason: string }
);

export type ImportReading = { plan: ColumnPlan } | ReadRow;

export type ReadImportOptions = {
  encoding: ImportEncoding;
  /** The workspace's default country, for numbers written without +country code. */
  country: string;
  /** Data rows an earlier run already committed: read, not sent. */
  skipRows: number;
};

/** A stored (or small) upload's rows, read: the plan first, then every data row after `skipRows`. */
export async function* readImportRows(
  options: ReadImportOptions,
  bytes: AsyncIterable<Uint8Array>,
): AsyncGenerator<ImportReading[]> {
  let plan: ColumnPlan | null = null;
  let dataIndex = 0;
  let rows: ImportReading[] = [];
  for await (const record of readRecords(decodeChunks(bytes, options.encoding))) {
    if (!plan) {
      plan = planOf(record);
      rows.push({ plan });
      if (plan.hasHeader) continue;
    }
    dataIndex++;
    if (dataIndex <= options.skipRows) continue;
    rows.push(readOne(record, plan, options.country));
    if (rows.length >= ROWS_EVERY) {
      yield rows;
      rows = [];
    }
  }
  yield rows;
}

function readOne(
  record: { line: number; cells: string[] } | { line: number; broken: string },
  plan: ColumnPlan,
  country: string,
): ReadRow {
  const { line } = record;
  if ("broken" in record) return { line, cells: [], column: null, reason: record.broken };
  const { cells } = record;
  if (cells.length > MAX_IMPORT_COLUMNS)
    return {
      line,
      cells,
      column: null,
      reason: `This row has ${cells.length} cells; an import reads at most ${MAX_IMPORT_COLUMNS} columns`,
    };
  const result = readRow(cells, plan, country);
  return result.ok
    ? { line, cells, contact: result.contact }
    : { line, cells, column: result.column, reason: result.reason };
}
