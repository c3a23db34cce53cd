import { INLINE_IMPORT_ROWS, MAX_IMPORT_BYTES, NO_CSV_DATA } from "../../../../common/contacts";
import { type DomainError, Invalid, TooLarge } from "../../../domain/errors";
import { contactsReading } from "../reading";
import type { ColumnPlan } from "./columns";
import type { ImportEncoding } from "./decode";

/**
 * Reading an upload as it arrives, before anything is imported: its size (refused past
 * MAX_IMPORT_BYTES), its encoding, its header and how many data rows it has, worked out in a
 * worker thread (reading.ts) from the bytes this side passes on; a file past the CSV limits is
 * refused here, with its line. A file of up to INLINE_IMPORT_ROWS rows is kept in memory and
 * imported in the request; as soon as a file has more, what arrived so far and the rest go to
 * the database in pieces of about a megabyte (`spill`), for a job to import: the server never
 * holds a large file, and any app server can run the job.
 */

export const FILE_PIECE_BYTES = 1024 * 1024;
/** Bytes read (and handed to the worker) at a time. */
const READ_PIECE_BYTES = 64 * 1024;

export const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most one import takes. Split it into smaller files and upload each.`;

export function tooLarge(): DomainError {
  return new TooLarge(TOO_LARGE);
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
  const keepNow = async (chunk: Uint8Array) => {
    if (!spill) {
      held.push(chunk);
      return;
    }
    piece.push(chunk);
    pieceBytes += chunk.length;
    if (pieceBytes >= FILE_PIECE_BYTES) await flushPiece();
  };
  // What is kept (held, or spilled) goes in one chain, in the order it arrived: the bytes
  // arrive as the worker asks for them while the rows it counts decide to spill.
  let keeping: Promise<void> = Promise.resolve();
  const inOrder = (step: () => Promise<void>) => {
    keeping = keeping.then(step);
    return keeping;
  };

  async function* arriving(): AsyncGenerator<Uint8Array> {
    for await (const chunk of body) {
      // A body given whole (the JSON route's text) is passed on in pieces like a stream's.
      for (let at = 0; at < chunk.length; at += READ_PIECE_BYTES) {
        const part = chunk.subarray(at, at + READ_PIECE_BYTES);
        bytes += part.length;
        if (bytes > MAX_IMPORT_BYTES) throw tooLarge();
        await inOrder(() => keepNow(part));
        yield part;
      }
    }
  }

  let plan: ColumnPlan | null = null;
  let encoding: ImportEncoding = "utf-8";
  let dataRows = 0;
  for await (const facts of contactsReading.countUpload(arriving())) {
    for (const fact of facts) {
      if ("plan" in fact) plan = fact.plan;
      else if ("encoding" in fact) encoding = fact.encoding;
      else dataRows += fact.dataRows;
    }
    if (dataRows > INLINE_IMPORT_ROWS && !spill)
      await inOrder(async () => {
        spill = await openSpill();
        const earlier = held;
        held = [];
        for (const chunk of earlier) await keepNow(chunk);
      });
  }
  await inOrder(flushPiece);
  if (!plan || dataRows === 0) throw new Invalid(NO_CSV_DATA);
  return { encoding, plan, dataRows, bytes, inline: spill ? null : Buffer.concat(held) };
}
