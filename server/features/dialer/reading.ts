import path from "node:path";
import { workerPool } from "../../offload/threads";
import type { LeadLine } from "./lead-lines";

/**
 * The dialer's reads of pasted lead lines, run in a worker thread (reading-worker.ts), at most
 * two threads shared by every request.
 */
const pool = workerPool({
  files: {
    bundled: path.join(import.meta.dirname, "dialer-reading-worker.js"),
    source: path.join(import.meta.dirname, "reading-worker.ts"),
  },
  maxThreads: 2,
});

/** The add-leads dialog's text, read line by line into leads or reasons (numbers in `country`). */
export const readLeadLinesOffThread = (text: string, country: string) =>
  pool.stream<LeadLine>("dialer.lead-lines", { country }, [text]);
