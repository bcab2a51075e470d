/** The entry the build bundles into index.html's inline boot script (vite-plugins.ts, inlineBootScript). */
import { boot } from "./boot-script.ts";

boot(window);
