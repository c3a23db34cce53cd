import type { ContactImport, ImportMode, ImportReject, ImportStatus } from "../../../../common/contacts";
import type { ImportRow, RejectRow } from "./repository";

export function presentImport(row: ImportRow): ContactImport {
  return {
    id: row.id,
    status: row.status as ImportStatus,
    mode: row.mode as ImportMode,
    fileName: row.fileName,
    jobId: row.jobId,
    totalRows: row.totalRows,
    imported: row.imported,
    updated: row.updated,
    skipped: row.skipped,
    rejected: row.rejected,
    unknownColumns: row.unknownColumns,
    encoding: row.encoding,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

export function presentReject(row: RejectRow): ImportReject {
  return { line: row.line, column: row.column, reason: row.reason };
}

/** "Line 7, Email: "bob@" is not a valid email address": a reject as the import's answer lists it. */
export function describeReject(row: RejectRow): string {
  return `Line ${row.line}${row.column ? `, ${row.column}` : ""}: ${row.reason}`;
}
