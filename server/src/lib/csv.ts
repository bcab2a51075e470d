/** CSV cells that spreadsheets cannot turn into formulas (OWASP CSV injection) and that survive commas and quotes. */
export function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvLine(cells: string[]): string {
  return cells.map(csvCell).join(",");
}
