import { describe, expect, it } from "vitest";
import PostalMime from "postal-mime";
import { buildRfc822 } from "./rfc822.ts";

/** A message written by buildRfc822 (an Arabic order confirmation unless told otherwise), as a MIME parser reads it. */
function readBack(fields: Partial<Parameters<typeof buildRfc822>[0]> = {}) {
  return PostalMime.parse(
    buildRfc822({
      from: "Boutique Élite <no-reply@store.local>",
      to: "amira@example.com",
      subject: "تم تأكيد الطلب PNR-ABCD1234",
      text: "مرحبًا\nline two — ok",
      html: '<html dir="rtl"><body><p>مرحبًا</p></body></html>',
      ...fields,
    }),
  );
}

describe("dev mailbox .eml writer", () => {
  it("writes a message that a MIME parser reads back, in any script", async () => {
    const mail = await readBack();
    expect(mail.subject).toBe("تم تأكيد الطلب PNR-ABCD1234");
    expect(mail.from?.name).toBe("Boutique Élite");
    expect(mail.from?.address).toBe("no-reply@store.local");
    expect(mail.to?.[0]?.address).toBe("amira@example.com");
    expect(mail.text?.trim()).toBe("مرحبًا\nline two — ok");
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.messageId).toMatch(/@store\.local>$/);
  });

  it("keeps header injection out of the headers", async () => {
    const mail = await readBack({ subject: "Hi\r\nBcc: evil@x.io" });
    expect(mail.bcc).toBeUndefined();
    expect(mail.subject).toBe("Hi Bcc: evil@x.io");
  });

  it("writes long bodies in base64 lines of at most 76 characters that read back whole", async () => {
    // 1,000 Arabic letters (2 bytes each) and an ASCII tail: lines cut at 76 characters, the last one shorter.
    const text = `${"م".repeat(1_000)} tail`;
    const raw = buildRfc822({ from: "s@store.local", to: "a@example.com", subject: "s", text, html: "<p>x</p>" });
    const bodyLines = raw
      .toString("utf8")
      .split("\n")
      .filter((line) => /^[A-Za-z0-9+/=]+$/.test(line));
    expect(bodyLines.length).toBeGreaterThan(26);
    for (const line of bodyLines) expect(line.length).toBeLessThanOrEqual(76);
    expect(bodyLines.filter((line) => line.length < 76).length).toBeLessThanOrEqual(2);
    expect((await PostalMime.parse(raw)).text?.trim()).toBe(text);
  });
});
