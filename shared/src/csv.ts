/** Reading a code import's .csv (docs/product.md, "Products"): a line's first cell is its code. The server imports
 * by this rule and the console's preview (line warnings, duplicates within the file) reads the same lines by it, so
 * what the preview shows is what the server stores.
 *
 * A cell ends at a comma or a semicolon: spreadsheets set to a French or Arabic locale save their "CSV" with
 * semicolons, and a code cut at a semicolon is a far smaller risk than a whole "CODE;note" line imported as one code.
 * A cell in double quotes may hold either, and "" inside it stands for one quote; an unclosed quote runs to the end
 * of the line. The cell is trimmed. */
export function firstCsvCell(line: string): string {
  const s = line.trimStart();
  if (!s.startsWith('"')) return (/^[^,;]*/.exec(s)?.[0] ?? "").trim();
  let out = "";
  for (let i = 1; i < s.length; i++) {
    const ch = s[i];
    if (ch !== '"') out += ch;
    else if (s[i + 1] === '"') {
      out += '"';
      i++;
    } else break;
  }
  return out.trim();
}
