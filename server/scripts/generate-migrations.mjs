// `pnpm db:generate <change_name>`: writes both engines' migrations for a change of server/src/db/schema/ under the
// one name given, so the SQLite file (migrations/) and the PostgreSQL one (migrations-pg/) of a change read as a
// pair instead of bearing two names drizzle-kit draws at random.
import { execFileSync } from "node:child_process";

const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error("usage: pnpm db:generate <change_name>  (what the change does, in lower_snake_case)");
  process.exit(1);
}
for (const config of ["drizzle.config.ts", "drizzle.pg.config.ts"]) {
  execFileSync("drizzle-kit", ["generate", "--config", config, "--name", name], { stdio: "inherit" });
}
