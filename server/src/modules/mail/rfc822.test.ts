import { describe, expect, it } from "vitest";
import PostalMime from "postal-mime";
import { buildRfc822 } from "./rfc822.ts";

describe("dev mailbox .eml writer", () => {
  it("writes a message that a MIME parser reads back, in any script", async () => {
    const raw = buildRfc822({
      from: "Boutique Élite <no-reply@store.local>",
      to: "amira@example.com",
      subject: "تم تأكيد الطلب PNR-ABCD1234",
      text: "مرحبًا\nline two — ok",
      html: '<html dir="rtl"><body><p>مرحبًا</p></body></html>',
    });
    const mail = await PostalMime.parse(raw);
    expect(mail.subject).toBe("تم تأكيد الطلب PNR-ABCD1234");
    expect(mail.from?.name).toBe("Boutique Élite");
    expect(mail.from?.address).toBe("no-reply@store.local");
    expect(mail.to?.[0]?.address).toBe("amira@example.com");
    expect(mail.text?.trim()).toBe("مرحبًا\nline two — ok");
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.messageId).toMatch(/@store\.local>$/);
  });

  it("keeps header injection out of the headers", async () => {
    const raw = buildRfc822({
      from: "a@b.co",
      to: "c@d.co",
      subject: "Hi\r\nBcc: evil@x.io",
      text: "t",
      html: "<p>t</p>",
    });
    const mail = await PostalMime.parse(raw);
    expect(mail.bcc).toBeUndefined();
    expect(mail.subject).toBe("Hi Bcc: evil@x.io");
  });
});
