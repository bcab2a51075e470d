// Bundles the server into dist/main.js (shared/ inlined), and the dev mailbox's copy writer thread into
// dist/eml-writer.worker.js beside it (started by URL from main.js), keeping native packages external,
// and copies the SQL migrations (SQLite and PostgreSQL) beside it.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@store/"));

fs.rmSync(path.join(root, "dist"), { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, "src/main.ts"),
    "eml-writer.worker": path.join(root, "src/modules/mail/eml-writer.worker.ts"),
  },
  outdir: path.join(root, "dist"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});
fs.cpSync(path.join(root, "src/db/migrations"), path.join(root, "dist/migrations"), { recursive: true });
fs.cpSync(path.join(root, "src/db/migrations-pg"), path.join(root, "dist/migrations-pg"), { recursive: true });
// Read at run time beside main.js (admin-auth/password-policy.ts).
fs.copyFileSync(
  path.join(root, "src/modules/admin-auth/common-passwords.txt"),
  path.join(root, "dist/common-passwords.txt"),
);
// The mails' catalogs, read at run time beside main.js (mail/catalog.ts).
fs.cpSync(path.join(root, "src/modules/mail/locales"), path.join(root, "dist/locales"), { recursive: true });
console.log("server built: dist/main.js, dist/eml-writer.worker.js");
