/** Runs the server process (src/main.ts) to its exit with the given settings, in a throwaway data directory,
 * for the start-up tests: its exit status and everything it printed. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const serverDir = new URL("../../", import.meta.url).pathname;
/** A start that fails its settings exits within a few seconds on a quiet machine, the TypeScript of the whole server
 * compiled first; on a machine loaded with the other test suites it has taken twenty times as long. */
const ATTEMPT_TIMEOUT_MS = 60_000;
/** The longest one runServerToExit() may take (two attempts): a test's timeout is this for each run it makes. */
export const SERVER_EXIT_TIMEOUT_MS = 2 * ATTEMPT_TIMEOUT_MS + 5_000;

export function runServerToExit(env: Record<string, string>): { status: number | null; output: string } {
  let stalled = "";
  // A run the timeout stopped is tried once more: in one clean-clone CI run a start stalled, silent, until the
  // timeout, before it had even installed its signal handlers; a start that never ends stalls twice. The output of
  // both runs is kept.
  for (let attempt = 1; ; attempt++) {
    const run = runOnce(env);
    if (!run.timedOut || attempt === 2) return { status: run.status, output: `${stalled}${run.output}` };
    stalled = `${run.output}\n[runServerToExit: attempt 1 stopped by the timeout after ${ATTEMPT_TIMEOUT_MS} ms]\n`;
  }
}

/** One run; stopped by the timeout, its status is null whatever its signal handler exited with. */
function runOnce(env: Record<string, string>): { status: number | null; output: string; timedOut: boolean } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-start-"));
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: "0", ...env },
      encoding: "utf8",
      timeout: ATTEMPT_TIMEOUT_MS,
    });
    const timedOut = (run.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT";
    const stopped = timedOut ? `\n[stopped by the timeout, exit status ${run.status ?? run.signal ?? "none"}]` : "";
    return { status: timedOut ? null : run.status, output: `${run.stdout}${run.stderr}${stopped}`, timedOut };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
