import { buildServices } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { seedDemoCatalog } from "./demo-catalog.ts";

const config = loadConfig();
const data = await openDatabase(config.database);
const result = await seedDemoCatalog(data, { codes: buildServices({ config, data }).codes });
console.log(
  result
    ? `Seeded ${result.products} products, ${result.categories} categories and ${result.codes} demo codes.`
    : "The catalog is not empty; nothing seeded.",
);
await data.close();
