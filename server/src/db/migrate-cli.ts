import { loadConfig } from "../config.ts";
import { openDatabase } from "./client.ts";

const config = loadConfig();
// Opening applies the pending migrations.
await (await openDatabase(config.database)).close();
console.log(`Database ${config.database.engine === "sqlite" ? config.database.file : "(PostgreSQL)"} is up to date.`);
