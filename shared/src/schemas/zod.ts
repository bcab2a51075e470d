/** zod for the shared schemas. In a browser it parses without compiling parsers (jitless): compiling uses
 * `new Function`, which the store's Content-Security-Policy refuses (docs/operations.md). The server keeps
 * the compiled, faster parsers. */
import { z } from "zod";

if ("window" in globalThis) z.config({ jitless: true });

export { z };
