/** Where a first visit spends main-thread time: loads a page of the built store in a fresh Chromium profile
 * with the V8 CPU profiler on, then prints the long tasks and the functions with the most self time
 * (mapped to source files when the build has source maps: `VITE_SOURCEMAP=1 pnpm build`).
 * PROFILE_PATH=/product/steam-20 picks the page; CPU_THROTTLE=4 slows the CPU like Lighthouse's mobile
 * preset; PROFILE_OUT=file.cpuprofile keeps the profile (open it in DevTools' Performance panel). */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS, repoRoot, startBuiltStore } from "./serve.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** thread (CPU) time: unlike dur, it leaves out time the thread waited for a busy machine's CPU */
  tdur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown> };
}

/** The page's renderer main thread: the one that parsed its HTML. */
function mainThread(events: TraceEvent[]): number | undefined {
  return events.find((e) => e.name === "ParseHTML")?.tid;
}

/** Self time (µs) per source location within [from, to), keyed by group(file) and the function's name. */
function selfTimes(
  profile: CpuProfile,
  maps: SourceMaps,
  from: number,
  to: number,
  group?: (file: string) => string,
): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n] as const));
  const out = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (time < from || time >= to || !frame) return;
    const { file, name } = maps.locate(frame);
    if (file === "(program/gc/idle)" && name === "(idle)") return;
    const key = group ? group(file) : `${name || "(anonymous)"} ${file}`;
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  return out;
}

function top(m: Map<string, number>, n: number, separator = "\n"): string {
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) =>
      separator === "\n" ? `${String(Math.round(us / 1000)).padStart(6)} ms  ${k}` : `${k} ${Math.round(us / 1000)}`,
    )
    .join(separator);
}

/** Maps minified positions back to source files through the build's .map files, when there are any. */
class SourceMaps {
  private cache = new Map<string, ((line: number, column: number) => string) | null>();

  locate(frame: ProfileNode["callFrame"]): { file: string; name: string } {
    if (!frame.url) return { file: frame.functionName ? "(native)" : "(program/gc/idle)", name: frame.functionName };
    const url = new URL(frame.url);
    const lookup = this.load(url.pathname);
    const file = lookup ? lookup(frame.lineNumber, frame.columnNumber) : `${url.pathname}:${frame.lineNumber}`;
    return { file, name: frame.functionName };
  }

  private load(pathname: string): ((line: number, column: number) => string) | null {
    if (this.cache.has(pathname)) return this.cache.get(pathname) ?? null;
    const mapFile = path.join(process.env.CLIENT_DIST ?? path.join(repoRoot, "client/dist"), `${pathname}.map`);
    let lookup: ((line: number, column: number) => string) | null = null;
    if (fs.existsSync(mapFile)) {
      const map = JSON.parse(fs.readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string };
      const lines = decodeMappings(map.mappings);
      lookup = (line, column) => {
        const segments = lines[line] ?? [];
        let best: number[] | undefined;
        for (const s of segments) if ((s[0] ?? 0) <= column) best = s;
        const source = best?.[1] === undefined ? "?" : (map.sources[best[1]] ?? "?");
        return `${source.replace(/^(\.\.\/)+/, "").replace(/^node_modules\/\.pnpm\/[^/]+\/node_modules\//, "")}:${(best?.[2] ?? 0) + 1}`;
      };
    }
    this.cache.set(pathname, lookup);
    return lookup;
  }
}

/** Source map v3 "mappings": per generated line, [column, source, line, column] absolute values. */
function decodeMappings(mappings: string): number[][][] {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const state = [0, 0, 0, 0];
  return mappings.split(";").map((line) => {
    state[0] = 0;
    return line
      .split(",")
      .filter(Boolean)
      .map((segment) => {
        const values: number[] = [];
        let value = 0;
        let shift = 0;
        for (const ch of segment) {
          const digit = chars.indexOf(ch);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value & 1 ? -(value >> 1) : value >> 1);
            value = 0;
            shift = 0;
          }
        }
        return values.map((v, i) => {
          state[i] = (state[i] ?? 0) + v;
          return state[i] ?? 0;
        });
      });
  });
}

const pathname = process.env.PROFILE_PATH ?? "/";
const throttle = Number(process.env.CPU_THROTTLE ?? 1);
const runs = Number(process.env.PROFILE_RUNS ?? 1);
// CLIENT_DIST=/some/dist profiles another client build (an A/B comparison on this noisy machine).
const store = await startBuiltStore(4312, process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST } : {});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const summaries: Summary[] = [];
  for (let run = 0; run < runs; run++) summaries.push(await profileOnce(runs === 1));
  if (runs > 1) {
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    const keys = Object.keys(summaries[0] ?? {}) as (keyof Summary)[];
    console.log(`median of ${runs}: ${keys.map((k) => `${k} ${median(summaries.map((s) => s[k]))}`).join(", ")}`);
  }
} finally {
  await browser.close();
  await store.stop();
}

/** One run's figures (ms): blocking is Lighthouse's TBT arithmetic on the observed tasks after FCP, with its
 * mobile CPU multiplier (4, layouts 2), a rough guide to what the simulated TBT will do. */
interface Summary {
  fcp: number;
  lcp: number;
  blocking: number;
  blockingCpu: number;
  taskTime: number;
  taskCpu: number;
  dexie: number;
  react: number;
}

async function profileOnce(detail: boolean): Promise<Summary> {
  const context = await browser.newContext({ serviceWorkers: "allow", viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  const traceEvents: TraceEvent[] = [];
  // The protocol types trace events as string maps; they are the JSON objects of the trace format.
  cdp.on("Tracing.dataCollected", (e) => traceEvents.push(...(e.value as unknown[] as TraceEvent[])));
  const traceDone = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,loading",
    transferMode: "ReportEvents",
  });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.goto(store.url + pathname, { waitUntil: "load" });
  await page.waitForTimeout(4000);
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
  await cdp.send("Tracing.end");
  await traceDone;
  await context.close();
  if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));

  const navStart = traceEvents.find((e) => e.name === "navigationStart")?.ts ?? profile.startTime;
  const at = (ts: number) => Math.round((ts - navStart) / 1000);
  const mainTid = mainThread(traceEvents);
  const main = traceEvents.filter((e) => e.tid === mainTid && e.ph === "X");
  const fcp = at(traceEvents.find((e) => e.name === "firstContentfulPaint")?.ts ?? navStart);
  const lcp = at(traceEvents.filter((e) => e.name === "largestContentfulPaint::Candidate").at(-1)?.ts ?? navStart);
  const allTasks = main.filter((e) => e.name === "RunTask");
  const blockingBy = (length: (task: TraceEvent) => number) =>
    allTasks
      .filter((task) => at(task.ts) >= fcp)
      .reduce((sum, task) => {
        const layout = main.some((e) => e.name === "Layout" && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0));
        return sum + Math.max(0, (length(task) / 1000) * (layout ? 2 : 4) - 50);
      }, 0);
  const maps = new SourceMaps();
  const byFile = selfTimes(profile, maps, 0, Infinity, (f) => f.replace(/:\d+$/, ""));
  const summary: Summary = {
    fcp,
    lcp,
    blocking: Math.round(blockingBy((t) => t.dur ?? 0)),
    blockingCpu: Math.round(blockingBy((t) => t.tdur ?? t.dur ?? 0)),
    taskTime: Math.round(allTasks.reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000),
    taskCpu: Math.round(allTasks.reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0) / 1000),
    dexie: Math.round((byFile.get("dexie/dist/dexie.js") ?? 0) / 1000),
    react: Math.round((byFile.get("react-dom/cjs/react-dom-client.production.js") ?? 0) / 1000),
  };
  console.log(
    Object.entries(summary)
      .map(([k, v]) => `${k} ${v}`)
      .join(", "),
  );
  if (!detail) return summary;

  const marks = traceEvents
    .filter((e) =>
      ["firstContentfulPaint", "largestContentfulPaint::Candidate", "domContentLoadedEventEnd"].includes(e.name),
    )
    .map((e) => `${e.name} ${at(e.ts)}`);
  console.log("marks (ms after navigation):", marks.join(", "));
  console.log(`tasks >= ${process.env.PROFILE_TASK_MS ?? 30} ms:`);
  for (const task of allTasks.filter((e) => (e.dur ?? 0) >= Number(process.env.PROFILE_TASK_MS ?? 30) * 1000)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const kinds = new Map<string, number>();
    for (const e of inside) {
      // only the outermost event of each kind, so nested ones are not counted twice
      const nested = inside.some(
        (o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0),
      );
      if (!nested) kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0));
    }
    const events = [...kinds.entries()]
      .filter(([, us]) => us >= 2000)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, us]) => `${name} ${Math.round(us / 1000)}`);
    const js = selfTimes(profile, maps, task.ts, end, (file) => file.replace(/:\d+$/, ""));
    const functions = selfTimes(profile, maps, task.ts, end);
    console.log(
      `  ${at(task.ts)} ms +${Math.round((task.dur ?? 0) / 1000)}: ${events.join(", ")}\n      files: ${top(js, 6, ", ")}\n      functions: ${top(functions, 6, ", ")}`,
    );
  }
  console.log(`\nself time by source file:\n${top(byFile, 40)}`);
  console.log(`\nself time by function:\n${top(selfTimes(profile, maps, 0, Infinity), 40)}`);
  return summary;
}
