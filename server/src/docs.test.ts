/** The documentation keeps up with the code: every setting config.ts reads is in .env.example and
 * docs/operations.md, every route the server mounts is in docs/product.md (and nothing more), every module folder
 * and every key of the settings table is in docs/architecture.md (and no module that is gone), and the
 * code's citations of docs/decisions.md and docs/product.md point at entries that exist. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { createTestStore, type TestStore } from "./test/harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), "utf8");
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The keys loadConfig() looks up, recorded by handing it an environment that notes every read, plus the
 * keys its source declares (so a key read only in some branch of the code is not missed). */
function settingsReadByConfig(): string[] {
  const keys = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(_target, key) {
        if (typeof key === "string" && /^[A-Z][A-Z0-9_]*$/.test(key)) keys.add(key);
        return undefined;
      },
    },
  );
  loadConfig(env);
  const source = read("server/src/config.ts");
  for (const m of source.matchAll(/^\s+([A-Z][A-Z0-9_]*)\s*:/gm)) if (m[1]) keys.add(m[1]);
  for (const m of source.matchAll(/\b(?:env|e)\.([A-Z][A-Z0-9_]*)\b/g)) if (m[1]) keys.add(m[1]);
  return [...keys].sort();
}

/** "GET /api/orders/:code" -> "GET /api/orders/{code}" (with any pattern on the parameter dropped). */
function normalise(method: string, routePath: string): string {
  return `${method} ${routePath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}")}`;
}

/** Every route of the built app, middleware (registered for ALL methods) left out. */
function mountedRoutes(store: TestStore): string[] {
  const routes = new Set<string>();
  for (const r of store.app.routes) if (r.method !== "ALL") routes.add(normalise(r.method, r.path));
  return [...routes].sort();
}

/** The API table rows of docs/product.md: "| GET | `/api/sync` | ..." -> "GET /api/sync". */
function documentedRoutes(doc: string): string[] {
  const rows = new Set<string>();
  for (const m of doc.matchAll(/^\|\s*(GET|POST|PUT|PATCH|DELETE|HEAD)\s*\|\s*`([^`]+)`\s*\|/gm))
    if (m[1] && m[2]) rows.add(`${m[1]} ${m[2]}`);
  return [...rows].sort();
}

/** Source files of the repository (no dependencies, builds or CI scripts). */
function sourceFiles(): string[] {
  const skip = new Set(["node_modules", "dist", ".git", ".ci", ".toolchain", ".tmp", "data", "test-results"]);
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx|js|mjs|css|html|md)$/.test(entry.name)) out.push(rel);
    }
  };
  for (const dir of ["client", "server", "shared", "e2e", "scripts", "docs"]) walk(dir);
  return [...out, "README.md", ".env.example", "playwright.config.ts", "vitest.config.ts", "eslint.config.js"];
}

describe("settings documentation", () => {
  const settings = settingsReadByConfig();

  it("finds the settings config.ts reads", () => {
    expect(settings).toEqual(expect.arrayContaining(["PORT", "DATA_DIR", "CLIENT_DIST", "NODE_ENV"]));
  });

  it("lists every setting in .env.example", () => {
    const example = read(".env.example");
    const missing = settings.filter((key) => !new RegExp(`^#?\\s*${key}=`, "m").test(example));
    expect(missing, "settings read by server/src/config.ts but absent from .env.example").toEqual([]);
  });

  it("explains every setting in the table of docs/operations.md", () => {
    const doc = read("docs/operations.md");
    const missing = settings.filter((key) => !new RegExp(`^\\|\\s*\`${key}\`\\s*\\|`, "m").test(doc));
    expect(missing, "settings read by server/src/config.ts but absent from docs/operations.md").toEqual([]);
  });
});

describe("HTTP API documentation", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.close());

  it("lists every route the server mounts in docs/product.md", () => {
    const routes = mountedRoutes(store);
    expect(routes).toEqual(expect.arrayContaining(["GET /api/sync", "POST /api/checkout", "PUT /api/categories/{id}"]));
    const documented = new Set(documentedRoutes(read("docs/product.md")));
    const missing = routes.filter((r) => !documented.has(r));
    expect(missing, "routes mounted by server/src/app.ts but absent from docs/product.md").toEqual([]);
  });

  it("lists no route in docs/product.md that the server does not mount", () => {
    const routes = new Set(mountedRoutes(store));
    const stale = documentedRoutes(read("docs/product.md")).filter((r) => !routes.has(r));
    expect(stale, "routes in docs/product.md that server/src/app.ts does not mount").toEqual([]);
  });
});

/** The folders of server/src/modules. */
function moduleFolders(): string[] {
  return fs
    .readdirSync(path.join(ROOT, "server/src/modules"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The modules docs/architecture.md lists: the comma-separated names after "modules/<domain>/ one folder per
 * domain ...:" in its layout, each name's explanation in parentheses left out. */
function documentedModules(doc: string): string[] {
  const lines = doc.split("\n");
  const start = lines.findIndex((line) => /^\s+modules\/<domain>\/\s/.test(line));
  const end = lines.findIndex((line, i) => i > start && /^\s+<domain>\.routes\.ts/.test(line));
  if (start < 0 || end < 0) return [];
  const text = lines
    .slice(start, end)
    .map((line) => line.trim())
    .join(" ")
    .replace(/\([^)]*\)/g, "");
  const list = text.slice(text.indexOf(":") + 1);
  return list
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "")
    .sort();
}

/** The keys the server reads from or writes to the settings table: the string keys given to SettingsRepo's read and
 * write, to SettingsService's saveSynced, and the named *_KEY constants of the settings module. */
function settingsTableKeys(): string[] {
  const keys = new Set<string>();
  const dir = "server/src/modules/settings";
  const sources = fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  for (const file of sources) {
    const source = read(path.join(dir, file));
    for (const m of source.matchAll(/(?:read<[^>]*>\(tx, |write\(tx, |saveSynced\()"([A-Za-z]+)"/g))
      if (m[1]) keys.add(m[1]);
    for (const m of source.matchAll(/_KEY = "([A-Za-z]+)"/g)) if (m[1]) keys.add(m[1]);
  }
  return [...keys].sort();
}

describe("architecture documentation", () => {
  const doc = read("docs/architecture.md");

  it("lists every server module folder, and no module that is gone", () => {
    const folders = moduleFolders();
    expect(folders).toEqual(expect.arrayContaining(["catalog", "checkout", "settings"]));
    expect(documentedModules(doc), "docs/architecture.md's modules/<domain>/ list against server/src/modules").toEqual(
      folders,
    );
  });

  it("names every key of the settings table", () => {
    const keys = settingsTableKeys();
    expect(keys).toEqual(expect.arrayContaining(["toggles", "rate", "orderLimits"]));
    const missing = keys.filter((key) => !doc.includes(`\`${key}\``));
    expect(missing, "settings keys absent from docs/architecture.md").toEqual([]);
  });
});

describe("citations in the code", () => {
  const files = sourceFiles();

  it("cite nothing outside the repository", () => {
    // Spelled with a character class so that this file does not match the pattern it looks for.
    const brief = /S[P]EC\.md|DEC[I]SIONS\.md|ARCH[I]TECTURE\.md|\.\.\/[s]hared\/(?!src\/)/;
    const offenders = files.filter((f) => brief.test(read(f)));
    expect(offenders, "files citing documents outside the repository").toEqual([]);
  });

  it("cite decisions that docs/decisions.md has", () => {
    const decisions = read("docs/decisions.md");
    const missing = new Set<string>();
    for (const f of files)
      for (const m of read(f).matchAll(/docs\/decisions\.md,? ((?:D\d+(?:, )?)+)/g))
        for (const d of m[1]?.match(/D\d+/g) ?? [])
          if (!new RegExp(`^## ${d}\\.`, "m").test(decisions)) missing.add(`${f}: ${d}`);
    expect([...missing]).toEqual([]);
  });

  it("cite sections that docs/product.md has", () => {
    const product = read("docs/product.md");
    const missing = new Set<string>();
    for (const f of files)
      for (const m of read(f).matchAll(/docs\/product\.md,? \(?"([^"]+)"/g))
        if (m[1] && !new RegExp(`^#+ ${escape(m[1])}$`, "m").test(product)) missing.add(`${f}: ${m[1]}`);
    expect([...missing]).toEqual([]);
  });
});
