import { loadConfig } from "../config.ts";
import { openDatabase } from "./client.ts";
import { seedDemoCatalog } from "./seed/demo-catalog.ts";

const config = loadConfig();
const { db, close } = openDatabase(config.databaseFile);
const result = await seedDemoCatalog(db, config.dataDir);
console.log(
  result
    ? `Seeded ${result.products} products and ${result.categories} categories.`
    : "The catalog is not empty; nothing seeded.",
);
close();
