import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { seedDemoCatalog } from "./demo-catalog.ts";

const config = loadConfig();
const data = await openDatabase(config.database);
const result = await seedDemoCatalog(data);
console.log(
  result
    ? `Seeded ${result.products} products and ${result.categories} categories.`
    : "The catalog is not empty; nothing seeded.",
);
await data.close();
