/** The dev mailbox's copy writer thread (eml-writer.ts): composes each delivered mail as MIME and writes it, so
 * neither the encoding nor the file system's calls take time from checkouts. A module of its own: in the source it
 * runs as TypeScript, in the build it is bundled beside main.js (scripts/build.mjs). */
import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { writeEmlCopy, type EmlCopy } from "./rfc822.ts";

const { dir, mode, threadName } = workerData as { dir: string; mode: number; threadName: string };

// Copies are for people: on Linux this thread runs at the lowest priority (nice 19), so it works with the CPU that
// checkouts leave idle. /proc/thread-self names this thread's id, which setpriority() accepts. The thread also takes
// a name of its own (top -H, ps -L, and the checkout bench's CPU figures tell it from the process's other threads).
try {
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  if (tid > 0) os.setPriority(tid, 19);
  fs.writeFileSync("/proc/thread-self/comm", threadName);
} catch {
  // Not Linux: the thread keeps the process's priority and name.
}

parentPort?.on("message", (message: "stop" | EmlCopy[]) => {
  if (message === "stop") {
    parentPort?.close();
    return;
  }
  for (const copy of message) {
    try {
      writeEmlCopy(dir, mode, copy);
    } catch (err) {
      console.error(`dev mailbox: could not write ${copy.file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
});
