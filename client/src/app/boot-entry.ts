/** The entry the build bundles into index.html's inline boot script (vite-plugins.ts, inlineBootScript). */
import { loadApp } from "./app-loader.ts";
import { boot } from "./boot-script.ts";

boot(window);
loadApp(window);
