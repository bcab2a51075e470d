import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { cpuSecondsOfStat, cpuUsedBetween, machineCpuOfStat, processCpu, threadCpu } from "./cpu-time.ts";

describe("CPU time from /proc", () => {
  it("reads user and system time after a command name with spaces and parentheses", () => {
    const stat = "4242 (node (main) x) S 1 4242 4242 0 -1 4194560 9000 0 12 0 1234 567 0 0 20 0 11 0 3306 0 0";
    expect(cpuSecondsOfStat(stat)).toBeCloseTo(18.01, 5);
  });

  it("counts idle and iowait as not busy", () => {
    const stat = "cpu  1000 50 400 3000 100 0 30 20 0 0\ncpu0 500 25 200 1500 50 0 15 10 0 0\n";
    expect(machineCpuOfStat(stat)).toEqual({ busy: 15, total: 46 });
  });

  it("counts a process started between the readings from zero and leaves out one that exited", () => {
    const before = new Map([
      [1, 10],
      [2, 5],
    ]);
    const after = new Map([
      [1, 12.5],
      [3, 0.75],
    ]);
    expect(cpuUsedBetween(before, after)).toBeCloseTo(3.25, 5);
  });

  it.runIf(process.platform === "linux")("reads this process and its main thread", () => {
    const cpu = processCpu(process.pid);
    expect(cpu).not.toBeNull();
    expect(cpu?.mainThread).toBeGreaterThan(0);
    expect(cpu?.total).toBeGreaterThanOrEqual(cpu?.mainThread ?? Infinity);
  });

  it.runIf(process.platform === "linux")("adds up a process's threads by the names they take", async () => {
    // A thread that names itself as the store's do, then works until it has used 150 ms of CPU of its own.
    const worker = new Worker(
      `const fs = require("node:fs");
       fs.writeFileSync("/proc/thread-self/comm", "cpu-test-named");
       const end = process.threadCpuUsage().user + 150000;
       while (process.threadCpuUsage().user < end) {}
       require("node:worker_threads").parentPort.postMessage("done");
       setInterval(() => {}, 1000);`,
      { eval: true },
    );
    await new Promise((resolve) => worker.once("message", resolve));
    const threads = threadCpu(process.pid);
    await worker.terminate();
    expect(threads?.get("cpu-test-named")).toBeGreaterThanOrEqual(0.1);
    expect(threadCpu(2 ** 22 + 1)).toBeNull();
  });
});
