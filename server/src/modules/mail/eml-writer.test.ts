import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import PostalMime from "postal-mime";
import { EmlWriter } from "./eml-writer.ts";

/** A copy named `file` whose subject is `subject`. */
const copy = (file: string, subject: string, text = "body") => ({
  file,
  mail: {
    from: "store@store.local",
    to: "amira@example.com",
    subject,
    text,
    html: `<p>${text}</p>`,
    date: new Date(0),
  },
});

/** The subject and text a MIME parser reads in the copy `file`. */
async function readCopy(dir: string, file: string): Promise<{ subject: string | undefined; text: string | undefined }> {
  const mail = await PostalMime.parse(fs.readFileSync(path.join(dir, file)));
  return { subject: mail.subject, text: mail.text?.trim() };
}

describe("EmlWriter", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eml-writer-"));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("composes and writes every queued copy whole, owner-only, and close() resolves only once they are all on disk", async () => {
    fs.mkdirSync(dir, { recursive: true });
    const writer = new EmlWriter(dir);
    for (let i = 0; i < 200; i++) writer.write(copy(`${i}.eml`, `Order ${i}`, "م".repeat(i)));
    writer.writeAll([copy("a.eml", "رموزك للطلب PNR-ABCD1234"), copy("b.eml", "b")]);
    await writer.close();
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(202);
    expect(files.some((f) => f.endsWith(".tmp"))).toBe(false);
    expect(await readCopy(dir, "199.eml")).toEqual({ subject: "Order 199", text: "م".repeat(199) });
    expect((await readCopy(dir, "a.eml")).subject).toBe("رموزك للطلب PNR-ABCD1234");
    if (process.platform !== "win32") expect(fs.statSync(path.join(dir, "0.eml")).mode & 0o777).toBe(0o600);
  });

  it("writes on the calling thread once closed", async () => {
    fs.mkdirSync(dir, { recursive: true });
    const writer = new EmlWriter(dir);
    await writer.close();
    writer.write(copy("late.eml", "late"));
    expect((await readCopy(dir, "late.eml")).subject).toBe("late");
  });

  it("keeps a process with nothing else to do alive until close() has written the copies", () => {
    fs.mkdirSync(dir, { recursive: true });
    const script = [
      `import { EmlWriter } from ${JSON.stringify(path.join(import.meta.dirname, "eml-writer.ts"))};`,
      `const writer = new EmlWriter(${JSON.stringify(dir)});`,
      `writer.write({ file: "last.eml", mail: { from: "s@store.local", to: "a@example.com", subject: "last", text: "t", html: "h" } });`,
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
    expect(fs.readFileSync(path.join(dir, "last.eml"), "utf8")).toContain("Subject: last");
  });
});
