/** Composes and writes the dev mailbox's .eml copies on a worker thread (eml-writer.worker.ts), so a burst of
 * checkouts spends nothing on MIME encoding, never waits on the file system, and the copies keep up with it. Through
 * libuv's pool every file took four turns of the busy event loop (open, write, close, rename): under load the copies
 * fell thousands behind and were written at shutdown. Each copy is written to a temporary name and renamed, so a
 * reader never sees half a file. The copies hold codes and private order links: they are owner-only (0600), like
 * the rest of the data directory. */
import { Worker } from "node:worker_threads";
import { PRIVATE_FILE_MODE } from "../../lib/private-files.ts";
import { writeEmlCopy, type EmlCopy } from "./rfc822.ts";

/** The name the copy writer's thread takes on Linux (at most 15 characters). */
export const MAIL_COPIES_THREAD = "mail-copies";

// The thread's module: beside this one in the source (run as TypeScript), beside main.js in the build.
const WORKER_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./eml-writer.worker.ts" : "./eml-writer.worker.js",
  import.meta.url,
);

export class EmlWriter {
  private worker: Worker | undefined;
  private readonly stopped: Promise<void>;

  constructor(private readonly dir: string) {
    const worker = new Worker(WORKER_URL, {
      workerData: { dir, mode: PRIVATE_FILE_MODE, threadName: MAIL_COPIES_THREAD },
    });
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
  write(copy: EmlCopy): void {
    this.writeAll([copy]);
  }

  /** Queues several copies in one message to the worker, in order; the worker composes and writes them. */
  writeAll(copies: readonly EmlCopy[]): void {
    const worker = this.worker;
    if (!worker) {
      for (const copy of copies) this.writeNow(copy);
      return;
    }
    worker.postMessage(copies);
  }

  /** Composes and writes one copy on the calling thread. */
  writeNow(copy: EmlCopy): void {
    writeEmlCopy(this.dir, PRIVATE_FILE_MODE, copy);
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
