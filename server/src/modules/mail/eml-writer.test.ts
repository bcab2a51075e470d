import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EmlWriter } from "./eml-writer.ts";

describe("EmlWriter", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eml-writer-"));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes every queued copy whole, and close() resolves only once they are all on disk", async () => {
    fs.mkdirSync(dir, { recursive: true });
    const writer = new EmlWriter(dir);
    for (let i = 0; i < 200; i++) writer.write(`${i}.eml`, Buffer.from(`Subject: ${i}\n\n${"x".repeat(i)}`));
    await writer.close();
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(200);
    expect(files.some((f) => f.endsWith(".tmp"))).toBe(false);
    expect(fs.readFileSync(path.join(dir, "199.eml"), "utf8")).toBe(`Subject: 199\n\n${"x".repeat(199)}`);
  });

  it("writes on the calling thread once closed", async () => {
    fs.mkdirSync(dir, { recursive: true });
    const writer = new EmlWriter(dir);
    await writer.close();
    writer.write("late.eml", Buffer.from("Subject: late"));
    expect(fs.readFileSync(path.join(dir, "late.eml"), "utf8")).toBe("Subject: late");
  });

  it("keeps a process with nothing else to do alive until close() has written the copies", () => {
    fs.mkdirSync(dir, { recursive: true });
    const script = [
      `import { EmlWriter } from ${JSON.stringify(path.join(import.meta.dirname, "eml-writer.ts"))};`,
      `const writer = new EmlWriter(${JSON.stringify(dir)});`,
      `writer.write("last.eml", Buffer.from("Subject: last"));`,
      `await writer.close();`,
      `console.log("closed");`,
    ].join("\n");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "eml-close-")), "close.mts");
    fs.writeFileSync(file, script);
    const tsx = path.join(import.meta.dirname, "../../../../node_modules/.bin/tsx");
    const run = spawnSync(tsx, [file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(run.stdout.trim()).toBe("closed");
    expect(run.status).toBe(0);
    expect(fs.readFileSync(path.join(dir, "last.eml"), "utf8")).toBe("Subject: last");
  });
});
