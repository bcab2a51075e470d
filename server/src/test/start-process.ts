/** Runs the server process (src/main.ts) to its exit with the given settings, in a throwaway data directory,
 * for the start-up tests: its exit status and everything it printed. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const serverDir = new URL("../../", import.meta.url).pathname;

export function runServerToExit(env: Record<string, string>): { status: number | null; output: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-start-"));
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: "0", ...env },
      encoding: "utf8",
      timeout: 50_000,
    });
    // A run stopped by the timeout says so, so a failed assertion on its status tells a slow start from a wrong exit.
    const stopped =
      run.status === null
        ? `\n[runServerToExit: stopped by ${run.signal ?? "the timeout"}: ${run.error?.message ?? "no exit"}]`
        : "";
    return { status: run.status, output: `${run.stdout}${run.stderr}${stopped}` };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
