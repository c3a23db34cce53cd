import { createReadStream } from "node:fs";
import { appendFile, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Spill } from "./intake";
import type { ImportRepository } from "./repository";

/**
 * Where a queued import's upload waits for its job, until the import finishes.
 *
 * - On PostgreSQL, in the database (contact_import_files, a piece of about a megabyte a row):
 *   several app servers share the database and any of them may run the job.
 * - On the embedded database, in a file under DATA_DIR: only one server can open an embedded
 *   database, so the file is where the job runs, and a megabyte-sized bytea through PGlite
 *   grows its WebAssembly memory for good (about 125 MB for a 40 MB upload), which a file does
 *   not.
 */
export type ImportFiles = {
  writer(importId: string): Spill;
  read(importId: string): AsyncIterable<Uint8Array>;
  remove(importId: string): Promise<void>;
};

export function databaseFiles(repo: ImportRepository): ImportFiles {
  return {
    writer(importId) {
      let seq = 0;
      return { write: (piece) => repo.appendFile(importId, seq++, piece) };
    },
    read: (importId) => repo.readFile(importId),
    remove: (importId) => repo.deleteFile(importId),
  };
}

/** One file per import in `dir` (created when first needed), named by the import's id. */
export function directoryFiles(dir: string): ImportFiles {
  // Import ids are UUIDs from the database; anything else never names a file.
  const fileFor = (importId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(importId)) throw new Error("An import id names its file");
    return path.join(dir, `${importId}.csv`);
  };
  return {
    writer(importId) {
      let ready: Promise<unknown> | null = null;
      return {
        async write(piece) {
          ready ??= mkdir(dir, { recursive: true });
          await ready;
          await appendFile(fileFor(importId), piece);
        },
      };
    },
    read: (importId) => createReadStream(fileFor(importId), { highWaterMark: 1024 * 1024 }),
    remove: (importId) => rm(fileFor(importId), { force: true }),
  };
}
