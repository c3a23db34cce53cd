import {
  INLINE_IMPORT_ROWS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_COLUMNS,
  NO_CSV_DATA,
} from "../../../../common/contacts";
import { badRequest, HttpError } from "../../../http/errors";
import { type ColumnPlan, headerlessPlan, planColumns } from "./columns";
import { type ImportEncoding, SniffingDecoder } from "./decode";
import { readRecords } from "./parse";

/**
 * Reading an upload as it arrives, before anything is imported: its size (refused past
 * MAX_IMPORT_BYTES), its encoding, its header and how many data rows it has. A file of up to
 * INLINE_IMPORT_ROWS rows is kept in memory and imported in the request; as soon as a file has
 * more, what arrived so far and the rest go to the database in pieces of about a megabyte
 * (`spill`), for a job to import: the server never holds a large file, and any app server can
 * run the job.
 */

export const FILE_PIECE_BYTES = 1024 * 1024;
/** Bytes decoded and parsed at a time. */
const READ_PIECE_BYTES = 64 * 1024;

export const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most one import takes. Split it into smaller files and upload each.`;

export function tooLarge(): HttpError {
  return new HttpError(413, TOO_LARGE);
}

/** Where a large upload's pieces go: opened once the file proves too large to import inline. */
export type Spill = { write(piece: Uint8Array): Promise<void> };

export type Received = {
  encoding: ImportEncoding;
  plan: ColumnPlan;
  /** Data rows: the rows after the header (blank rows not counted). */
  dataRows: number;
  bytes: number;
  /** The whole upload when it is imported in the request; null when it was spilled. */
  inline: Uint8Array | null;
};

export async function receiveUpload(
  body: AsyncIterable<Uint8Array>,
  openSpill: () => Promise<Spill>,
): Promise<Received> {
  const decoder = new SniffingDecoder();
  let bytes = 0;
  let held: Uint8Array[] = [];
  let spill: Spill | null = null;
  let piece: Uint8Array[] = [];
  let pieceBytes = 0;

  const flushPiece = async () => {
    if (!spill || pieceBytes === 0) return;
    const data = Buffer.concat(piece);
    piece = [];
    pieceBytes = 0;
    await spill.write(data);
  };
  const keep = async (chunk: Uint8Array) => {
    if (!spill) {
      held.push(chunk);
      return;
    }
    piece.push(chunk);
    pieceBytes += chunk.length;
    if (pieceBytes >= FILE_PIECE_BYTES) await flushPiece();
  };

  async function* texts(): AsyncGenerator<string> {
    for await (const chunk of body) {
      // A body given whole (the JSON route's text) is read in pieces like a stream's.
      for (let at = 0; at < chunk.length; at += READ_PIECE_BYTES) {
        const part = chunk.subarray(at, at + READ_PIECE_BYTES);
        bytes += part.length;
        if (bytes > MAX_IMPORT_BYTES) throw tooLarge();
        await keep(part);
        const text = decoder.write(part);
        if (text) yield text;
      }
    }
    await flushPiece();
    const rest = decoder.end();
    if (rest) yield rest;
  }

  let plan: ColumnPlan | null = null;
  let dataRows = 0;
  for await (const record of readRecords(texts())) {
    if (!plan) {
      plan = "cells" in record ? planColumns(record.cells) : headerlessPlan();
      if (plan.hasHeader) {
        if (plan.header.length > MAX_IMPORT_COLUMNS)
          throw badRequest(
            `The header row has ${plan.header.length} columns; an import reads at most ${MAX_IMPORT_COLUMNS}. Remove the columns you do not need and upload again.`,
          );
        continue;
      }
    }
    dataRows++;
    if (dataRows > INLINE_IMPORT_ROWS && !spill) {
      spill = await openSpill();
      const earlier = held;
      held = [];
      for (const chunk of earlier) await keep(chunk);
    }
  }
  await flushPiece();
  if (!plan || dataRows === 0) throw badRequest(NO_CSV_DATA);
  return {
    encoding: decoder.encoding,
    plan,
    dataRows,
    bytes,
    inline: spill ? null : Buffer.concat(held),
  };
}
