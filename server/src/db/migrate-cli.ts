import { loadConfig } from "../config.ts";
import { openDatabase } from "./client.ts";

const config = loadConfig();
openDatabase(config.databaseFile).close();
console.log(`Database ${config.databaseFile} is up to date.`);
