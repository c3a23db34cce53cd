import path from "node:path";
import { workerPool } from "../../offload/threads";
import type { DoNotCallLine } from "./do-not-call-reading";
import type { ImportEncoding } from "./import/decode";
import type { ImportReading, UploadFacts } from "./import/reading";

/**
 * The contacts area's reads of uploaded files, each run in a worker thread
 * (reading-worker.ts): the import's counting and rows, the do-not-call list. Two threads at
 * most, shared by every upload (they take turns a piece of input at a time).
 */
const pool = workerPool({
  files: {
    bundled: path.join(import.meta.dirname, "contacts-reading-worker.js"),
    source: path.join(import.meta.dirname, "reading-worker.ts"),
  },
  maxThreads: 2,
});

export const contactsReading = {
  /** An upload's bytes as they arrive: its plan, its data rows as they are counted, its encoding. */
  countUpload: (bytes: AsyncIterable<Uint8Array>) =>
    pool.stream<UploadFacts>("contacts.count-upload", {}, bytes),

  /** A file's rows read into contacts or reasons, after the rows an earlier run committed. */
  importRows: (
    bytes: AsyncIterable<Uint8Array>,
    options: { encoding: ImportEncoding; country: string; skipRows: number },
  ) => pool.stream<ImportReading>("contacts.import-rows", options, bytes),

  /** A do-not-call list's lines, each number read in `country`. */
  doNotCallLines: (texts: AsyncIterable<string> | Iterable<string>, country: string) =>
    pool.stream<DoNotCallLine>("contacts.do-not-call", { country }, texts),
};
