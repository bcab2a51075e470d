/** Importing codes from a paste or a .txt/.csv file (docs/decisions.md D10): the text goes to the server in parts of
 * IMPORT_PART_LINES lines, each with its `lineOffset`, so a 10,000-line file shows its progress and every refusal keeps
 * the file's own line number. The parts' answers are joined into one summary here.
 *
 * A code that repeats an earlier line of the same file reaches the server after that line was imported (in an
 * earlier part) and comes back as "already in stock"; it is told apart here as a duplicate within the file, with the
 * line it repeats. The server's rule for what a line holds is followed: trimmed; in a .csv, the first cell (shared/src/csv.ts),
 * a first line "code" being a header. */
import type { CodeImportResult, ImportRefusal, ProductStock } from "@store/shared/schemas/stock";
import { firstCsvCell } from "@store/shared/csv";

const IMPORT_PART_LINES = 1000;

export type ImportFormat = "text" | "csv";

export interface ImportPart {
  text: string;
  /** Lines before this part in the whole text (added by the server to the line numbers it reports). */
  lineOffset: number;
  /** Lines in this part, blank ones included. */
  lines: number;
}

export interface ImportRefusalRow {
  line: number;
  reason: ImportRefusal;
  /** For a duplicate within the file: the earlier line holding the same code. */
  firstLine?: number;
}

export interface ImportSummary {
  lines: number;
  blank: number;
  imported: number;
  refused: ImportRefusalRow[];
  byReason: Record<ImportRefusal, number>;
  completedOrders: string[];
  /** The stock after the last part. */
  stock: ProductStock | null;
}

/** The format a file's name implies; a paste is plain text. */
export function formatOfFile(name: string): ImportFormat {
  return /\.csv$/i.test(name) ? "csv" : "text";
}

/** Whether a file may be imported (by its name; browsers give .csv files several types). */
export function isImportFile(name: string): boolean {
  return /\.(txt|csv)$/i.test(name);
}

/** The text's lines (\n, \r\n or \r); a final line break does not start another line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The parts to send, in order. */
export function importParts(lines: readonly string[], partLines = IMPORT_PART_LINES): ImportPart[] {
  const parts: ImportPart[] = [];
  for (let start = 0; start < lines.length; start += partLines) {
    const slice = lines.slice(start, start + partLines);
    parts.push({ text: slice.join("\n"), lineOffset: start, lines: slice.length });
  }
  return parts;
}

/** What one line holds as a code ("" for a blank line or a .csv header). `index` is 0-based. */
export function codeOfLine(line: string, format: ImportFormat, index: number): string {
  if (format === "text") return line.trim();
  const value = firstCsvCell(line);
  return index === 0 && value.toLowerCase() === "code" ? "" : value;
}

/** For every line repeating an earlier line's code: its number (1-based) → the first line's number. */
export function duplicateLines(lines: readonly string[], format: ImportFormat): Map<number, number> {
  const first = new Map<string, number>();
  const dupes = new Map<number, number>();
  lines.forEach((line, index) => {
    const code = codeOfLine(line, format, index);
    if (code === "") return;
    const seen = first.get(code);
    if (seen === undefined) first.set(code, index + 1);
    else dupes.set(index + 1, seen);
  });
  return dupes;
}

function emptyByReason(): Record<ImportRefusal, number> {
  return { duplicate_in_file: 0, already_in_stock: 0, too_long: 0, invalid_characters: 0 };
}

/** Joins the answers of the parts sent so far into one summary (refusals by line number). Lines read and blank lines
 * are counted here over the first `covered` lines (those the answered parts carried): a part ending in a blank line
 * reaches the server as text ending in a line break, which it does not count as a line. */
export function joinResults(
  lines: readonly string[],
  format: ImportFormat,
  results: readonly CodeImportResult[],
  covered: number = lines.length,
): ImportSummary {
  const dupes = duplicateLines(lines, format);
  const refused: ImportRefusalRow[] = [];
  const read = lines.slice(0, covered);
  const summary: ImportSummary = {
    lines: read.length,
    blank: read.filter((line) => line.trim() === "").length,
    imported: 0,
    refused,
    byReason: emptyByReason(),
    completedOrders: [],
    stock: null,
  };
  for (const result of results) {
    summary.imported += result.summary.imported;
    summary.stock = result.stock;
    for (const order of result.completedOrders)
      if (!summary.completedOrders.includes(order)) summary.completedOrders.push(order);
    for (const row of result.refused) {
      const firstLine = dupes.get(row.line);
      const reason: ImportRefusal =
        firstLine !== undefined && (row.reason === "already_in_stock" || row.reason === "duplicate_in_file")
          ? "duplicate_in_file"
          : row.reason;
      refused.push(
        firstLine !== undefined && reason === "duplicate_in_file" ? { ...row, reason, firstLine } : { ...row, reason },
      );
      summary.byReason[reason] += 1;
    }
  }
  refused.sort((a, b) => a.line - b.line);
  return summary;
}

/** What may be wrong with a line's code before it is sent: a space inside it (two codes on one line, or a code
 * copied with its label), a control character (tab or invisible: the server refuses the whole import), a character
 * beyond ASCII (an accented letter or a look-alike that a shop's codes seldom hold). */
export type LineWarningKind = "inner_space" | "control" | "non_ascii";

export interface LineWarning {
  /** 1-based. */
  line: number;
  kinds: LineWarningKind[];
}

// The server's rule for control characters (codes.service.ts), tabs included.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const INNER_SPACE = /\s/;
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/;

/** The lines whose codes deserve a second look, in order. */
export function lineWarnings(lines: readonly string[], format: ImportFormat): LineWarning[] {
  const out: LineWarning[] = [];
  lines.forEach((line, index) => {
    const code = codeOfLine(line, format, index);
    if (code === "") return;
    const kinds: LineWarningKind[] = [];
    // The rest of the code is looked at without its control characters (a tab is not also a space).
    const visible = code.replace(CONTROL, "");
    if (visible !== code) kinds.push("control");
    if (INNER_SPACE.test(visible)) kinds.push("inner_space");
    if (NON_ASCII.test(visible)) kinds.push("non_ascii");
    if (kinds.length > 0) out.push({ line: index + 1, kinds });
  });
  return out;
}
