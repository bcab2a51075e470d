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
});
