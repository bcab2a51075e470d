/** Writes the dev mailbox's .eml copies on a worker thread, so a burst of checkouts never waits on the file
 * system and the copies keep up with it. Through libuv's pool every file took four turns of the busy event
 * loop (open, write, close, rename): under load the copies fell thousands behind and were written at
 * shutdown. Each copy is written to a temporary name and renamed, so a reader never sees half a file. The copies
 * hold codes and private order links: they are owner-only (0600), like the rest of the data directory. */
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PRIVATE_FILE_MODE } from "../../lib/private-files.ts";

// Plain CommonJS run by the worker (eval), so it needs no bundling of its own.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
// Copies are for people: on Linux this thread runs at the lowest priority (nice 19), so it writes with the
// CPU that checkouts leave idle. /proc/thread-self names this thread's id, which setpriority() accepts.
try {
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  if (tid > 0) require("node:os").setPriority(tid, 19);
} catch {}
parentPort.on("message", (message) => {
  if (message === "stop") {
    parentPort.close();
    return;
  }
  for (const copy of message) {
    const final = path.join(workerData.dir, copy.file);
    try {
      fs.writeFileSync(final + ".tmp", copy.content, { mode: workerData.mode });
      fs.renameSync(final + ".tmp", final);
    } catch (err) {
      console.error("dev mailbox: could not write " + copy.file + ": " + (err && err.message ? err.message : err));
    }
  }
});
`;

export class EmlWriter {
  private worker: Worker | undefined;
  private readonly stopped: Promise<void>;

  constructor(private readonly dir: string) {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { dir, mode: PRIVATE_FILE_MODE } });
    // Copies are a convenience: the worker never keeps the process alive (a crash is covered at the next start).
    worker.unref();
    worker.on("error", (err) => {
      console.error(`dev mailbox: .eml writer stopped (${err.message}); writing copies on the main thread`);
      this.worker = undefined;
    });
    this.stopped = new Promise((resolve) => worker.once("exit", () => resolve()));
    this.worker = worker;
  }

  /** Queues one copy (written in order, after what was queued before). */
  write(file: string, content: Buffer): void {
    this.writeAll([{ file, content }]);
  }

  /** Queues several copies in one message to the worker, in order. A copy whose bytes are a whole buffer of
   * their own is moved to the worker rather than copied (it must not be used after this call). */
  writeAll(copies: readonly { file: string; content: Buffer }[]): void {
    const worker = this.worker;
    if (!worker) {
      for (const { file, content } of copies) this.writeNow(file, content);
      return;
    }
    const owned = copies
      .map(({ content }) => content.buffer)
      .filter((buffer, i) => buffer instanceof ArrayBuffer && buffer.byteLength === copies[i]?.content.byteLength);
    worker.postMessage(copies, owned as ArrayBuffer[]);
  }

  writeNow(file: string, content: Buffer): void {
    const final = path.join(this.dir, file);
    fs.writeFileSync(`${final}.tmp`, content, { mode: PRIVATE_FILE_MODE });
    fs.renameSync(`${final}.tmp`, final);
  }

  /** Resolves once every queued copy is written. */
  async close(): Promise<void> {
    if (!this.worker) return;
    // Waited for now: held, or a process with nothing else to do would end before the copies are written.
    this.worker.ref();
    this.worker.postMessage("stop");
    this.worker = undefined;
    await this.stopped;
  }
}
