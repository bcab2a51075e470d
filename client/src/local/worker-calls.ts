/**
 * Calls to a module worker, with this thread as the fallback: each request goes out with an id and comes back as
 * `{ id, ok, result }` or `{ id, ok: false, error }`. Where workers are missing, or the worker's script fails to
 * load or run, the request (and every later one) is answered here instead.
 */

export type WorkerReply<T> = { id: number; ok: true; result: T } | { id: number; ok: false; error: string };

/** A request as the worker receives it. */
export type WorkerRequest<Q> = Q & { id: number };

/**
 * `start` makes the worker (its `new Worker(new URL(...))` stays in the caller, where the bundler sees it);
 * `here` answers a request on this thread; `read` turns the worker's result into the answer.
 */
export function workerCalls<Q extends object, T, R>(
  start: () => Worker,
  here: (request: Q) => Promise<R>,
  read: (result: T) => R,
): (request: Q) => Promise<R> {
  let worker: Worker | null = null;
  /** Set once the worker could not start: every later request is answered here. */
  let failed = typeof Worker === "undefined";
  let nextId = 1;
  const pending = new Map<number, { request: Q; resolve: (answer: R) => void; reject: (error: Error) => void }>();

  const open = (): Worker => {
    const started = start();
    started.onmessage = ({ data }: MessageEvent<WorkerReply<T>>) => {
      const waiting = pending.get(data.id);
      if (!waiting) return;
      pending.delete(data.id);
      if (!data.ok) waiting.reject(new Error(data.error));
      else {
        try {
          waiting.resolve(read(data.result));
        } catch (error) {
          waiting.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    };
    // The worker's script failed to load or run: answer here what it was asked, and stop using it.
    started.onerror = (event) => {
      event.preventDefault();
      failed = true;
      started.terminate();
      worker = null;
      const stranded = [...pending.values()];
      pending.clear();
      for (const { request, resolve, reject } of stranded) here(request).then(resolve, reject);
    };
    return started;
  };

  return (request) => {
    if (failed) return here(request);
    worker ??= open();
    const target = worker;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { request, resolve, reject });
      const message: WorkerRequest<Q> = { ...request, id };
      target.postMessage(message);
    });
  };
}
