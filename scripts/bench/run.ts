/** `pnpm bench`: runs every benchmark (after `pnpm build`) and writes bench-results/latest.json.
 * `pnpm bench checkout --engine postgres --instances 2`: the named ones, with the other arguments passed on. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot } from "./serve.ts";

const all = [
  "sync",
  "bundle",
  "lighthouse",
  "slow-network",
  "order-link",
  "search",
  "search-engines",
  "checkout",
  "api",
  "hostile",
  "admin-scale",
  "catalog-scale",
];
const wanted = process.argv.slice(2).filter((a) => all.includes(a));
const passed = process.argv.slice(2).filter((a) => !all.includes(a));
const benches = (wanted.length > 0 ? wanted : all).filter((name) =>
  fs.existsSync(path.join(import.meta.dirname, `${name}.ts`)),
);
const results: unknown[] = [];
for (const name of benches) {
  console.log(`== bench ${name}`);
  const run = spawnSync(
    path.join(repoRoot, "node_modules/.bin/tsx"),
    [path.join(import.meta.dirname, `${name}.ts`), ...passed],
    {
      cwd: repoRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      // admin-scale seeds a million orders and codes before it measures; api measures two catalog sizes for ~15 min.
      timeout: name === "admin-scale" ? 3_600_000 : 1_800_000,
    },
  );
  const lines = run.stdout.trim().split("\n");
  const last = lines.reverse().find((l) => l.startsWith("{"));
  if (run.status !== 0 || !last) {
    console.log(run.stdout);
    console.log(`!! bench ${name} failed (exit ${run.status})`);
    results.push({ bench: name, failed: true });
    continue;
  }
  console.log(last);
  results.push(JSON.parse(last));
}
fs.mkdirSync(path.join(repoRoot, "bench-results"), { recursive: true });
fs.writeFileSync(
  path.join(repoRoot, "bench-results/latest.json"),
  JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
);
console.log("written bench-results/latest.json");
