/** The server process refuses, at start, a DATABASE_URL it cannot use. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const serverDir = new URL("../", import.meta.url).pathname;

function start(databaseUrl: string): { status: number | null; output: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-start-"));
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: "0", DATABASE_URL: databaseUrl },
      encoding: "utf8",
      timeout: 30_000,
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("start-up with DATABASE_URL", () => {
  it("stops with a clear message for an unsupported scheme, without echoing the URL's password", () => {
    const { status, output } = start("mysql://root:hunter2@db.internal/store");
    expect(status).toBe(1);
    expect(output).toContain('Cannot start the store: Unsupported DATABASE_URL scheme "mysql:"');
    expect(output).not.toContain("hunter2");
    expect(output).not.toMatch(/\n\s+at /); // one line, no stack trace
  });

  it("stops with a clear message for a bare path (not taken silently as a file)", () => {
    const { status, output } = start("./somewhere/store.db");
    expect(status).toBe(1);
    expect(output).toContain("Cannot start the store: Unsupported DATABASE_URL");
  });
});
