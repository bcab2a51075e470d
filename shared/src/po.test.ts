import { describe, expect, it } from "vitest";
import { parsePo, translate } from "./po.ts";

const PO = `msgid ""
msgstr ""
"Language: ar\\n"

#: src/a.tsx:1
msgid "Add to cart"
msgstr "أضف إلى السلة"

msgid "Not translated"
msgstr ""

msgctxt "menu"
msgid "Open"
msgstr "فتح"

msgid ""
"From "
"{0}"
msgstr "ابتداءً من {0}"

msgid "Say \\"hi\\""
msgstr "قل \\"مرحبا\\""
`;

describe("parsePo", () => {
  const messages = parsePo(PO);

  it("reads each message with its translation, across continued lines and escapes", () => {
    expect(messages["Add to cart"]).toBe("أضف إلى السلة");
    expect(messages["From {0}"]).toBe("ابتداءً من {0}");
    expect(messages['Say "hi"']).toBe('قل "مرحبا"');
  });

  it("leaves out the header and untranslated entries, and keys a context apart", () => {
    expect(messages[""]).toBeUndefined();
    expect(messages["Not translated"]).toBeUndefined();
    expect(messages["Open"]).toBeUndefined();
    expect(messages["menu\u0004Open"]).toBe("فتح");
  });
});

describe("translate", () => {
  it("fills placeholders, and falls back to the English message", () => {
    const messages = parsePo(PO);
    expect(translate(messages, "From {0}", { 0: "5,00 $" })).toBe("ابتداءً من 5,00 $");
    expect(translate(messages, "Missing {n}", { n: 2 })).toBe("Missing 2");
  });
});
