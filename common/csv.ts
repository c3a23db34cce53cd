/**
 * How large a CSV the server reads may be, line by line, whatever the import (contacts, the
 * do-not-call list, the dialer's lead lines). The bounds are far beyond any real spreadsheet, so
 * only a broken or hostile file meets them, and the file is then refused as a whole (400) with
 * the line a person must fix, counted as a spreadsheet counts them:
 *
 * - a cell: 64 KB of text. Excel keeps at most 32,767 characters in a cell and Google Sheets
 *   50,000; a longer cell is nearly always a quote that is never closed.
 * - a line: 1 MB of text, which 1,000 cells near Excel's own cell limit would still not reach.
 * - columns: 1,000. A contact, number or lead list has a few dozen at most; a line of thousands
 *   of empty cells is a run of delimiters, not data (Excel can hold 16,384, but no import reads
 *   more than a few hundred: the contacts import reads at most MAX_IMPORT_COLUMNS).
 */
export const CSV_MAX_CELL_CHARS = 64 * 1024;
export const CSV_MAX_LINE_CHARS = 1024 * 1024;
export const CSV_MAX_COLUMNS = 1000;

const n = (value: number) => value.toLocaleString("en-US");

export function csvCellTooLong(line: number, column: number): string {
  return `Line ${n(line)}, column ${n(column)}: the cell is longer than ${n(CSV_MAX_CELL_CHARS)} characters, more than a spreadsheet keeps in a cell. Check for a quote (") that is never closed, or shorten the cell, and upload again.`;
}

export function csvLineTooLong(line: number): string {
  return `Line ${n(line)}: the line is longer than ${n(CSV_MAX_LINE_CHARS)} characters. Check for a quote (") that is never closed, or split the line, and upload again.`;
}

export function csvTooManyColumns(line: number): string {
  return `Line ${n(line)}: the line has more than ${n(CSV_MAX_COLUMNS)} columns. Remove the extra delimiters or empty columns, and upload again.`;
}
