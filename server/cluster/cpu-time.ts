/** CPU time read from Linux's /proc, to say where a bench run's CPU went: the store's processes and their main
 * threads, the database's, the balancer's, and how busy the whole machine was. Elsewhere every reading is null. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

/** Linux counts CPU time in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** User plus system time of a /proc/<pid>/stat (or /proc/<pid>/task/<tid>/stat) text, in seconds. The command name
 * (field 2) is in parentheses and may hold spaces or parentheses itself: the fields are counted after its last ")". */
export function cpuSecondsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The machine's busy and total CPU time from the first line of /proc/stat, in seconds: idle and iowait are not busy. */
export function machineCpuOfStat(stat: string): { busy: number; total: number } {
  const line = stat.split("\n", 1)[0] ?? "";
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** A process's CPU time and its main thread's, in seconds; null once it has exited (or off Linux). */
export function processCpu(pid: number): { total: number; mainThread: number } | null {
  const total = read(`/proc/${pid}/stat`);
  const main = read(`/proc/${pid}/task/${pid}/stat`);
  return total === null || main === null
    ? null
    : { total: cpuSecondsOfStat(total), mainThread: cpuSecondsOfStat(main) };
}

/** CPU seconds of a process's threads by thread name (threads of one name added up), in seconds; null once it has
 * exited (or off Linux). A thread that exits takes its time with it. */
export function threadCpu(pid: number): Map<string, number> | null {
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  const byName = new Map<string, number>();
  for (const tid of tids) {
    const stat = read(`/proc/${pid}/task/${tid}/stat`);
    if (stat === null) continue;
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    byName.set(name, (byName.get(name) ?? 0) + cpuSecondsOfStat(stat));
  }
  return byName;
}

export function machineCpu(): { busy: number; total: number } | null {
  const stat = read("/proc/stat");
  return stat === null ? null : machineCpuOfStat(stat);
}

/** The ids of the processes with this exact name (pgrep -x); none when pgrep is missing. */
export function pidsNamed(name: string): number[] {
  const found = spawnSync("pgrep", ["-x", name], { encoding: "utf8" });
  return (found.stdout ?? "").split("\n").filter(Boolean).map(Number);
}

/** CPU seconds each of these processes has used, by id (the exited ones left out). */
export function cpuByProcess(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat !== null) out.set(pid, cpuSecondsOfStat(stat));
  }
  return out;
}

/** CPU seconds a group of processes used between two readings of cpuByProcess: a process started in between counts
 * from zero (a database session opened during the run), one that exited in between is lost. */
export function cpuUsedBetween(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}
