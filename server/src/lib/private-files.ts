/** Owner-only storage, so another account on the machine reads nothing: DATA_DIR holds the database, mails with private
 * order links and uploads, so it is 0700, and the SQLite file and its journals are 0600 (SQLite gives its journals the
 * database file's mode). Applied at every start, so a data directory created world-readable by an older version is
 * fixed. */
import fs from "node:fs";
import path from "node:path";

const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) owner-only, and makes an existing one owner-only. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates the SQLite file owner-only before SQLite does (its journals then get the same mode), and makes an
 * existing file and its journals owner-only. Its directory is created owner-only when missing; an existing one
 * (DATABASE_URL may name any place) is left as it is. */
export function ensurePrivateDatabaseFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`])
    if (fs.existsSync(f)) fs.chmodSync(f, PRIVATE_FILE_MODE);
}
