import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEY_FILE, maskCode, maskCodes, parseKey, Sealer } from "./sealer.ts";
import { parseImport } from "../modules/codes/codes.service.ts";

const HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

describe("CODES_KEY", () => {
  it("accepts 64 hex characters or base64 of 32 bytes, and refuses anything else", () => {
    const b64 = Buffer.from(HEX, "hex").toString("base64");
    expect(parseKey(HEX).equals(parseKey(b64))).toBe(true);
    expect(parseKey(Buffer.from(HEX, "hex").toString("base64url")).toString("hex")).toBe(HEX);
    for (const bad of ["", "abc", HEX.slice(2), Buffer.alloc(16).toString("base64"), `${HEX}00`])
      expect(() => parseKey(bad)).toThrow(/CODES_KEY must be 32 bytes/);
  });

  it("is generated once into the data directory, owner-only, and read back by the next process", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sealer-"));
    try {
      const a = Sealer.fromConfig(undefined, dir);
      const file = path.join(dir, KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const b = Sealer.fromConfig(undefined, dir);
      expect(b.open(a.seal("CODE-1", "p1"), "p1")).toBe("CODE-1");
      expect(b.hash("CODE-1")).toBe(a.hash("CODE-1"));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Sealer", () => {
  const sealer = new Sealer(parseKey(HEX));

  it("seals with a fresh IV each time, opens only with the same key and context", () => {
    const one = sealer.seal("ABCD-EFGH-1234", "product-a");
    const two = sealer.seal("ABCD-EFGH-1234", "product-a");
    expect(one).not.toBe(two);
    expect(one).not.toContain("ABCD");
    expect(sealer.open(one, "product-a")).toBe("ABCD-EFGH-1234");
    expect(() => sealer.open(one, "product-b")).toThrow();
    expect(() => new Sealer(Buffer.alloc(32, 7)).open(one, "product-a")).toThrow();
    // One character of the ciphertext changed (never to itself, which left it sealed as it was once in 64 runs).
    const tampered = `${one.slice(0, -2)}${one.at(-2) === "A" ? "B" : "A"}${one.slice(-1)}`;
    expect(tampered).not.toBe(one);
    expect(() => sealer.open(tampered, "product-a")).toThrow();
  });

  it("hashes equal codes alike, under its key only", () => {
    expect(sealer.hash("X-1")).toBe(sealer.hash("X-1"));
    expect(sealer.hash("X-1")).not.toBe(sealer.hash("X-2"));
    expect(new Sealer(Buffer.alloc(32, 7)).hash("X-1")).not.toBe(sealer.hash("X-1"));
  });

  it("masks all but the last four characters", () => {
    expect(maskCode("ABCD-EFGH-1234")).toBe("••••1234");
    expect(maskCode("SHORT")).toBe("••••");
  });

  it("masks a list of codes so that codes alike still differ, keeping at least two characters hidden", () => {
    expect(maskCodes(["ABCD-EFGH-1234", "ABCD0002", "SHORT"])).toEqual(["ABCD••••1234", "••••0002", "••••"]);
    const alike = maskCodes(["DEMO-ABCD-EFGH-JKLM", "DEMO-ABCD-EFGZ-JKLM", "DEMO-WXYZ-WXYZ-0002"]);
    expect(alike).toEqual(["DEMO-••••H-JKLM", "DEMO-••••Z-JKLM", "DEMO••••0002"]);
    expect(maskCodes(["AAAA0002", "BBBB0002"])).toEqual(["••••A0002", "••••B0002"]);
    // Differing only where no mask may show: they stay alike rather than show a whole code.
    const close = maskCodes(["AB-1-CD", "AB-2-CD"]);
    for (const [i, code] of ["AB-1-CD", "AB-2-CD"].entries())
      expect(close[i]?.replace(/•/g, "").length).toBeLessThanOrEqual(code.length - 2);
  });
});

describe("parseImport", () => {
  it("numbers lines from 1 (plus the offset), skips blanks, and refuses repeats, long and control characters", () => {
    const parsed = parseImport("A\n\n  B  \nA\nC\tD\n" + "x".repeat(201), "text", 100);
    expect(parsed.codes).toEqual([
      { line: 101, code: "A" },
      { line: 103, code: "B" },
    ]);
    expect(parsed.refused).toEqual([
      { line: 104, reason: "duplicate_in_file" },
      { line: 105, reason: "invalid_characters" },
      { line: 106, reason: "too_long" },
    ]);
    expect({ lines: parsed.lines, blank: parsed.blank }).toEqual({ lines: 6, blank: 1 });
  });

  it("reads a CSV's first cell, quoted or not, and skips a 'code' header", () => {
    const parsed = parseImport('Code,sku\n"A,1",x\nB,y\r\n"C ""q""",z\nD;note', "csv");
    expect(parsed.codes.map((c) => c.code)).toEqual(["A,1", "B", 'C "q"', "D"]);
    expect(parsed.blank).toBe(1);
  });
});
